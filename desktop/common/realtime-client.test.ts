import { describe, expect, it } from 'vitest';
import type { RealtimeStats } from '@shared/types';
import { LiveConnection, socketLike, type SocketLike } from './realtime-client';

const stats: RealtimeStats = {
  currentVisitors: 5,
  todayVisitors: 50,
  pageViewsLastHour: 20,
  ctaClicksLastHour: 4,
  searchesLastHour: 3,
  topCountries: [{ country: 'Indonesia', count: 45 }],
  topPages: [{ path: '/promo-hari-ini', views: 9 }],
};

function connectedLive() {
  let socket: SocketLike | null = null;
  const live = new LiveConnection({
    createSocket: () => (socket = socketLike(() => undefined)),
    timer: { set: () => null, clear: () => undefined },
  });
  live.connect('ws://server.test/ws');
  socket!.onopen?.({});
  const send = (data: unknown) => socket!.onmessage?.({ data });
  return { live, send };
}

describe('the desktop live connection', () => {
  it('takes the figures of a well-formed realtime_stats message', () => {
    const { live, send } = connectedLive();
    send(JSON.stringify({ type: 'realtime_stats', data: stats }));
    expect(live.snapshot).toEqual({ status: 'Live', stats });
  });

  it('ignores every other frame and keeps the figures it has', () => {
    const { live, send } = connectedLive();
    send(JSON.stringify({ type: 'realtime_stats', data: stats }));
    for (const frame of [
      'not json',
      JSON.stringify({ type: 'other', data: { ...stats, currentVisitors: 99 } }),
      JSON.stringify({ type: 'realtime_stats', data: { currentVisitors: 99 } }),
      JSON.stringify({ type: 'realtime_stats', data: { ...stats, todayVisitors: '99' } }),
      new ArrayBuffer(4),
    ]) {
      expect(() => send(frame)).not.toThrow();
    }
    expect(live.snapshot).toEqual({ status: 'Live', stats });
  });
});
