import { z } from 'zod';
import { notFound } from '../errors';

const INT_ID = /^\d{1,10}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Integer primary keys from the path; anything else is an unknown id (404), not a 500. */
function intId(what: string) {
  const message = `${what} not found`;
  return z
    .string()
    .regex(INT_ID, message)
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2_147_483_647, message);
}

/** Product ids: a UUID in any case, compared in lower case. */
export function uuid(what: string) {
  return z
    .string()
    .regex(UUID, `${what} not found`)
    .transform((text) => text.toLowerCase());
}

/** `/:id` of an integer-keyed record. */
export const idParams = (what: string) => z.object({ id: intId(what) });

/** `/:id` of a product. */
export const productIdParams = z.object({ id: uuid('Product') });

/** A product id that arrives in a body: an unknown one is a 404 like in the path. */
export function uuidId(raw: unknown, what: string): string {
  const text = String(raw ?? '');
  if (!UUID.test(text)) throw notFound(`${what} not found`);
  return text.toLowerCase();
}

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** A query parameter's digits (seven at most), as a number. */
const wholeNumber = () =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number')
    .transform(Number);

/** A whole-number query parameter from 1 to `max`; absent means `fallback`. */
export const positiveInt = (fallback: number, max: number) =>
  wholeNumber()
    .pipe(z.number().int().min(1).max(max))
    .optional()
    .transform((value) => value ?? fallback);

/** `page` of an admin list, from 1; absent asks for the whole list instead of a page. */
export const optionalPage = () => wholeNumber().pipe(z.number().int().min(1)).optional();
