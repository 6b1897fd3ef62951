// Validation of a typed server URL, shared by the main process and the browser bridge.
import type { ServerUrlResult } from '@shared/desktop-bridge';
import { serverUrlSchema } from '@shared/desktop-settings';

export function parseServerUrl(input: unknown): ServerUrlResult {
  const parsed = serverUrlSchema.safeParse(input);
  if (parsed.success) return { ok: true, serverUrl: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Alamat server tidak valid' };
}

/** ws(s)://host/path/ws for a server URL (wss when the server is https). */
export function socketUrlFor(serverUrl: string): string {
  const url = new URL(`${serverUrl}/ws`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
