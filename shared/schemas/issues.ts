import type { z } from 'zod';
import type { ApiErrorBody } from '../types';

export const DEFAULT_VALIDATION_MESSAGE = 'Invalid input';

/**
 * The API's 400 body from a zod error: the first message per field path (joined with '.'),
 * and the first field message as the summary. Issues about the whole body (empty path) only
 * feed the summary when no field has a message.
 */
export function zodErrorToFields(error: z.ZodError): Required<ApiErrorBody> {
  const errors: Record<string, string> = {};
  let rootMessage: string | undefined;
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (path === '') {
      rootMessage ??= issue.message;
    } else if (!(path in errors)) {
      errors[path] = issue.message;
    }
  }
  const firstField = Object.values(errors)[0];
  return { message: firstField ?? rootMessage ?? DEFAULT_VALIDATION_MESSAGE, errors };
}
