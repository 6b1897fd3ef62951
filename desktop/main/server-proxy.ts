// The main process carries the renderer's API requests to the configured server: the window
// asks app://admin/api/..., and this forwards it with the session cookie from the jar. The
// renderer and the server then never meet across origins, so an http:// server works as well
// as an https:// one, and SameSite=Lax cookies stay first-party.
import { UNREACHABLE_HEADER } from '@shared/unreachable';
import type { CookieJar } from './cookie-jar';

/** Paths of the renderer's own origin that belong to the server. */
export const SERVER_PATH_PREFIXES = ['/api/', '/media/'] as const;

const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-none-match',
  'if-modified-since',
  // The server names each session's device ("Sesi aktif") from it.
  'user-agent',
];

/** Hop-by-hop headers, and what Node's fetch already undid (compression) or took (cookies). */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function isServerPath(pathname: string): boolean {
  return SERVER_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function jsonError(status: number, message: string, unreachable = false): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
  // Tells the renderer's offline banner this 502 is ours, not the server's (shared/unreachable.ts).
  if (unreachable) headers[UNREACHABLE_HEADER] = '1';
  return new Response(JSON.stringify({ message }), { status, headers });
}

export class ServerProxy {
  constructor(
    private readonly options: {
      getServerUrl(): string | null;
      jar: CookieJar;
      fetch: typeof fetch;
    },
  ) {}

  async forward(request: Request): Promise<Response> {
    const serverUrl = this.options.getServerUrl();
    if (!serverUrl) return jsonError(503, 'Alamat server belum diatur');
    const source = new URL(request.url);
    const target = `${serverUrl}${source.pathname}${source.search}`;

    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const cookie = this.options.jar.header();
    if (cookie) headers.set('cookie', cookie);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';

    let response: Response;
    try {
      response = await this.options.fetch(target, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      });
    } catch {
      return jsonError(502, 'Server tidak dapat dihubungi', true);
    }
    this.options.jar.store(response.headers.getSetCookie());

    const responseHeaders = new Headers();
    response.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) responseHeaders.set(name, value);
    });
    const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
    return new Response(body, { status: response.status, headers: responseHeaders });
  }
}
