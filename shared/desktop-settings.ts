// Validation for what staff enter in the desktop app's Settings: the server URL and the alert
// thresholds. Used by the main process (store, IPC), the browser bridge and the Settings form.
import { z } from 'zod';
import type { AlertSettings, QuietHours } from './desktop-bridge';

export const SERVER_URL_MESSAGES = {
  required: 'Masukkan alamat server',
  invalid: 'Alamat server harus berupa URL http:// atau https://',
  credentials: 'Alamat server tidak boleh berisi nama pengguna atau kata sandi',
} as const;

/**
 * A server URL as staff type it: http(s) only, no credentials; normalised to origin plus path
 * without a trailing slash, query or fragment ('https://admin.example.com/').
 */
export const serverUrlSchema = z
  .string({ error: SERVER_URL_MESSAGES.required })
  .trim()
  .min(1, SERVER_URL_MESSAGES.required)
  .max(2048, SERVER_URL_MESSAGES.invalid)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: SERVER_URL_MESSAGES.invalid, input: value });
      return z.NEVER;
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      ctx.addIssue({ code: 'custom', message: SERVER_URL_MESSAGES.invalid, input: value });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: SERVER_URL_MESSAGES.credentials, input: value });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  });

const wholeNumber = (min: number, max: number) => z.number().int().min(min).max(max);

export const QUIET_HOURS_MESSAGES = { time: 'Gunakan format jam HH:mm, misalnya 22:00' } as const;
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_HOURS_MESSAGES.time);

export const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '07:00' };

export const quietHoursSchema: z.ZodType<QuietHours> = z
  .object({ enabled: z.boolean(), start: clockTime, end: clockTime })
  .strict();

/** Alert settings as Settings saves them and IPC receives them: bounded, no extra keys. */
export const alertSettingsSchema: z.ZodType<AlertSettings> = z
  .object({
    notificationsEnabled: z.boolean(),
    spikeEnabled: z.boolean(),
    spikeFactor: z.number().min(1.1).max(100),
    spikeMinVisitors: wholeNumber(1, 1_000_000),
    baselineMinutes: wholeNumber(1, 24 * 60),
    burstEnabled: z.boolean(),
    burstClicks: wholeNumber(1, 1_000_000),
    burstWindowMinutes: wholeNumber(1, 60),
    disconnectEnabled: z.boolean(),
    disconnectMinutes: wholeNumber(1, 60),
    quietMinutes: wholeNumber(0, 24 * 60),
    // Settings files written before quiet hours existed keep their thresholds.
    quietHours: quietHoursSchema.default(DEFAULT_QUIET_HOURS),
    // Likewise settings files written before the broken-link alert existed.
    brokenLinksEnabled: z.boolean().default(true),
    // ... and before the feed alert existed.
    feedAlertsEnabled: z.boolean().default(true),
  })
  .strict() as z.ZodType<AlertSettings>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  notificationsEnabled: true,
  spikeEnabled: true,
  spikeFactor: 2,
  spikeMinVisitors: 10,
  baselineMinutes: 15,
  burstEnabled: true,
  burstClicks: 20,
  burstWindowMinutes: 5,
  disconnectEnabled: true,
  disconnectMinutes: 1,
  quietMinutes: 10,
  quietHours: DEFAULT_QUIET_HOURS,
  brokenLinksEnabled: true,
  feedAlertsEnabled: true,
};
