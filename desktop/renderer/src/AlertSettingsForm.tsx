import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { AlertSettings, DesktopBridge } from '@shared/desktop-bridge';
import { alertSettingsSchema } from '@shared/desktop-settings';
import { QuietHoursFields, quietHoursErrors } from './QuietHoursFields';

type NumberSetting = {
  [K in keyof AlertSettings]: AlertSettings[K] extends number ? K : never;
}[keyof AlertSettings];

/** Which alert toggle a threshold sits under; the grids are rendered in this order. */
type FieldGroup = 'spike' | 'burst' | 'disconnect';

type NumberFieldSpec = {
  group: FieldGroup;
  label: string;
  field: NumberSetting;
  min: number;
  max: number;
  step?: number;
  decimals?: boolean;
};

// Bounds mirror alertSettingsSchema so the spinner cannot step past what the submit check rejects.
const NUMBER_FIELDS: readonly NumberFieldSpec[] = [
  {
    group: 'spike',
    label: 'Kelipatan rata-rata',
    field: 'spikeFactor',
    min: 1.1,
    max: 100,
    step: 0.5,
    decimals: true,
  },
  {
    group: 'spike',
    label: 'Minimal pengunjung',
    field: 'spikeMinVisitors',
    min: 1,
    max: 1_000_000,
  },
  { group: 'spike', label: 'Rata-rata dari (menit)', field: 'baselineMinutes', min: 1, max: 1440 },
  { group: 'burst', label: 'Minimal klik baru', field: 'burstClicks', min: 1, max: 1_000_000 },
  { group: 'burst', label: 'Dalam (menit)', field: 'burstWindowMinutes', min: 1, max: 60 },
  {
    group: 'disconnect',
    label: 'Terputus lebih dari (menit)',
    field: 'disconnectMinutes',
    min: 1,
    max: 60,
  },
  {
    group: 'disconnect',
    label: 'Jeda antarperingatan sejenis (menit)',
    field: 'quietMinutes',
    min: 0,
    max: 1440,
  },
];

function NumberField({
  spec: { label, field, min, max, step = 1, decimals = false },
  settings,
  onChange,
}: {
  spec: NumberFieldSpec;
  settings: AlertSettings;
  onChange(next: AlertSettings): void;
}) {
  return (
    <NumberInput
      label={label}
      value={settings[field]}
      min={min}
      max={max}
      step={step}
      decimalScale={decimals ? 1 : 0}
      allowDecimal={decimals}
      onChange={(value) =>
        onChange({ ...settings, [field]: typeof value === 'number' ? value : Number(value) })
      }
    />
  );
}

/** Thresholds and quiet periods of the live traffic alerts. */
export function AlertSettingsForm({ bridge }: { bridge: DesktopBridge }) {
  const [settings, setSettings] = useState<AlertSettings | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [showQuietErrors, setShowQuietErrors] = useState(false);

  useEffect(() => {
    void bridge.getAlertSettings().then(setSettings);
  }, [bridge]);

  if (!settings) return null;

  const change = (next: AlertSettings) => {
    setSettings(next);
    setMessage(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!settings) return;
    if (Object.keys(quietHoursErrors(settings.quietHours)).length > 0) {
      setShowQuietErrors(true);
      setMessage({ ok: false, text: 'Periksa kembali jam tenang.' });
      return;
    }
    const parsed = alertSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      setMessage({ ok: false, text: 'Periksa kembali angka-angkanya: ada yang di luar batas.' });
      return;
    }
    setSettings(await bridge.setAlertSettings(parsed.data));
    setMessage({ ok: true, text: 'Pengaturan peringatan disimpan.' });
  }

  const fieldsOf = (group: FieldGroup) =>
    NUMBER_FIELDS.filter((spec) => spec.group === group).map((spec) => (
      <NumberField key={spec.field} spec={spec} settings={settings} onChange={change} />
    ));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Switch
          label="Tampilkan notifikasi"
          checked={settings.notificationsEnabled}
          onChange={(event) =>
            change({ ...settings, notificationsEnabled: event.currentTarget.checked })
          }
        />
        <Switch
          label="Lonjakan pengunjung"
          checked={settings.spikeEnabled}
          onChange={(event) => change({ ...settings, spikeEnabled: event.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{fieldsOf('spike')}</SimpleGrid>
        <Switch
          label="Lonjakan klik CTA"
          checked={settings.burstEnabled}
          onChange={(event) => change({ ...settings, burstEnabled: event.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{fieldsOf('burst')}</SimpleGrid>
        <Switch
          label="Koneksi live terputus"
          checked={settings.disconnectEnabled}
          onChange={(event) =>
            change({ ...settings, disconnectEnabled: event.currentTarget.checked })
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>{fieldsOf('disconnect')}</SimpleGrid>
        <Switch
          label="Tautan rusak"
          description="Peringatan saat jumlah tautan produk yang rusak bertambah"
          checked={settings.brokenLinksEnabled}
          onChange={(event) =>
            change({ ...settings, brokenLinksEnabled: event.currentTarget.checked })
          }
        />
        <Switch
          label="Feed bermasalah"
          description="Peringatan saat sebuah feed produk gagal atau tidak berjalan tepat waktu"
          checked={settings.feedAlertsEnabled}
          onChange={(event) =>
            change({ ...settings, feedAlertsEnabled: event.currentTarget.checked })
          }
        />
        <QuietHoursFields
          value={settings.quietHours}
          errors={showQuietErrors ? quietHoursErrors(settings.quietHours) : {}}
          onChange={(quietHours) => change({ ...settings, quietHours })}
        />
        <Group justify="space-between">
          <Text size="sm" c={message?.ok === false ? 'red' : 'teal'} role="status">
            {message?.text}
          </Text>
          <Button type="submit">Simpan peringatan</Button>
        </Group>
      </Stack>
    </form>
  );
}
