import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api-client';
import { LOGIN_FALLBACK, loginErrorMessage } from './login-error';

describe('loginErrorMessage', () => {
  it("shows the server's message", () => {
    const error = new ApiError(401, '401: ...', { message: 'Invalid username or password' });
    expect(loginErrorMessage(error)).toBe('Invalid username or password');
  });
  it("reads 'Login failed' when the body is not readable", () => {
    expect(loginErrorMessage(new ApiError(502, '502: Bad Gateway', null))).toBe('Login failed');
  });
  it('reads the HTTP status and its text for a body without a message', () => {
    expect(loginErrorMessage(new ApiError(500, '500: {}', {}))).toBe(
      'HTTP 500: Internal Server Error',
    );
  });
  it('falls back for anything that is not an HTTP error', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(LOGIN_FALLBACK);
  });
});
