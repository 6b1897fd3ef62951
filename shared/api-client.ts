// The one fetch wrapper used by the web site, the admin screens and the desktop renderer
// (spec sections 7 and 8): same-host cookies, JSON only when there is a body, and non-OK
// responses thrown as ApiError.
import type { ApiErrorBody } from './types';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** '' for same-origin; the desktop app passes the configured server URL. */
  baseUrl?: string;
  /** Injected for SSR, Electron and tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  request<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

/** Narrows a parsed error body to the API's {message, errors?} shape. */
export function toApiErrorBody(body: unknown): ApiErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, errors } = body as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return { message };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value === 'string') fields[key] = value;
  }
  return { message, errors: fields };
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The response body parsed as JSON, or null when it was empty or not JSON. */
  readonly body: unknown;
  /** The server's own message and per-field messages, when it sent {message, errors}. */
  readonly details: ApiErrorBody | null;

  constructor(
    readonly status: number,
    message: string,
    body: unknown = null,
  ) {
    super(message);
    this.body = body;
    this.details = toApiErrorBody(body);
  }

  /** The server's message if it sent one, else the given fallback (e.g. 'Failed to create popup'). */
  serverMessage(fallback: string): string {
    return this.details?.message ?? fallback;
  }

  get fieldErrors(): Record<string, string> {
    return this.details?.errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');

  async function request<T>(
    method: string,
    path: string,
    body?: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const doFetch = options.fetch ?? fetch;
    const hasBody = body !== undefined;
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (hasBody) headers['Content-Type'] = 'application/json';
    const response = await doFetch(`${baseUrl}${path}${buildQuery(requestOptions.query)}`, {
      method,
      credentials: 'include',
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: requestOptions.signal,
    });
    const text = await response.text();
    if (!response.ok) {
      throw new ApiError(
        response.status,
        `${response.status}: ${text || response.statusText}`,
        text ? parseJson(text) : null,
      );
    }
    // 204 and empty bodies (some deletes) have nothing to parse.
    if (text === '') return undefined as T;
    return JSON.parse(text) as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body, opts),
    put: (path, body, opts) => request('PUT', path, body, opts),
    delete: (path, opts) => request('DELETE', path, undefined, opts),
  };
}
