import { describe, expect, it } from 'vitest';
import type { AlertSettings } from '@shared/desktop-bridge';
import { DEFAULT_ALERT_SETTINGS } from '@shared/desktop-settings';
import { evaluateAll, initialAlertState, type MonitorInput } from './alert-rules';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 21, 3, 0, 0);

/** Feeds inputs in order from a fresh start. */
const run = (inputs: MonitorInput[], settings: AlertSettings = DEFAULT_ALERT_SETTINGS) =>
  evaluateAll(initialAlertState(), inputs, settings);

const stats = (at: number, currentVisitors: number, ctaClicksLastHour = 0): MonitorInput => ({
  type: 'stats',
  at,
  stats: { currentVisitors, ctaClicksLastHour },
});
const status = (at: number, value: 'Live' | 'Disconnected'): MonitorInput => ({
  type: 'status',
  at,
  status: value,
});
const tick = (at: number): MonitorInput => ({ type: 'tick', at });

describe('visitor spike against a rolling baseline', () => {
  it('alerts when visitors reach the minimum and the factor times the baseline', () => {
    const { decisions } = run([
      stats(T0, 4),
      stats(T0 + 5 * MINUTE, 5),
      stats(T0 + 10 * MINUTE, 12),
    ]);
    expect(decisions).toHaveLength(1);
    const [spike] = decisions;
    expect(spike?.kind).toBe('visitor_spike');
    expect(spike?.notify).toBe(true);
    expect(spike?.alert.title).toBe('Lonjakan pengunjung');
    expect(spike?.alert.body).toBe('12 pengunjung aktif, rata-rata 15 menit terakhir 4,5.');
    expect(spike?.alert.route).toBe('/analytics?tab=realtime');
    expect(spike?.reason).toContain('>= 2 x baseline 4.5');
  });

  it('stays silent below the factor or below the minimum visitors', () => {
    expect(run([stats(T0, 8), stats(T0 + MINUTE, 15)]).decisions).toEqual([]);
    expect(run([stats(T0, 1), stats(T0 + MINUTE, 9)]).decisions).toEqual([]);
  });

  it('needs a baseline: the very first figures never count as a spike', () => {
    expect(run([stats(T0, 500)]).decisions).toEqual([]);
  });

  it('weights the baseline by time, so a long quiet hour outweighs a brief blip', () => {
    // 14 minutes at 2 visitors, 1 minute at 30: the baseline is about 3.9, not 16.
    const { decisions } = run([
      stats(T0, 2),
      stats(T0 + 14 * MINUTE, 30),
      stats(T0 + 15 * MINUTE, 12),
    ]);
    expect(decisions.map((d) => d.kind)).toEqual(['visitor_spike', 'visitor_spike']);
    expect(decisions[1]?.notify).toBe(false);
  });

  it('keeps a quiet figure in force when nothing changed for longer than the window', () => {
    // Figures only arrive when they change: 3 visitors held for an hour is still the baseline.
    const { decisions } = run([stats(T0, 3), stats(T0 + 60 * MINUTE, 20)]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.notify).toBe(true);
  });

  it('holds back a second spike inside the quiet period and says why', () => {
    const { decisions } = run([
      stats(T0, 2),
      stats(T0 + MINUTE, 20),
      stats(T0 + 2 * MINUTE, 2),
      stats(T0 + 20 * MINUTE, 2),
      stats(T0 + 25 * MINUTE, 40),
      stats(T0 + 26 * MINUTE, 2),
      stats(T0 + 27 * MINUTE, 60),
    ]);
    expect(decisions.map((d) => [d.kind, d.notify])).toEqual([
      ['visitor_spike', true],
      ['visitor_spike', true],
      ['visitor_spike', false],
    ]);
    expect(decisions[2]?.reason).toMatch(
      /quiet period: the last visitor_spike alert was 2 menit ago/,
    );
  });

  it('follows the thresholds from Settings', () => {
    const settings = { ...DEFAULT_ALERT_SETTINGS, spikeFactor: 5, spikeMinVisitors: 3 };
    expect(run([stats(T0, 2), stats(T0 + MINUTE, 9)], settings).decisions).toEqual([]);
    expect(run([stats(T0, 2), stats(T0 + MINUTE, 10)], settings).decisions).toHaveLength(1);
    const off = { ...DEFAULT_ALERT_SETTINGS, spikeEnabled: false };
    expect(run([stats(T0, 0), stats(T0 + MINUTE, 100)], off).decisions).toEqual([]);
  });

  it('has no quiet period when it is set to 0 minutes', () => {
    const settings = { ...DEFAULT_ALERT_SETTINGS, quietMinutes: 0 };
    const { decisions } = run(
      [stats(T0, 1), stats(T0 + MINUTE, 20), stats(T0 + 2 * MINUTE, 1), stats(T0 + 3 * MINUTE, 30)],
      settings,
    );
    expect(decisions.map((d) => d.notify)).toEqual([true, true]);
  });
});

describe('burst of CTA clicks', () => {
  it('alerts when the hourly click count rises by the threshold within the window', () => {
    const { decisions } = run([
      stats(T0, 5, 100),
      stats(T0 + 2 * MINUTE, 5, 110),
      stats(T0 + 4 * MINUTE, 5, 125),
    ]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.kind).toBe('cta_burst');
    expect(decisions[0]?.alert.body).toBe('25 klik CTA baru dalam 5 menit terakhir.');
  });

  it('does not count clicks spread over more than the window', () => {
    const { decisions } = run([
      stats(T0, 5, 100),
      stats(T0 + 4 * MINUTE, 5, 110),
      stats(T0 + 9 * MINUTE, 5, 119),
    ]);
    expect(decisions).toEqual([]);
  });

  it('respects its own quiet period independently of spikes', () => {
    const { decisions } = run([
      stats(T0, 1, 0),
      stats(T0 + MINUTE, 20, 30),
      stats(T0 + 2 * MINUTE, 20, 60),
    ]);
    expect(decisions.map((d) => [d.kind, d.notify])).toEqual([
      ['visitor_spike', true],
      ['cta_burst', true],
      ['cta_burst', false],
    ]);
  });
});

describe('live connection lost and back', () => {
  it('alerts once after the connection was down for the configured minutes, then when it is back', () => {
    const { decisions } = run([
      status(T0, 'Live'),
      status(T0 + MINUTE, 'Disconnected'),
      tick(T0 + MINUTE + 30_000),
      tick(T0 + 2 * MINUTE),
      tick(T0 + 3 * MINUTE),
      status(T0 + 4 * MINUTE, 'Live'),
    ]);
    expect(decisions.map((d) => [d.kind, d.notify])).toEqual([
      ['connection_lost', true],
      ['connection_restored', true],
    ]);
    expect(decisions[0]?.alert.title).toBe('Koneksi live terputus');
    expect(decisions[1]?.alert.body).toBe('Data live tersambung lagi setelah terputus 3 menit.');
  });

  it('says nothing about a short drop', () => {
    const { decisions } = run([
      status(T0, 'Live'),
      status(T0 + MINUTE, 'Disconnected'),
      tick(T0 + MINUTE + 50_000),
      status(T0 + MINUTE + 55_000, 'Live'),
      tick(T0 + 5 * MINUTE),
    ]);
    expect(decisions).toEqual([]);
  });

  it('never reports an outage before the first connection', () => {
    expect(run([status(T0, 'Disconnected'), tick(T0 + 10 * MINUTE)]).decisions).toEqual([]);
  });

  it('holds back a repeated outage in the quiet period and then stays quiet about its end', () => {
    const { decisions } = run([
      status(T0, 'Live'),
      status(T0 + MINUTE, 'Disconnected'),
      tick(T0 + 2 * MINUTE),
      status(T0 + 3 * MINUTE, 'Live'),
      status(T0 + 4 * MINUTE, 'Disconnected'),
      tick(T0 + 5 * MINUTE),
      tick(T0 + 6 * MINUTE),
      status(T0 + 7 * MINUTE, 'Live'),
    ]);
    expect(decisions.map((d) => [d.kind, d.notify])).toEqual([
      ['connection_lost', true],
      ['connection_restored', true],
      ['connection_lost', false],
    ]);
  });

  it('can be switched off in Settings', () => {
    const settings = { ...DEFAULT_ALERT_SETTINGS, disconnectEnabled: false };
    const inputs = [status(T0, 'Live'), status(T0 + MINUTE, 'Disconnected'), tick(T0 + 9 * MINUTE)];
    expect(run(inputs, settings).decisions).toEqual([]);
  });
});

describe('klik turun: clicks well below the same hour last week', () => {
  const clicks = (at: number, lastHour: number, lastWeek?: number): MonitorInput => ({
    type: 'stats',
    at,
    stats: { currentVisitors: 1, ctaClicksLastHour: lastHour, ctaClicksSameHourLastWeek: lastWeek },
  });

  it('alerts below half of last week, with at least 20 clicks last week', () => {
    const { decisions } = run([clicks(T0, 9, 20)]);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]?.kind).toBe('click_drop');
    expect(decisions[0]?.notify).toBe(true);
    expect(decisions[0]?.alert.title).toBe('Klik turun');
    expect(decisions[0]?.alert.body).toBe(
      '9 klik ke marketplace dalam 60 menit terakhir, 20 pada jam yang sama minggu lalu (turun 55%).',
    );
  });

  it('stays silent at half or more, below 20 last week, or without last week figures', () => {
    expect(run([clicks(T0, 10, 20)]).decisions).toEqual([]);
    expect(run([clicks(T0, 0, 19)]).decisions).toEqual([]);
    expect(run([clicks(T0, 0)]).decisions).toEqual([]);
  });

  it('keeps the quiet period between two drop alerts', () => {
    const { decisions } = run([clicks(T0, 5, 40), clicks(T0 + 5 * MINUTE, 4, 40)]);
    expect(decisions.map((d) => [d.kind, d.notify])).toEqual([
      ['click_drop', true],
      ['click_drop', false],
    ]);
  });
});
