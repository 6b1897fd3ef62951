import { useEffect, useRef } from 'react';

/**
 * A tab list wider than the screen scrolls sideways; this keeps the selected tab in view (a
 * link to the last tab on a phone would otherwise show the first ones only). Returns the ref
 * for the Tabs.List.
 */
export function useSelectedTabInView<T extends HTMLElement>(selected: string) {
  const list = useRef<T>(null);
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    // Only the list scrolls, never the page: 'nearest' leaves the page where it is.
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);
  return list;
}
