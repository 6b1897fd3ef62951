/** Time left until 23:59:59.999 local time of `now`, as whole hours and minutes. */
export function untilEndOfDay(now: number): { hours: number; minutes: number } {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  const ms = Math.max(0, end.getTime() - now);
  return { hours: Math.floor(ms / 3_600_000), minutes: Math.floor((ms % 3_600_000) / 60_000) };
}
