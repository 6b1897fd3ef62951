import { describe, expect, it } from 'vitest';
import { ApiError, buildQuery, createApiClient, isApiError } from './api-client';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(response: () => Response) {
  const calls: Call[] = [];
  const fn: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return response();
  };
  return { fn, calls };
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('createApiClient', () => {
  it('GETs with credentials, no body and no JSON content-type, and parses JSON', async () => {
    const { fn, calls } = fakeFetch(() => Response.json({ products: [], totalCount: 0 }));
    const api = createApiClient({ fetch: fn });
    const data = await api.get<{ totalCount: number }>('/api/products', {
      query: { page: 2, limit: 12, categoryId: undefined, search: '' },
    });
    expect(data.totalCount).toBe(0);
    expect(calls[0]?.url).toBe('/api/products?page=2&limit=12');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined();
  });

  it('sends a JSON body with a JSON content-type only when there is a body', async () => {
    const { fn, calls } = fakeFetch(() => Response.json({ user: { id: '1', username: 'admin' } }));
    const api = createApiClient({ baseUrl: 'https://admin.example.com/', fetch: fn });
    await api.post('/api/admin/login', { username: 'admin', password: 'pw' });
    await api.post('/api/admin/logout');
    expect(calls[0]?.url).toBe('https://admin.example.com/api/admin/login');
    expect(calls[0]?.init.body).toBe('{"username":"admin","password":"pw"}');
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
    expect(calls[1]?.init.body).toBeUndefined();
    expect(headersOf(calls[1])['Content-Type']).toBeUndefined();
  });

  it('uses PUT and DELETE and returns undefined for an empty body', async () => {
    const { fn, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetch: fn });
    await expect(api.delete('/api/admin/faqs/1')).resolves.toBeUndefined();
    await api.put('/api/admin/faqs/1', { question: 'Q' });
    expect(calls.map((c) => c.init.method)).toEqual(['DELETE', 'PUT']);
  });

  it('throws "STATUS: body" with the parsed error body for forms', async () => {
    const body = { message: 'Slug harus diisi', errors: { slug: 'Slug harus diisi' } };
    const { fn } = fakeFetch(() => Response.json(body, { status: 400, statusText: 'Bad Request' }));
    const api = createApiClient({ fetch: fn });
    const error = await api.post('/api/admin/categories', {}).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(apiError.body).toEqual(body);
    expect(apiError.details).toEqual(body);
    expect(apiError.fieldErrors).toEqual({ slug: 'Slug harus diisi' });
    expect(apiError.serverMessage('Failed to create popup')).toBe('Slug harus diisi');
  });

  it('falls back to the status text when the error body is empty', async () => {
    const { fn } = fakeFetch(() => new Response('', { status: 401, statusText: 'Unauthorized' }));
    const api = createApiClient({ fetch: fn });
    const error = (await api.get('/api/admin/me').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('401: Unauthorized');
    expect(error.body).toBeNull();
    expect(error.serverMessage('Login failed')).toBe('Login failed');
    expect(error.fieldErrors).toEqual({});
  });

  it('keeps a non-JSON error body as text in the message', async () => {
    const { fn } = fakeFetch(
      () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    );
    const api = createApiClient({ fetch: fn });
    const error = (await api.get('/api/faqs').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.details).toBeNull();
  });
});

describe('buildQuery', () => {
  it('skips empty values and encodes the rest', () => {
    expect(buildQuery({ url: '/kategori?x=1', a: null, b: undefined })).toBe(
      '?url=%2Fkategori%3Fx%3D1',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});
