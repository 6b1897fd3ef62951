// Messages visitors send over /ws (spec section 3). Visitor input is untrusted: every field is
// bounded, and unknown keys are stripped.
import { z } from 'zod';
import { MAX_LENGTH, TRACKING_EVENT_TYPES } from '../constants';

export { TRACKING_EVENT_TYPES, type TrackingEventType } from '../constants';

export const TRACKING_MESSAGES = {
  type: `Unknown message type; expected one of: session, pageview, event`,
  sessionId: `sessionId must be 1-${MAX_LENGTH.sessionId} letters, digits, '-' or '_'`,
  timestamp: 'timestamp must be epoch milliseconds or an ISO date string',
  text: `Must be a string of at most ${MAX_LENGTH.trackingText} characters`,
  userAgent: `userAgent must be at most ${MAX_LENGTH.userAgent} characters`,
  url: `Must be at most ${MAX_LENGTH.url} characters`,
  path: 'path must start with / and be at most 2048 characters',
  title: `title must be at most ${MAX_LENGTH.title} characters`,
  duration: 'duration must be a whole number of milliseconds between 0 and 24 hours',
  eventType: `eventType must be 1-${MAX_LENGTH.eventType} lowercase letters, digits or '_'`,
  eventData: 'eventData must be a JSON string',
  eventDataTooLong: `eventData must be at most ${MAX_LENGTH.eventData} characters`,
  eventDataJson: 'eventData must be valid JSON',
  id: `Must be a string of at most ${MAX_LENGTH.id} characters`,
  platform: 'platform must be a string of at most 50 characters',
  utm: 'utm values must be strings of at most 100 characters',
  flag: 'Must be true or false',
} as const;

/** utm_source, utm_medium and utm_campaign are kept up to this many characters. */
export const UTM_MAX = 100;

const M = TRACKING_MESSAGES;
const DAY_MS = 24 * 60 * 60 * 1000;

const sessionId = z
  .string({ error: M.sessionId })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${MAX_LENGTH.sessionId}}$`), M.sessionId);

/** Epoch milliseconds or an ISO string, normalised to epoch milliseconds. */
const timestamp = z
  .union([z.number(), z.string().max(64)], { error: M.timestamp })
  .transform((value, ctx) => {
    const ms = typeof value === 'number' ? value : Date.parse(value);
    if (!Number.isFinite(ms) || ms < 0) {
      ctx.addIssue({ code: 'custom', message: M.timestamp, input: value });
      return z.NEVER;
    }
    return Math.round(ms);
  });

function boundedText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((text) => text ?? '');
}

function optionalId(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((id) => id || undefined);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A utm value, cut to UTM_MAX characters (a long campaign name never loses the page view). */
const utmText = z
  .string({ error: M.utm })
  .max(MAX_LENGTH.url, M.utm)
  .nullish()
  .transform((text) => (text == null ? undefined : text.trim().slice(0, UTM_MAX)));

export const sessionMessageSchema = z.object({
  type: z.literal('session'),
  sessionId,
  country: boundedText(MAX_LENGTH.trackingText, M.text),
  city: boundedText(MAX_LENGTH.trackingText, M.text),
  ipAddress: boundedText(MAX_LENGTH.trackingText, M.text),
  device: boundedText(MAX_LENGTH.trackingText, M.text),
  browser: boundedText(MAX_LENGTH.trackingText, M.text),
  userAgent: boundedText(MAX_LENGTH.userAgent, M.userAgent),
  referrer: boundedText(MAX_LENGTH.url, M.url),
  timestamp,
});

export const pageviewMessageSchema = z.object({
  type: z.literal('pageview'),
  sessionId,
  path: z
    .string({ error: M.path })
    .trim()
    .max(MAX_LENGTH.path, M.path)
    .refine((path) => path.startsWith('/'), M.path),
  title: boundedText(MAX_LENGTH.title, M.title),
  timestamp,
  duration: z
    .number({ error: M.duration })
    .int(M.duration)
    .min(0, M.duration)
    .max(DAY_MS, M.duration)
    .optional(),
  // The visit's first page view (`landing: true`) carries where the visit came from:
  // document.referrer and the landing address's utm_source/medium/campaign.
  landing: z.boolean({ error: M.flag }).optional(),
  referrer: z
    .string({ error: M.url })
    .max(MAX_LENGTH.url, M.url)
    .nullish()
    .transform((text) => (text == null ? undefined : text.trim())),
  utmSource: utmText,
  utmMedium: utmText,
  utmCampaign: utmText,
  /** navigator.webdriver: an automated browser, counted as a bot. */
  webdriver: z.boolean({ error: M.flag }).optional(),
});

export const eventMessageSchema = z.object({
  type: z.literal('event'),
  sessionId,
  eventType: z
    .string({ error: M.eventType })
    .regex(new RegExp(`^[a-z][a-z0-9_]{0,${MAX_LENGTH.eventType - 1}}$`), M.eventType),
  eventData: z
    .string({ error: M.eventData })
    .max(MAX_LENGTH.eventData, M.eventDataTooLong)
    .refine((text) => isJson(text), M.eventDataJson)
    .default('{}'),
  timestamp,
  productId: optionalId(M.id, MAX_LENGTH.id),
  categoryId: optionalId(M.id, MAX_LENGTH.id),
  platform: optionalId(M.platform, MAX_LENGTH.shortText),
});

export const trackingMessageSchema = z.discriminatedUnion(
  'type',
  [sessionMessageSchema, pageviewMessageSchema, eventMessageSchema],
  { error: M.type },
);

export type SessionMessageRawInput = z.input<typeof sessionMessageSchema>;
export type SessionMessage = z.output<typeof sessionMessageSchema>;
export type PageviewMessageRawInput = z.input<typeof pageviewMessageSchema>;
export type PageviewMessage = z.output<typeof pageviewMessageSchema>;
export type EventMessageRawInput = z.input<typeof eventMessageSchema>;
export type EventMessage = z.output<typeof eventMessageSchema>;
export type TrackingMessageRawInput = z.input<typeof trackingMessageSchema>;
export type TrackingMessage = z.output<typeof trackingMessageSchema>;

export function isKnownEventType(
  eventType: string,
): eventType is (typeof TRACKING_EVENT_TYPES)[number] {
  return (TRACKING_EVENT_TYPES as readonly string[]).includes(eventType);
}
