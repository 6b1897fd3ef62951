import WebSocket from 'ws';

/**
 * Visitors as the public site's tracker would be: one socket each, a session message and a
 * page view (spec section 3 shapes). They stay connected until closed.
 */
export async function openVisitors(socketUrl: string, count: number): Promise<() => void> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      (_, index) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(socketUrl);
          ws.once('error', reject);
          ws.once('open', () => {
            const sessionId = `desktop-e2e-${Date.now().toString(36)}-${index}`;
            const timestamp = Date.now();
            ws.send(
              JSON.stringify({
                type: 'session',
                sessionId,
                country: 'Indonesia',
                city: 'Jakarta',
                device: 'Mobile',
                browser: 'Chrome',
                userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36',
                referrer: '',
                timestamp,
              }),
            );
            ws.send(
              JSON.stringify({
                type: 'pageview',
                sessionId,
                path: '/',
                title: 'DiskonRadar',
                timestamp,
              }),
            );
            resolve(ws);
          });
        }),
    ),
  );
  return () => sockets.forEach((ws) => ws.close());
}
