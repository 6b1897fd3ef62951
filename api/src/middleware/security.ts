import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Hosts whose players the product modal embeds. */
const VIDEO_EMBED_HOSTS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://www.tiktok.com',
  'https://www.instagram.com',
];

/**
 * Browser features no page of the site uses; the embedded players keep what they need
 * (autoplay, fullscreen, encrypted-media, picture-in-picture are left to their defaults).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A Host header that may appear in the policy: a name or address and an optional port. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The site's own socket, `ws(s)://<host>/ws`: from PUBLIC_URL when it is set, else from the
 * request (the page and its socket always share the host). 'self' alone does not cover ws:
 * in every browser.
 */
export function ownSocketSource(publicUrl: string | null, req: IncomingMessage): string | null {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`;
  }
  const host = req.headers.host ?? '';
  if (!PLAIN_HOST.test(host)) return null;
  const secure =
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    (req as { protocol?: string }).protocol === 'https';
  return `${secure ? 'wss' : 'ws'}://${host}`;
}

export function securityHeaders(
  options: { connectSources?: string[]; publicUrl?: string | null } = {},
): RequestHandler {
  const helmetHandler = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables into style attributes and a <style> tag at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product and affiliate images come from any https host; data: for inline icons.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The API, the site's own /ws socket and the configured geolocation service only.
        connectSrc: [
          "'self'",
          (req) => ownSocketSource(options.publicUrl ?? null, req) ?? "'self'",
          ...(options.connectSources ?? []),
        ],
        frameSrc: VIDEO_EMBED_HOSTS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Affiliate images and embeds come from other origins.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHandler(req, res, (error?: unknown) => {
      // The API and the back office are read by the site itself (and the desktop app over
      // CORS, which this header does not restrict), never embedded by another origin.
      if (/^\/(api|admin)(\/|$)/.test(req.path)) {
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
      }
      next(error);
    });
  };
}

/**
 * The headers securityHeaders(options) sets, computed once (the policy's own socket as 'self':
 * no request's host), for answers that skip the middleware: the /go redirect's 302, which has
 * no document for the policy to govern and is answered before the site's middleware runs.
 */
export function fixedSecurityHeaders(
  options: { connectSources?: string[]; publicUrl?: string | null } = {},
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
    getHeader: (name: string) => headers[name],
  };
  const req = { method: 'GET', url: '/', path: '/', headers: {}, socket: {} };
  let failed: unknown = null;
  securityHeaders(options)(req as never, res as never, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}
