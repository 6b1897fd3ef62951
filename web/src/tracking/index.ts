// The page's single tracker. Components call track(); before the tracker starts (or on the
// server) events are kept and sent once it runs.
import { Tracker, type NamedEvent, type TrackerOptions } from './tracker';

let tracker: Tracker | null = null;
const early: NamedEvent[] = [];

export function startTracking(options: TrackerOptions): Tracker {
  if (tracker) return tracker;
  tracker = new Tracker(options);
  tracker.start();
  for (const event of early.splice(0)) tracker.track(event);
  return tracker;
}

export function track(event: NamedEvent): void {
  if (typeof window === 'undefined') return;
  if (tracker) tracker.track(event);
  else if (early.length < 100) early.push(event);
}

export type { NamedEvent };
