// The analytics reports' period: a preset (Hari ini, Kemarin, 7 hari, 30 hari, Bulan ini) or
// Kustom with a date range picker. Both live in the address (lib/analytics-range.ts), so a
// report can be linked and the browser's Back goes to the previous period.
import { useMemo, useState } from 'react';
import { Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useSearchParams } from 'react-router-dom';
import { jakartaDate } from '@shared/rules/jakarta-days';
import {
  RANGE_PRESETS,
  readRange,
  writeRange,
  type RangePreset,
  type ReportDates,
} from '../../lib/analytics-range';
import { useAddressParams } from '../../lib/use-address-params';

/** The period the address asks for, resolved to Jakarta dates. */
export function useReportDates(): ReportDates {
  const [params] = useSearchParams();
  const query = params.toString();
  // Resolved once per address: a preset's days do not move while the screen is open.
  return useMemo(() => readRange(new URLSearchParams(query), Date.now()), [query]);
}

type Picked = [string | null, string | null];

export function DateRangeControl() {
  const [, setParams] = useAddressParams();
  const dates = useReportDates();
  // 'Kustom' chosen but both ends not picked yet: the figures stay on the last period.
  const [choosingCustom, setChoosingCustom] = useState(false);
  const [picked, setPicked] = useState<Picked>([null, null]);
  const preset: RangePreset = choosingCustom ? 'custom' : dates.preset;
  const shown: Picked =
    dates.preset === 'custom' && !choosingCustom ? [dates.from, dates.to] : picked;

  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Periode"
        data={RANGE_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        value={preset}
        allowDeselect={false}
        w={140}
        comboboxProps={{ zIndex: 1000 }}
        onChange={(value) => {
          if (!value) return;
          if (value === 'custom') {
            setPicked([dates.from, dates.to]);
            setChoosingCustom(true);
            return;
          }
          setChoosingCustom(false);
          setParams((current) =>
            writeRange(current, { preset: value as Exclude<RangePreset, 'custom'> }),
          );
        }}
      />
      {preset === 'custom' && (
        <DatePickerInput
          type="range"
          label="Rentang tanggal"
          placeholder="Pilih tanggal awal dan akhir"
          allowSingleDateInRange
          valueFormat="D MMM YYYY"
          value={shown}
          onChange={(value) => {
            const [from, to] = value as Picked;
            setPicked([from, to]);
            if (from && to) {
              setChoosingCustom(false);
              setParams((current) =>
                writeRange(current, {
                  preset: 'custom',
                  from: from.slice(0, 10),
                  to: to.slice(0, 10),
                }),
              );
            }
          }}
          maxDate={jakartaDate(Date.now())}
          w={250}
          popoverProps={{ zIndex: 1000 }}
        />
      )}
    </Group>
  );
}
