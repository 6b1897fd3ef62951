import { useEffect, useState } from 'react';
import { useSite } from './site-context';

/** A clock that starts at `initial` and reads Date.now() on mount and every `intervalMs`. */
function useTicking<T extends number | null>(initial: T, intervalMs: number): number | T {
  const [now, setNow] = useState<number | T>(initial);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The current time, refreshed every `intervalMs`; starts at the server's render time. */
export function useNow(intervalMs: number): number {
  const { renderedAt } = useSite();
  return useTicking(renderedAt || Date.now(), intervalMs);
}

/**
 * Like useNow, but null until the page runs in the browser: for values that depend on the
 * visitor's own time zone, which the server cannot know.
 */
export function useBrowserNow(intervalMs: number): number | null {
  return useTicking(null, intervalMs);
}
