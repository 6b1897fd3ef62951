import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@shared/api-client';

/**
 * Puts the server's 400 field messages ({errors: {field: message}}) on the form's fields.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const known = fields.some((name) => field === name || field.startsWith(`${name}.`));
    if (!known) continue;
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** Keeps a busy state visible for at least `ms` (spec: save busy state about 1 s). */
export async function atLeast<T>(promise: Promise<T>, ms: number): Promise<T> {
  const [result] = await Promise.allSettled([
    promise,
    new Promise((resolve) => setTimeout(resolve, ms)),
  ]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
