import { useEffect, useState } from 'react';
import { useSite } from './site-context';

/** The current time, refreshed every `intervalMs`; starts at the server's render time. */
export function useNow(intervalMs: number): number {
  const { renderedAt } = useSite();
  const [now, setNow] = useState(renderedAt || Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * Like useNow, but null until the page runs in the browser: for values that depend on the
 * visitor's own time zone, which the server cannot know.
 */
export function useBrowserNow(intervalMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
