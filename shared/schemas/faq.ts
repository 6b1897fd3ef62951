import { z } from 'zod';
import { FAQ_CATEGORIES, MAX_LENGTH } from '../constants';
import { bool, formNumber, requiredText } from './fields';

export const FAQ_MESSAGES = {
  question: 'Question is required',
  answer: 'Answer is required',
  category: 'Category is required',
  categoryInvalid: `Category must be one of: ${FAQ_CATEGORIES.join(', ')}`,
  order: 'Order must be a positive number',
  isActive: 'isActive must be true or false',
} as const;

const M = FAQ_MESSAGES;

export const faqSchema = z.object({
  question: requiredText(M.question, MAX_LENGTH.question, 'en'),
  answer: requiredText(M.answer, MAX_LENGTH.description, 'en'),
  category: requiredText(M.category, MAX_LENGTH.shortText, 'en')
    .pipe(z.enum(FAQ_CATEGORIES, { error: M.categoryInvalid }))
    .default('general'),
  order: formNumber(M.order, { min: 0, max: MAX_LENGTH.order, integer: true }).default(0),
  isActive: bool(M.isActive).default(true),
});

export type FaqRawInput = z.input<typeof faqSchema>;
export type FaqInput = z.output<typeof faqSchema>;
/** Alias of FaqInput (the parsed values). */
export type FaqValues = FaqInput;
