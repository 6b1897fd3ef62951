import { createContext, useContext, useSyncExternalStore } from 'react';
import type { NetworkMonitor, NetworkSnapshot } from './network-monitor';

const NetworkContext = createContext<NetworkMonitor | null>(null);

export const NetworkProvider = NetworkContext.Provider;

const ALWAYS_REACHABLE: NetworkSnapshot = {
  reachable: true,
  lastAnswerAt: null,
  nextRetryAt: null,
  checking: false,
};
const noSubscription = () => () => undefined;

/** Whether the API answers, and when it last did; reachable outside <AdminApp>. */
export function useNetworkStatus(): NetworkSnapshot & { retryNow(): void } {
  const monitor = useContext(NetworkContext);
  const snapshot = useSyncExternalStore(
    monitor?.subscribe ?? noSubscription,
    monitor?.getSnapshot ?? (() => ALWAYS_REACHABLE),
  );
  return { ...snapshot, retryNow: () => monitor?.retryNow() };
}
