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
