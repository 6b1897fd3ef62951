import type { FeedRun } from '../types';

/**
 * A run that read under half of the previous complete run's rows (not an empty feed): it
 * deactivated nothing and raised an alert. Staff who know the feed truly shrank accept its
 * size (`POST /api/admin/feeds/{id}/accept-size`), which makes it the new baseline; the
 * accept is offered on the feed's newest run only.
 */
export function isShrunkRun(
  run: Pick<FeedRun, 'status' | 'complete' | 'rows' | 'notModified'>,
): boolean {
  return run.status === 'done' && !run.complete && !run.notModified && run.rows > 0;
}
