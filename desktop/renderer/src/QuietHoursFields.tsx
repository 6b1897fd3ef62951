import { Group, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { QuietHours } from '@shared/desktop-bridge';

export const QUIET_HOURS_TEXT = {
  sameTime: 'Jam mulai dan jam selesai tidak boleh sama.',
  format: 'Gunakan format jam HH:mm, misalnya 22:00.',
} as const;

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with the quiet hours as typed, per field; empty when they can be saved. */
export function quietHoursErrors(quiet: QuietHours): Partial<Record<'start' | 'end', string>> {
  const errors: Partial<Record<'start' | 'end', string>> = {};
  if (!CLOCK_TIME.test(quiet.start)) errors.start = QUIET_HOURS_TEXT.format;
  if (!CLOCK_TIME.test(quiet.end)) errors.end = QUIET_HOURS_TEXT.format;
  // An empty window (or a whole day) is surely a slip; the check applies even when switched off,
  // so switching on later never meets a window that was never valid.
  if (!errors.start && !errors.end && quiet.start === quiet.end)
    errors.end = QUIET_HOURS_TEXT.sameTime;
  return errors;
}

/** "Jam tenang": no native notifications between start and end (across midnight if start > end). */
export function QuietHoursFields({
  value,
  errors,
  onChange,
}: {
  value: QuietHours;
  errors: Partial<Record<'start' | 'end', string>>;
  onChange(next: QuietHours): void;
}) {
  return (
    <Stack gap="xs">
      <Switch
        label="Jam tenang"
        description="Tanpa notifikasi pada jam ini; bilah status dan tray tetap diperbarui."
        checked={value.enabled}
        onChange={(event) => onChange({ ...value, enabled: event.currentTarget.checked })}
      />
      <Group grow align="flex-start">
        <TimeInput
          label="Mulai"
          value={value.start}
          error={errors.start}
          onChange={(event) => onChange({ ...value, start: event.currentTarget.value })}
        />
        <TimeInput
          label="Selesai"
          value={value.end}
          error={errors.end}
          onChange={(event) => onChange({ ...value, end: event.currentTarget.value })}
        />
      </Group>
      {value.start > value.end && !errors.start && !errors.end && (
        <Text size="xs" c="dimmed">
          Berlaku melewati tengah malam, dari {value.start} sampai {value.end} keesokan harinya.
        </Text>
      )}
    </Stack>
  );
}
