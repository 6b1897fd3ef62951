// Where the analytics screen gets its live figures. In the browser nothing is provided and the
// screen opens its own /ws socket; the desktop app provides its bridge, because there the app
// holds the one live connection (it also feeds the tray and the traffic alerts).
import { createContext, useContext } from 'react';
import type { RealtimeSnapshot, Unsubscribe } from '@shared/desktop-bridge';

export interface RealtimeSource {
  /** Calls the listener at once with the current snapshot, then on every change. */
  subscribe(listener: (snapshot: RealtimeSnapshot) => void): Unsubscribe;
}

const RealtimeSourceContext = createContext<RealtimeSource | null>(null);

export const RealtimeSourceProvider = RealtimeSourceContext.Provider;

export function useRealtimeSource(): RealtimeSource | null {
  return useContext(RealtimeSourceContext);
}
