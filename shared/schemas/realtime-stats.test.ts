import { describe, expect, it } from 'vitest';
import type { RealtimeStats } from '../types';
import { parseRealtimeStatsFrame } from './realtime-stats';

const stats: RealtimeStats = {
  currentVisitors: 3,
  todayVisitors: 40,
  pageViewsLastHour: 12,
  ctaClicksLastHour: 2,
  searchesLastHour: 1,
  topCountries: [{ country: 'Indonesia', count: 30 }],
  topPages: [{ path: '/', views: 10 }],
};
const frame = (message: unknown) => JSON.stringify(message);

describe('the live-stats message', () => {
  it('gives the figures of a realtime_stats frame', () => {
    expect(parseRealtimeStatsFrame(frame({ type: 'realtime_stats', data: stats }))).toEqual(stats);
    expect(
      parseRealtimeStatsFrame(
        frame({ type: 'realtime_stats', data: { ...stats, topCountries: [], topPages: [] } }),
      ),
    ).toEqual({ ...stats, topCountries: [], topPages: [] });
  });

  it('drops keys it does not know', () => {
    const parsed = parseRealtimeStatsFrame(
      frame({ type: 'realtime_stats', data: { ...stats, extra: 1 }, also: true }),
    );
    expect(parsed).toEqual(stats);
  });

  it.each([
    ['another type', frame({ type: 'something_else', data: stats })],
    ['no type', frame({ data: stats })],
    ['no data', frame({ type: 'realtime_stats' })],
    ['a figure missing', frame({ type: 'realtime_stats', data: { currentVisitors: 1 } })],
    ['a figure as text', frame({ type: 'realtime_stats', data: { ...stats, todayVisitors: '4' } })],
    [
      'a negative count',
      frame({ type: 'realtime_stats', data: { ...stats, currentVisitors: -1 } }),
    ],
    ['a fraction', frame({ type: 'realtime_stats', data: { ...stats, searchesLastHour: 0.5 } })],
    ['a null list', frame({ type: 'realtime_stats', data: { ...stats, topPages: null } })],
    [
      'a bad list entry',
      frame({ type: 'realtime_stats', data: { ...stats, topCountries: [{ country: 1 }] } }),
    ],
    ['bad JSON', '{"type":"realtime_stats",'],
    ['plain text', 'not json'],
    ['JSON null', 'null'],
    ['a JSON array', '[1]'],
    ['a binary frame', new ArrayBuffer(2)],
    ['nothing', undefined],
  ])('ignores %s', (_name, input) => {
    expect(parseRealtimeStatsFrame(input)).toBeNull();
  });
});
