// Quiet hours: a daily window in local time in which no native notification is shown (the tray
// and the status bar still update). Pure, so the main process and the browser bridge agree.
import type { QuietHours } from '@shared/desktop-bridge';

function minutesOfDay(time: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * True inside [start, end) on the local clock. A start after the end spans midnight
 * (22:00-07:00 is quiet at 23:30 and at 06:59, not at 07:00); equal times mean no quiet hours.
 */
export function isQuietTime(settings: { quietHours: QuietHours }, now: Date): boolean {
  const { enabled, start, end } = settings.quietHours;
  if (!enabled) return false;
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  if (from === null || to === null || from === to) return false;
  const current = now.getHours() * 60 + now.getMinutes();
  return from < to ? current >= from && current < to : current >= from || current < to;
}
