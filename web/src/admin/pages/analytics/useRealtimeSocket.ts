import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '@shared/constants';
import { parseRealtimeStatsFrame } from '@shared/schemas/realtime-stats';
import type { RealtimeStats } from '@shared/types';
import { useAdminConfig } from '../../api/ApiContext';
import { queryKeys } from '../../queries/keys';
import { useRealtimeSource } from '../../realtime/RealtimeSourceContext';
import { realtimeSocketUrl } from './socket-url';

export type SocketStatus = 'live' | 'disconnected';

/**
 * The admin analytics socket (spec section 4): Disconnected at start, Live once open,
 * Disconnected on close or error; only well-formed realtime_stats messages update the figures. A closed
 * socket is reopened after 5 seconds while the page is shown.
 */
export function useRealtimeSocket(): SocketStatus {
  const { apiBaseUrl } = useAdminConfig();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('disconnected');
  const source = useRealtimeSource();

  useEffect(() => {
    // The desktop app holds the live connection itself and shares its figures.
    if (!source) return;
    return source.subscribe((snapshot) => {
      setStatus(snapshot.status === 'Live' ? 'live' : 'disconnected');
      if (snapshot.stats)
        queryClient.setQueryData<RealtimeStats>(queryKeys.realtime, snapshot.stats);
    });
  }, [source, queryClient]);

  useEffect(() => {
    if (source) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const connect = () => {
      try {
        socket = new WebSocket(realtimeSocketUrl(apiBaseUrl, window.location));
      } catch (error) {
        console.error('Analytics socket failed to open', error);
        scheduleRetry();
        return;
      }
      socket.onopen = () => setStatus('live');
      socket.onmessage = (event: MessageEvent) => {
        // Checked as the desktop app checks it: anything but whole figures is ignored.
        const stats = parseRealtimeStatsFrame(event.data);
        if (!stats) return;
        // A first GET still in flight must not land after, and overwrite, these newer figures.
        void queryClient
          .cancelQueries({ queryKey: queryKeys.realtime })
          .then(() => queryClient.setQueryData<RealtimeStats>(queryKeys.realtime, stats));
      };
      socket.onerror = (event) => {
        console.error('Analytics socket error', event);
        setStatus('disconnected');
      };
      socket.onclose = () => {
        setStatus('disconnected');
        scheduleRetry();
      };
    };

    const scheduleRetry = () => {
      if (stopped || retry) return;
      retry = setTimeout(() => {
        retry = null;
        if (!stopped) connect();
      }, TIMINGS.socketReconnect);
    };

    connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [apiBaseUrl, queryClient, source]);

  return status;
}
