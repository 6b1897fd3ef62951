import { z } from 'zod';
import { MAX_LENGTH } from '../constants';

/** docs/contracts.md#staff-sessions-and-the-audit-log: passwords of at least 10 characters. */
export const MIN_PASSWORD_LENGTH = 10;
/** The users table's column. */
export const MAX_USERNAME_LENGTH = 64;

export const STAFF_MESSAGES = {
  username: 'Username is required',
  usernameChars: 'Username may only contain letters, digits, dot, dash, underscore and @',
  password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_LENGTH.password} characters`,
  disabled: 'Disabled must be true or false',
  currentPassword: 'Current password must be text',
} as const;

const password = z
  .string({ error: STAFF_MESSAGES.password })
  .min(MIN_PASSWORD_LENGTH, STAFF_MESSAGES.password)
  .max(MAX_LENGTH.password, STAFF_MESSAGES.passwordTooLong);

export const userCreateSchema = z.object({
  username: z
    .string({ error: STAFF_MESSAGES.username })
    .trim()
    .min(1, STAFF_MESSAGES.username)
    .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters`)
    .regex(/^[A-Za-z0-9._@-]+$/, STAFF_MESSAGES.usernameChars),
  password,
});

/**
 * `currentPassword` is the acting admin's own password: required (403 when missing or wrong)
 * to set a password or to disable or enable an account, checked by the server.
 */
export const userUpdateSchema = z.object({
  password: password.optional(),
  disabled: z.boolean({ error: STAFF_MESSAGES.disabled }).optional(),
  currentPassword: z
    .string({ error: STAFF_MESSAGES.currentPassword })
    .max(MAX_LENGTH.password, STAFF_MESSAGES.passwordTooLong)
    .optional(),
});

export type UserCreateInput = z.output<typeof userCreateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;
