/** The /ws address on the API server: wss on https, ws otherwise (spec section 7). */
export function realtimeSocketUrl(
  apiBaseUrl: string,
  location: { protocol: string; host: string },
): string {
  const base = apiBaseUrl.trim().replace(/\/+$/, '');
  if (base) {
    const url = new URL(base);
    const protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export interface RealtimeEnvelope {
  type: string;
  data?: unknown;
}

/** Parses a socket frame; anything but a JSON object with a string type is ignored. */
export function parseEnvelope(text: unknown): RealtimeEnvelope | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { type, data } = value as Record<string, unknown>;
    return typeof type === 'string' ? { type, data } : null;
  } catch {
    return null;
  }
}
