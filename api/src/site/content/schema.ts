import { z, type ZodType } from 'zod';
import { contactContentSchema, heroContentSchema } from '@shared/schemas';
import { badRequest } from '../../errors';
import { parseInput } from '../../middleware/validate';

/** `/:key`: anything but a plain key is unknown content (404). */
export const contentKeyParams = z.object({
  key: z.string().regex(/^[a-z0-9_-]{1,64}$/, 'Content not found'),
});

/** The known keys carry structured data that must pass its own form's rules. */
const dataSchemas = new Map<string, ZodType>([
  ['contact_us', contactContentSchema],
  ['homepage_hero', heroContentSchema],
]);

export function checkContentData(key: string, data: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badRequest('Data must be valid JSON', { data: 'Data must be valid JSON' });
  }
  // A Map, not an object literal: '__proto__' or 'constructor' must not find Object's own.
  const schema = dataSchemas.get(key);
  if (schema) parseInput(schema, parsed);
}
