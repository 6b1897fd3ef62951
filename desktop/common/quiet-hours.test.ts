import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_SETTINGS, alertSettingsSchema } from '@shared/desktop-settings';
import { isQuietTime } from './quiet-hours';

const at = (hours: number, minutes = 0) => new Date(2026, 10, 25, hours, minutes);
const hours = (start: string, end: string, enabled = true) => ({
  quietHours: { enabled, start, end },
});

describe('isQuietTime', () => {
  it('is never quiet while switched off (the default, 22:00-07:00)', () => {
    expect(DEFAULT_ALERT_SETTINGS.quietHours).toEqual({
      enabled: false,
      start: '22:00',
      end: '07:00',
    });
    expect(isQuietTime(DEFAULT_ALERT_SETTINGS, at(23))).toBe(false);
  });

  it('spans midnight when the start is after the end', () => {
    const night = hours('22:00', '07:00');
    expect(isQuietTime(night, at(21, 59))).toBe(false);
    expect(isQuietTime(night, at(22, 0))).toBe(true);
    expect(isQuietTime(night, at(23, 30))).toBe(true);
    expect(isQuietTime(night, at(0, 0))).toBe(true);
    expect(isQuietTime(night, at(6, 59))).toBe(true);
    expect(isQuietTime(night, at(7, 0))).toBe(false);
    expect(isQuietTime(night, at(12, 0))).toBe(false);
  });

  it('covers a window within one day, end excluded', () => {
    const lunch = hours('12:00', '13:30');
    expect(isQuietTime(lunch, at(11, 59))).toBe(false);
    expect(isQuietTime(lunch, at(12, 0))).toBe(true);
    expect(isQuietTime(lunch, at(13, 29))).toBe(true);
    expect(isQuietTime(lunch, at(13, 30))).toBe(false);
    expect(isQuietTime(lunch, at(23, 0))).toBe(false);
  });

  it('treats equal or malformed times as no quiet hours', () => {
    expect(isQuietTime(hours('08:00', '08:00'), at(8, 0))).toBe(false);
    expect(isQuietTime(hours('8:00', '09:00'), at(8, 30))).toBe(false);
  });
});

describe('alertSettingsSchema and quiet hours', () => {
  it('accepts HH:mm times and refuses others with the Indonesian message', () => {
    const ok = {
      ...DEFAULT_ALERT_SETTINGS,
      quietHours: { enabled: true, start: '23:15', end: '06:00' },
    };
    expect(alertSettingsSchema.parse(ok)).toEqual(ok);
    const bad = alertSettingsSchema.safeParse({
      ...DEFAULT_ALERT_SETTINGS,
      quietHours: { enabled: true, start: '24:00', end: '06:00' },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Gunakan format jam HH:mm, misalnya 22:00');
  });

  it('reads settings saved before quiet hours existed with the default window', () => {
    const { quietHours: _dropped, ...older } = DEFAULT_ALERT_SETTINGS;
    expect(alertSettingsSchema.parse({ ...older, spikeMinVisitors: 4 })).toEqual({
      ...DEFAULT_ALERT_SETTINGS,
      spikeMinVisitors: 4,
    });
  });

  it('switches the broken-link alert on for settings saved before it existed', () => {
    const { brokenLinksEnabled: _added, ...older } = DEFAULT_ALERT_SETTINGS;
    expect(DEFAULT_ALERT_SETTINGS.brokenLinksEnabled).toBe(true);
    expect(alertSettingsSchema.parse(older).brokenLinksEnabled).toBe(true);
    expect(
      alertSettingsSchema.safeParse({ ...DEFAULT_ALERT_SETTINGS, brokenLinksEnabled: 'ya' })
        .success,
    ).toBe(false);
  });
});
