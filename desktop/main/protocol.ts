// The app:// protocol (Actual Budget's pattern): the renderer's files come from out/renderer
// through a path-traversal guard, never from file://, and /api and /media are carried to the
// configured server. Every response carries the content security policy.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isServerPath } from './server-proxy';

export const APP_SCHEME = 'app';
export const APP_HOST = 'admin';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Scripts and connections only from the app itself (the server is reached through it);
 * Mantine writes its CSS variables into a style element, hence inline styles; product images
 * may live on any http(s) host.
 */
export function contentSecurityPolicy(extraConnectSources: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...extraConnectSources].join(' '),
    'frame-src https:',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** In Electron the server is reached through app:// itself, so nothing else is connected to. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `rendererRoot` that an app:// URL names, or null when the URL is not ours or
 * would leave the folder (.., encoded .., backslashes, NUL bytes). '/' is index.html.
 */
export function resolveRendererFile(rendererRoot: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  if (pathname === '' || pathname === '/') pathname = '/index.html';
  const root = path.resolve(rendererRoot);
  const file = path.resolve(root, `.${pathname}`);
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  return file;
}

function textResponse(status: number, text: string, policy: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': policy },
  });
}

export interface AppProtocolOptions {
  rendererRoot: string;
  /** Carries /api and /media requests to the server. */
  forwardToServer(request: Request): Promise<Response>;
  readFile?: (file: string) => Promise<Uint8Array>;
  /** CONTENT_SECURITY_POLICY unless a host (the browser-version tests) needs more. */
  contentSecurityPolicy?: string;
  /** `npm run desktop:dev`: the renderer comes from electron-vite's dev server instead. */
  devServerUrl?: string;
}

/** What the dev server's scripts (hot reload) need on top of the app's policy. */
export function devContentSecurityPolicy(devServerUrl: string): string {
  const origin = new URL(devServerUrl).origin;
  return contentSecurityPolicy([origin, origin.replace(/^http/, 'ws')]).replace(
    "script-src 'self'",
    `script-src 'self' 'unsafe-inline' ${origin}`,
  );
}

export function createAppProtocolHandler(options: AppProtocolOptions) {
  const read = options.readFile ?? ((file: string) => readFile(file));
  const policy = options.contentSecurityPolicy ?? CONTENT_SECURITY_POLICY;
  return async function handleAppRequest(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return textResponse(404, 'Not found', policy);
    if (isServerPath(url.pathname)) {
      // Only the app's own pages may use the session the main process holds.
      const origin = request.headers.get('origin');
      if (origin !== null && origin !== APP_ORIGIN) return textResponse(403, 'Forbidden', policy);
      return options.forwardToServer(request);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return textResponse(405, 'Method not allowed', policy);
    }
    if (options.devServerUrl) {
      const response = await fetch(
        `${new URL(options.devServerUrl).origin}${url.pathname}${url.search}`,
      );
      const headers = new Headers(response.headers);
      headers.set('Content-Security-Policy', policy);
      return new Response(response.body, { status: response.status, headers });
    }
    const file = resolveRendererFile(options.rendererRoot, request.url);
    if (!file) return textResponse(404, 'Not found', policy);
    let body: Uint8Array;
    try {
      body = await read(file);
    } catch {
      return textResponse(404, 'Not found', policy);
    }
    return new Response(request.method === 'HEAD' ? null : Buffer.from(body), {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(file),
        'Content-Security-Policy': policy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
      },
    });
  };
}
