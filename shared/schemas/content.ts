import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { bool, requiredText } from './fields';

export const CONTENT_MESSAGES = {
  key: 'Key is required',
  keyFormat: 'Key may only contain lowercase letters, digits and underscores',
  keyReserved: 'This key is reserved',
  title: 'Title is required',
  data: 'Data must be valid JSON',
  dataTooLong: `Data must be at most ${MAX_LENGTH.contentData} characters`,
  isActive: 'isActive must be true or false',
} as const;

const M = CONTENT_MESSAGES;

/** Names of JavaScript's object machinery: a block under one would haunt every key lookup. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Body of PUT /api/admin/content/{key}; data is JSON text (see contact.ts and hero.ts). */
export const contentUpdateSchema = z.object({
  key: requiredText(M.key, MAX_LENGTH.contentKey, 'en')
    .regex(/^[a-z0-9_]+$/, M.keyFormat)
    .refine((key) => !RESERVED_KEYS.has(key), M.keyReserved),
  title: requiredText(M.title, MAX_LENGTH.title, 'en'),
  data: z
    .string({ error: M.data })
    .max(MAX_LENGTH.contentData, M.dataTooLong)
    .refine((text) => isJson(text), M.data),
  isActive: bool(M.isActive).default(true),
});

export type ContentUpdateRawInput = z.input<typeof contentUpdateSchema>;
export type ContentUpdateInput = z.output<typeof contentUpdateSchema>;
/** Alias of ContentUpdateInput (the parsed values). */
export type ContentUpdateValues = ContentUpdateInput;
