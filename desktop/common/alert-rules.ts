// Live traffic alerts, decided as data: feed realtime_stats figures, connection changes and
// clock ticks with their timestamps, get back decisions with the reason for each. Pure: no
// Electron, no timers, no I/O, so the browser version of the bridge runs the same rules.
import {
  REALTIME_ROUTE,
  type AlertKind,
  type AlertSettings,
  type DesktopAlert,
  type LiveStatus,
} from '@shared/desktop-bridge';
import { formatNumber } from '@shared/rules/format';
import type { RealtimeStats } from '@shared/types';

const MINUTE_MS = 60_000;

export type MonitorInput =
  | {
      type: 'stats';
      at: number;
      stats: Pick<RealtimeStats, 'currentVisitors' | 'ctaClicksLastHour'> &
        Partial<Pick<RealtimeStats, 'ctaClicksSameHourLastWeek'>>;
    }
  | { type: 'status'; at: number; status: LiveStatus }
  /** Time passing with nothing received: how a lost connection is noticed. */
  | { type: 'tick'; at: number };

interface Outage {
  since: number;
  /** Decided once per outage, whether told or held back by the quiet period. */
  decided: boolean;
  /** Staff who were told about the outage also hear when it is over. */
  notified: boolean;
}

interface Sample {
  at: number;
  value: number;
}

export interface AlertState {
  visitors: Sample[];
  ctaClicks: Sample[];
  status: LiveStatus;
  /** A live connection that dropped; null while live or before the first connection. */
  outage: Outage | null;
  lastNotifiedAt: Partial<Record<AlertKind, number>>;
}

export interface AlertDecision {
  kind: AlertKind;
  notify: boolean;
  /** Why the rule fired and, when it stays silent, why. */
  reason: string;
  alert: DesktopAlert;
}

export interface Evaluation {
  state: AlertState;
  decisions: AlertDecision[];
}

export function initialAlertState(): AlertState {
  return {
    visitors: [],
    ctaClicks: [],
    status: 'Disconnected',
    outage: null,
    lastNotifiedAt: {},
  };
}

/**
 * The value in force at `time`: the last sample at or before it (figures only arrive when they
 * change, so a value holds until the next one), or the first sample when all are later.
 */
function valueAt(samples: Sample[], time: number): number | null {
  let value: number | null = null;
  for (const sample of samples) {
    if (sample.at <= time || value === null) value = sample.value;
    if (sample.at > time) break;
  }
  return value;
}

/** Time-weighted average over [windowStart, now), counting only the time samples cover. */
function timeWeightedAverage(samples: Sample[], windowStart: number, now: number): number | null {
  let weighted = 0;
  let covered = 0;
  samples.forEach((sample, index) => {
    const next = samples[index + 1];
    const from = Math.max(sample.at, windowStart);
    const to = Math.min(next ? next.at : now, now);
    if (to > from) {
      weighted += sample.value * (to - from);
      covered += to - from;
    }
  });
  return covered > 0 ? weighted / covered : null;
}

/** Keeps what the windows need: samples inside them plus the last one before them. */
function prune(samples: Sample[], windowStart: number): Sample[] {
  const firstInside = samples.findIndex((sample) => sample.at >= windowStart);
  if (firstInside === -1) return samples.slice(-1);
  return samples.slice(Math.max(0, firstInside - 1));
}

function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE_MS));
  return `${formatNumber(minutes)} menit`;
}

function decide(
  state: AlertState,
  settings: AlertSettings,
  alert: DesktopAlert,
  reason: string,
  ignoreQuietPeriod = false,
): AlertDecision {
  const last = state.lastNotifiedAt[alert.kind];
  const quietMs = settings.quietMinutes * MINUTE_MS;
  if (!ignoreQuietPeriod && last !== undefined && alert.at - last < quietMs) {
    return {
      kind: alert.kind,
      notify: false,
      reason: `${reason}; quiet period: the last ${alert.kind} alert was ${minutesText(alert.at - last)} ago (quiet for ${settings.quietMinutes} min)`,
      alert,
    };
  }
  return { kind: alert.kind, notify: true, reason, alert };
}

function spikeDecision(
  state: AlertState,
  settings: AlertSettings,
  at: number,
  current: number,
): AlertDecision | null {
  if (!settings.spikeEnabled) return null;
  const baseline = timeWeightedAverage(
    state.visitors,
    at - settings.baselineMinutes * MINUTE_MS,
    at,
  );
  if (baseline === null) return null;
  if (current < settings.spikeMinVisitors || current < baseline * settings.spikeFactor) return null;
  const roundedBaseline = Math.round(baseline * 10) / 10;
  return decide(
    state,
    settings,
    {
      kind: 'visitor_spike',
      title: 'Lonjakan pengunjung',
      body: `${formatNumber(current)} pengunjung aktif, rata-rata ${settings.baselineMinutes} menit terakhir ${formatNumber(roundedBaseline)}.`,
      at,
      route: REALTIME_ROUTE,
    },
    `visitor spike: ${current} current visitors >= ${settings.spikeMinVisitors} and >= ${settings.spikeFactor} x baseline ${roundedBaseline}`,
  );
}

function burstDecision(
  state: AlertState,
  settings: AlertSettings,
  at: number,
  clicksLastHour: number,
): AlertDecision | null {
  if (!settings.burstEnabled || state.ctaClicks.length === 0) return null;
  const before = valueAt(state.ctaClicks, at - settings.burstWindowMinutes * MINUTE_MS);
  if (before === null) return null;
  // The hourly count also loses clicks older than an hour, so the rise is a lower bound.
  const rise = clicksLastHour - before;
  if (rise < settings.burstClicks) return null;
  return decide(
    state,
    settings,
    {
      kind: 'cta_burst',
      title: 'Lonjakan klik CTA',
      body: `${formatNumber(rise)} klik CTA baru dalam ${settings.burstWindowMinutes} menit terakhir.`,
      at,
      route: REALTIME_ROUTE,
    },
    `CTA burst: ${rise} more clicks within ${settings.burstWindowMinutes} min >= ${settings.burstClicks}`,
  );
}

/** "Klik turun": clicks of the last hour below this share of the same hour last week ... */
export const CLICK_DROP_RATIO = 0.5;
/** ... when last week had at least this many (a drop from 3 to 1 says nothing). */
export const CLICK_DROP_MIN_LAST_WEEK = 20;

function clickDropDecision(
  state: AlertState,
  settings: AlertSettings,
  at: number,
  clicksLastHour: number,
  lastWeek: number | undefined,
): AlertDecision | null {
  if (!settings.burstEnabled || lastWeek === undefined) return null;
  if (lastWeek < CLICK_DROP_MIN_LAST_WEEK || clicksLastHour >= lastWeek * CLICK_DROP_RATIO) {
    return null;
  }
  const percent = Math.round((1 - clicksLastHour / lastWeek) * 100);
  return decide(
    state,
    settings,
    {
      kind: 'click_drop',
      title: 'Klik turun',
      body: `${formatNumber(clicksLastHour)} klik ke marketplace dalam 60 menit terakhir, ${formatNumber(lastWeek)} pada jam yang sama minggu lalu (turun ${percent}%).`,
      at,
      route: REALTIME_ROUTE,
    },
    `click drop: ${clicksLastHour} clicks in the last hour < ${CLICK_DROP_RATIO} x ${lastWeek} the same hour last week (>= ${CLICK_DROP_MIN_LAST_WEEK})`,
  );
}

function outageDecision(
  state: AlertState,
  settings: AlertSettings,
  at: number,
): AlertDecision | null {
  if (!settings.disconnectEnabled || !state.outage || state.outage.decided) return null;
  const down = at - state.outage.since;
  if (down < settings.disconnectMinutes * MINUTE_MS) return null;
  return decide(
    state,
    settings,
    {
      kind: 'connection_lost',
      title: 'Koneksi live terputus',
      body: `Data live tidak diterima selama ${minutesText(down)}. DiskonRadar terus mencoba menyambung ulang.`,
      at,
      route: REALTIME_ROUTE,
    },
    `live connection lost for ${Math.round(down / 1000)} s >= ${settings.disconnectMinutes} min`,
  );
}

function withNotified(state: AlertState, decisions: AlertDecision[]): AlertState {
  const lastNotifiedAt = { ...state.lastNotifiedAt };
  for (const decision of decisions) {
    if (decision.notify) lastNotifiedAt[decision.kind] = decision.alert.at;
  }
  return { ...state, lastNotifiedAt };
}

function onStats(
  state: AlertState,
  settings: AlertSettings,
  input: Extract<MonitorInput, { type: 'stats' }>,
): Evaluation {
  const { at, stats } = input;
  const decisions = [
    spikeDecision(state, settings, at, stats.currentVisitors),
    burstDecision(state, settings, at, stats.ctaClicksLastHour),
    clickDropDecision(
      state,
      settings,
      at,
      stats.ctaClicksLastHour,
      stats.ctaClicksSameHourLastWeek,
    ),
  ].filter((decision): decision is AlertDecision => decision !== null);
  const longestWindow = Math.max(settings.baselineMinutes, settings.burstWindowMinutes);
  const windowStart = at - longestWindow * MINUTE_MS;
  const next: AlertState = {
    ...state,
    visitors: prune([...state.visitors, { at, value: stats.currentVisitors }], windowStart),
    ctaClicks: prune([...state.ctaClicks, { at, value: stats.ctaClicksLastHour }], windowStart),
  };
  return { state: withNotified(next, decisions), decisions };
}

function onStatus(
  state: AlertState,
  settings: AlertSettings,
  input: Extract<MonitorInput, { type: 'status' }>,
): Evaluation {
  const { at, status } = input;
  if (status === state.status) return onTick(state, settings, at);
  if (status === 'Disconnected') {
    // Only a connection that was live can be lost; never having connected is not an outage.
    return {
      state: { ...state, status, outage: { since: at, decided: false, notified: false } },
      decisions: [],
    };
  }
  const decisions: AlertDecision[] = [];
  if (state.outage?.notified) {
    decisions.push(
      decide(
        state,
        settings,
        {
          kind: 'connection_restored',
          title: 'Koneksi live pulih',
          body: `Data live tersambung lagi setelah terputus ${minutesText(at - state.outage.since)}.`,
          at,
          route: REALTIME_ROUTE,
        },
        'live connection back after an outage staff were told about',
        true,
      ),
    );
  }
  const next: AlertState = { ...state, status, outage: null };
  return { state: withNotified(next, decisions), decisions };
}

function onTick(state: AlertState, settings: AlertSettings, at: number): Evaluation {
  const decision = outageDecision(state, settings, at);
  if (!decision || !state.outage) return { state, decisions: [] };
  const outage: Outage = { ...state.outage, decided: true, notified: decision.notify };
  return { state: withNotified({ ...state, outage }, [decision]), decisions: [decision] };
}

/** The whole rule set: one input in, the next state and what to tell staff out. */
export function evaluateAlerts(
  state: AlertState,
  input: MonitorInput,
  settings: AlertSettings,
): Evaluation {
  switch (input.type) {
    case 'stats':
      return onStats(state, settings, input);
    case 'status':
      return onStatus(state, settings, input);
    case 'tick':
      return onTick(state, settings, input.at);
  }
}

/** Feeds inputs in order: the state after the last one and every decision on the way. */
export function evaluateAll(
  state: AlertState,
  inputs: readonly MonitorInput[],
  settings: AlertSettings,
): Evaluation {
  const decisions: AlertDecision[] = [];
  let current = state;
  for (const input of inputs) {
    const result = evaluateAlerts(current, input, settings);
    current = result.state;
    decisions.push(...result.decisions);
  }
  return { state: current, decisions };
}
