// The live-stats message the server pushes to admin sockets over /ws (spec section 4), checked
// by every reader alike: the admin's analytics screen and the desktop app. A frame that is not
// one (another type, bad JSON, a figure missing or not a count) is ignored, never drawn.
import { z } from 'zod';
import type { RealtimeStats } from '../types';

const count = z.number().int().nonnegative();

export const realtimeStatsSchema = z.object({
  currentVisitors: count,
  todayVisitors: count,
  pageViewsLastHour: count,
  ctaClicksLastHour: count,
  searchesLastHour: count,
  ctaClicksSameHourLastWeek: count.optional(),
  topCountries: z.array(z.object({ country: z.string(), count })),
  topPages: z.array(z.object({ path: z.string(), views: count })),
}) satisfies z.ZodType<RealtimeStats>;

export const realtimeStatsMessageSchema = z.object({
  type: z.literal('realtime_stats'),
  data: realtimeStatsSchema,
});

/** The figures of a realtime_stats socket frame (JSON text); null for anything else. */
export function parseRealtimeStatsFrame(frame: unknown): RealtimeStats | null {
  if (typeof frame !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return null;
  }
  const parsed = realtimeStatsMessageSchema.safeParse(message);
  return parsed.success ? parsed.data.data : null;
}
