import { z } from 'zod';
import { MAX_LENGTH } from '../constants';
import { httpUrlOrEmpty, requiredText, tooLongMessage } from './fields';

export const CONTACT_MESSAGES = {
  companyName: 'Company name is required',
  address: 'Address is required',
  phone: 'Phone is required',
  email: 'Invalid email format',
  whatsapp: 'WhatsApp number is required',
  description: 'Description is required',
  weekdaysHours: 'Weekdays hours required',
  weekendHours: 'Weekend hours required',
  facebook: 'Invalid Facebook URL',
  instagram: 'Invalid Instagram URL',
  twitter: 'Invalid Twitter URL',
  youtube: 'Invalid YouTube URL',
} as const;

const M = CONTACT_MESSAGES;

/**
 * The contact_us content data, in the nested shape it is stored and read in (ContactContent).
 * Form fields use the same paths, e.g. 'businessHours.weekdays' and 'socialMedia.facebook'.
 */
export const contactContentSchema = z.object({
  companyName: requiredText(M.companyName, MAX_LENGTH.title, 'en'),
  address: requiredText(M.address, MAX_LENGTH.question, 'en'),
  phone: requiredText(M.phone, MAX_LENGTH.shortText, 'en'),
  email: z
    .string({ error: M.email })
    .trim()
    .max(254, tooLongMessage('en', 254))
    .pipe(z.email(M.email)),
  whatsapp: requiredText(M.whatsapp, MAX_LENGTH.shortText, 'en'),
  description: requiredText(M.description, MAX_LENGTH.description, 'en'),
  businessHours: z.object(
    {
      weekdays: requiredText(M.weekdaysHours, MAX_LENGTH.name, 'en'),
      weekend: requiredText(M.weekendHours, MAX_LENGTH.name, 'en'),
    },
    { error: M.weekdaysHours },
  ),
  socialMedia: z
    .object({
      facebook: httpUrlOrEmpty(M.facebook),
      instagram: httpUrlOrEmpty(M.instagram),
      twitter: httpUrlOrEmpty(M.twitter),
      youtube: httpUrlOrEmpty(M.youtube),
    })
    .default({ facebook: '', instagram: '', twitter: '', youtube: '' }),
});

export type ContactContentRawInput = z.input<typeof contactContentSchema>;
export type ContactContentInput = z.output<typeof contactContentSchema>;
/** Alias of ContactContentInput (the parsed values). */
export type ContactContentValues = ContactContentInput;
