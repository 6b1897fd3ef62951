import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { DesktopBridge } from '@shared/desktop-bridge';
import { parseServerUrl } from '../../common/server-url';

/**
 * Asks for the server URL: checked here first (http or https), then by the host, which calls
 * the server before keeping the URL.
 */
export function ServerUrlForm({
  bridge,
  initialUrl,
  submitLabel,
  onSaved,
}: {
  bridge: DesktopBridge;
  initialUrl: string;
  submitLabel: string;
  onSaved(serverUrl: string): void;
}) {
  const [value, setValue] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const local = parseServerUrl(value);
    if (!local.ok) {
      setError(local.message);
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const result = await bridge.setServerUrl(value);
      if (result.ok) onSaved(result.serverUrl);
      else setError(result.message);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label="Alamat server"
        description="Alamat situs DiskonRadar, misalnya https://diskonradar.example.com"
        placeholder="https://"
        type="url"
        inputMode="url"
        autoComplete="url"
        required
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={checking}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
