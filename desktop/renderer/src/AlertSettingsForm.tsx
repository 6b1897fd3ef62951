import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { AlertSettings, DesktopBridge } from '@shared/desktop-bridge';
import { alertSettingsSchema } from '@shared/desktop-settings';

type NumberField = {
  [K in keyof AlertSettings]: AlertSettings[K] extends number ? K : never;
}[keyof AlertSettings];

function NumberField({
  label,
  field,
  settings,
  onChange,
  min,
  max,
  step = 1,
  decimals = false,
}: {
  label: string;
  field: NumberField;
  settings: AlertSettings;
  onChange(next: AlertSettings): void;
  min: number;
  max: number;
  step?: number;
  decimals?: boolean;
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
    const parsed = alertSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      setMessage({ ok: false, text: 'Periksa kembali angka-angkanya: ada yang di luar batas.' });
      return;
    }
    setSettings(await bridge.setAlertSettings(parsed.data));
    setMessage({ ok: true, text: 'Pengaturan peringatan disimpan.' });
  }

  const props = { settings, onChange: change };
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
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField
            label="Kelipatan rata-rata"
            field="spikeFactor"
            min={1.1}
            max={100}
            step={0.5}
            decimals
            {...props}
          />
          <NumberField
            label="Minimal pengunjung"
            field="spikeMinVisitors"
            min={1}
            max={1_000_000}
            {...props}
          />
          <NumberField
            label="Rata-rata dari (menit)"
            field="baselineMinutes"
            min={1}
            max={1440}
            {...props}
          />
        </SimpleGrid>
        <Switch
          label="Lonjakan klik CTA"
          checked={settings.burstEnabled}
          onChange={(event) => change({ ...settings, burstEnabled: event.currentTarget.checked })}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField
            label="Minimal klik baru"
            field="burstClicks"
            min={1}
            max={1_000_000}
            {...props}
          />
          <NumberField
            label="Dalam (menit)"
            field="burstWindowMinutes"
            min={1}
            max={60}
            {...props}
          />
        </SimpleGrid>
        <Switch
          label="Koneksi live terputus"
          checked={settings.disconnectEnabled}
          onChange={(event) =>
            change({ ...settings, disconnectEnabled: event.currentTarget.checked })
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField
            label="Terputus lebih dari (menit)"
            field="disconnectMinutes"
            min={1}
            max={60}
            {...props}
          />
          <NumberField
            label="Jeda antarperingatan sejenis (menit)"
            field="quietMinutes"
            min={0}
            max={1440}
            {...props}
          />
        </SimpleGrid>
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
