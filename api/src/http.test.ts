import { expect, it } from 'vitest';
import { describeApi } from '../test/support/api';

describeApi('request hygiene', (api) => {
  it('refuses state-changing requests from a foreign Origin with 403', async () => {
    const res = await api.admin.post<{ message: string }>(
      '/api/admin/faqs',
      { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    const sameOrigin = await api.admin.post(
      '/api/admin/faqs',
      { question: 'Q', answer: 'A', category: 'general', order: 0, isActive: true },
      { origin: api.url },
    );
    expect(sameOrigin.status).toBe(201);
  });

  it('answers malformed and oversized bodies with 4xx and no stack trace', async () => {
    const malformed = await api.admin.request<{ message: string }>('POST', '/api/admin/faqs', {
      rawBody: '{"question": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toMatch(/at .*\.(js|ts):\d+/);
    const huge = await api.admin.post('/api/admin/faqs', {
      question: 'x'.repeat(200_000),
      answer: 'a',
    });
    expect(huge.status).toBe(413);
    for (const body of [null, [], 'text', 42]) {
      const res = await api.admin.post('/api/admin/categories', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('sends security headers with a CSP that forbids objects', async () => {
    const res = await api.visitor.get('/api/categories');
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
