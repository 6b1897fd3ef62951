import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  createAppProtocolHandler,
} from '../../desktop/main/protocol';

export interface RendererServer {
  origin: string;
  /** The server the page may connect to (added to the CSP's connect-src once known). */
  allowConnections(origins: string[]): void;
  close(): Promise<void>;
}

/**
 * Serves the built renderer (out/renderer) on its own http origin through the app://
 * protocol handler the Electron main process uses, so the same path guard and content
 * security policy apply; only the CSP also lets the page reach the API server directly, as
 * the browser version of the bridge does.
 */
export async function startRendererServer(rendererRoot: string): Promise<RendererServer> {
  let connectSources: string[] = [];
  const handler = (request: Request) =>
    createAppProtocolHandler({
      rendererRoot,
      contentSecurityPolicy: contentSecurityPolicy(connectSources),
      forwardToServer: async () => new Response('Not here', { status: 404 }),
    })(request);

  const server = http.createServer((req, res) => {
    const appRequest = new Request(`${APP_ORIGIN}${req.url ?? '/'}`, { method: req.method });
    handler(appRequest).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    allowConnections(origins) {
      connectSources = origins;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
