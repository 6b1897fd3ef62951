// "Is there a DiskonRadar API at this address?" asked the way the app will use it: the admin
// session endpoint answers 200 (signed in) or 401 (not yet) with a JSON body. Isomorphic: the
// main process passes Node's fetch, the browser bridge the page's fetch (where a server that
// does not list the app's origin in DESKTOP_ORIGINS fails the CORS check).
import type { ServerUrlResult } from '@shared/desktop-bridge';
import { parseServerUrl } from './server-url';

export const SERVER_CHECK_MESSAGES = {
  unreachable:
    'Server tidak dapat dihubungi. Periksa alamatnya, dan pastikan server mengizinkan asal aplikasi ini (DESKTOP_ORIGINS).',
  notDiskonRadar: 'Alamat ini tidak menjawab seperti server DiskonRadar.',
} as const;

export async function checkServer(
  input: string,
  doFetch: typeof fetch,
  timeoutMs = 8000,
): Promise<ServerUrlResult> {
  const parsed = parseServerUrl(input);
  if (!parsed.ok) return parsed;
  let response: Response;
  try {
    response = await doFetch(`${parsed.serverUrl}/api/admin/me`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, message: SERVER_CHECK_MESSAGES.unreachable };
  }
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if ((response.status === 200 || response.status === 401) && isJson) {
    await response.body?.cancel();
    return parsed;
  }
  await response.body?.cancel();
  return { ok: false, message: SERVER_CHECK_MESSAGES.notDiskonRadar };
}
