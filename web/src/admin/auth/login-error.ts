import { isApiError } from '@shared/api-client';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export const LOGIN_FALLBACK = 'Login failed. Please check your credentials.';

/**
 * Spec section 8: the server's message; 'Login failed' when the body cannot be read; otherwise
 * the HTTP status and its text. Anything else falls back to the admin login line's text.
 */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return LOGIN_FALLBACK;
  if (error.details?.message) return error.details.message;
  if (error.body === null) return 'Login failed';
  const text = STATUS_TEXT[error.status];
  return text ? `HTTP ${error.status}: ${text}` : `HTTP ${error.status}`;
}
