import { z } from 'zod';
import {
  LIMITS,
  MAX_LENGTH,
  POPUP_DEFAULTS,
  POPUP_IMAGE_POSITIONS,
  POPUP_TYPES,
  type PopupImagePosition,
  type PopupType,
} from '../constants';
import {
  bool,
  formNumber,
  imageUrlOrEmpty,
  isoDate,
  linkTargetOrEmpty,
  oneOf,
  requiredText,
  tooLongMessage,
} from './fields';
import { isPagePath } from './meta-tag';

export const POPUP_MESSAGES = {
  title: 'Popup title is required',
  content: 'Popup content is required',
  type: `Popup type must be one of: ${POPUP_TYPES.join(', ')}`,
  targetUrl: 'Invalid target URL',
  imageUrl: 'Invalid image URL',
  imagePosition: `Image position must be one of: ${POPUP_IMAGE_POSITIONS.join(', ')}`,
  backgroundColor: 'Background color must be a hex color such as #ffffff',
  textColor: 'Text color must be a hex color such as #000000',
  startDate: 'Start date must be a valid date',
  endDate: 'End date must be a valid date',
  endBeforeStart: 'End date must not be before start date',
  showOnPages: 'Show on pages must be * or a comma-separated list of paths starting with /',
  triggerAfterSeconds: `Trigger delay must be a whole number of seconds from 0 to ${LIMITS.popupTriggerMaxSeconds}`,
  isActive: 'isActive must be true or false',
} as const;

const M = POPUP_MESSAGES;

const DAY_MS = 24 * 60 * 60 * 1000;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function hexColor(message: string, fallback: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(HEX_COLOR, message)
    .transform((color) => color.toLowerCase())
    .default(fallback);
}

function isPageList(value: string): boolean {
  const pages = value.split(',').map((p) => p.trim());
  return pages.length > 0 && pages.every((p) => isPagePath(p));
}

/**
 * Popup form and update input. Dates are ISO strings or Dates and come out as Dates. A missing
 * date is an error here, so an update never silently moves a running campaign to "from now";
 * a create fills the spec's default campaign in first (popupCreateSchema).
 */
export const popupSchema = z
  .object({
    title: requiredText(M.title, MAX_LENGTH.title, 'en'),
    content: requiredText(M.content, MAX_LENGTH.description, 'en'),
    type: oneOf(POPUP_TYPES, M.type),
    // Empty becomes null so an update clears a previously set link.
    // A page of the site ('/promo-hari-ini') opens in place; an http(s) URL in a new tab.
    targetUrl: linkTargetOrEmpty(M.targetUrl).transform((url) => url || null),
    buttonText: z
      .string()
      .trim()
      .max(MAX_LENGTH.shortText, tooLongMessage('en', MAX_LENGTH.shortText))
      .nullish()
      .transform((text) => text || POPUP_DEFAULTS.buttonText),
    backgroundColor: hexColor(M.backgroundColor, POPUP_DEFAULTS.backgroundColor),
    textColor: hexColor(M.textColor, POPUP_DEFAULTS.textColor),
    imageUrl: imageUrlOrEmpty(M.imageUrl).transform((url) => url || null),
    imagePosition: oneOf(POPUP_IMAGE_POSITIONS, M.imagePosition).default(
      POPUP_DEFAULTS.imagePosition,
    ),
    startDate: isoDate(M.startDate),
    endDate: isoDate(M.endDate),
    showOnPages: z
      .string({ error: M.showOnPages })
      .trim()
      .max(MAX_LENGTH.pageList, M.showOnPages)
      .refine((pages) => isPageList(pages), M.showOnPages)
      .default(POPUP_DEFAULTS.showOnPages),
    triggerAfterSeconds: formNumber(M.triggerAfterSeconds, {
      min: 0,
      max: LIMITS.popupTriggerMaxSeconds,
      integer: true,
    }).default(POPUP_DEFAULTS.triggerAfterSeconds),
    isActive: bool(M.isActive).default(true),
  })
  .refine((popup) => popup.endDate.getTime() >= popup.startDate.getTime(), {
    message: M.endBeforeStart,
    path: ['endDate'],
  });

/** A date the client left out: absent, null or blank. */
function isMissingDate(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && !value.trim());
}

/**
 * Spec section 5 and 9: a campaign created without dates runs 7 days from now. A start date
 * alone gets the 7 days after it; an end date alone starts now.
 */
export function withDefaultCampaign(body: unknown, now: Date = new Date()): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const input = body as Record<string, unknown>;
  const filled = { ...input };
  if (isMissingDate(input.startDate)) filled.startDate = now.toISOString();
  if (isMissingDate(input.endDate)) {
    const start = isoDate(M.startDate).safeParse(filled.startDate);
    if (start.success) {
      filled.endDate = new Date(
        start.data.getTime() + POPUP_DEFAULTS.campaignDays * DAY_MS,
      ).toISOString();
    }
  }
  return filled;
}

/** POST /api/admin/popups: the popup input, with the default campaign when dates are left out. */
export const popupCreateSchema = z.preprocess((body) => withDefaultCampaign(body), popupSchema);

export type PopupRawInput = z.input<typeof popupSchema>;
export type PopupInput = z.output<typeof popupSchema>;
/** Alias of PopupInput (the parsed values). */
export type PopupValues = PopupInput;

/** Initial values of the popup form. */
export interface PopupFormValues {
  title: string;
  content: string;
  type: PopupType;
  targetUrl: string;
  buttonText: string;
  backgroundColor: string;
  textColor: string;
  imageUrl: string;
  imagePosition: PopupImagePosition;
  startDate: Date;
  endDate: Date;
  showOnPages: string;
  triggerAfterSeconds: number;
  isActive: boolean;
}

/** Defaults of spec section 5, with a campaign running 7 days from `now`. */
export function defaultPopupValues(now: Date = new Date()): PopupFormValues {
  return {
    title: '',
    content: '',
    type: POPUP_DEFAULTS.type,
    targetUrl: '',
    buttonText: POPUP_DEFAULTS.buttonText,
    backgroundColor: POPUP_DEFAULTS.backgroundColor,
    textColor: POPUP_DEFAULTS.textColor,
    imageUrl: '',
    imagePosition: POPUP_DEFAULTS.imagePosition,
    startDate: new Date(now.getTime()),
    endDate: new Date(now.getTime() + POPUP_DEFAULTS.campaignDays * DAY_MS),
    showOnPages: POPUP_DEFAULTS.showOnPages,
    triggerAfterSeconds: POPUP_DEFAULTS.triggerAfterSeconds,
    isActive: true,
  };
}

// Compile-time check that the form defaults are acceptable schema input.
type AssertPopupRawInput<T extends PopupRawInput> = T;
type _PopupFormValuesFitSchema = AssertPopupRawInput<PopupFormValues>;
