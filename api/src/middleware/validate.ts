import type { ZodType } from 'zod';
import { zodErrorToFields } from '@shared/schemas';
import { badRequest } from '../errors';

/** Parses `input` with a shared schema, or throws a 400 carrying the spec's own messages. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const { message, errors } = zodErrorToFields(result.error);
    throw badRequest(message, errors);
  }
  return result.data;
}
