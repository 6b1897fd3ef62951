import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { requiredText, tooLongMessage } from './fields';

export const LOGIN_MESSAGES = {
  username: 'Username is required',
  password: 'Password is required',
} as const;

export const loginSchema = z.object({
  username: requiredText(LOGIN_MESSAGES.username, MAX_LENGTH.username, 'en'),
  // Not trimmed: spaces can be part of a password.
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, LOGIN_MESSAGES.password)
    .max(MAX_LENGTH.password, tooLongMessage('en', MAX_LENGTH.password)),
});

export type LoginRawInput = z.input<typeof loginSchema>;
export type LoginInput = z.output<typeof loginSchema>;
/** Alias of LoginInput (the parsed values). */
export type LoginValues = LoginInput;
