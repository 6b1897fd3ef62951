import { expect, it } from 'vitest';
import { describeApi } from '../../../test/support/api';
import { TestClient } from '../../../test/support/client';

const REPORTS = ['sources', 'funnel', 'products', 'devices'] as const;

describeApi('analytics staff reports: routes', (api) => {
  it('answer 401 without a session', async () => {
    const anonymous = new TestClient(api.url);
    for (const report of REPORTS) {
      expect((await anonymous.get(`/api/admin/analytics/${report}`)).status, report).toBe(401);
    }
  });

  it('cover the last 7 Jakarta days by default and the 7 before as previous', async () => {
    const res = await api.admin.get<{
      range: { from: string; to: string };
      previousRange: { from: string; to: string };
    }>('/api/admin/analytics/devices?from=2026-11-01&to=2026-11-07');
    expect(res.status).toBe(200);
    expect(res.body.range).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(res.body.previousRange).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    for (const report of REPORTS) {
      const answer = await api.admin.get<{ range: { from: string; to: string } }>(
        `/api/admin/analytics/${report}`,
      );
      expect(answer.status, report).toBe(200);
      const days = (Date.parse(answer.body.range.to) - Date.parse(answer.body.range.from)) / 864e5;
      expect(days, report).toBe(6);
    }
  });

  it('refuse bad parameters with a 400 in Indonesian, under the parameter', async () => {
    const cases: Array<[string, string, string]> = [
      [
        'sources?by=country',
        'by',
        'by harus salah satu dari: group, referrer, utm_source, utm_medium, utm_campaign',
      ],
      ['products?sort=price', 'sort', 'sort harus salah satu dari: views, clicks, ctr'],
      ['products?page=0', 'page', 'page harus bilangan bulat mulai 1'],
      ['products?limit=101', 'limit', 'limit harus bilangan bulat 1 sampai 100'],
      ['devices?format=xlsx', 'format', 'format hanya boleh csv'],
      [
        'funnel?source=email',
        'source',
        'source harus salah satu dari: search, social, marketplace, other, direct',
      ],
      ['funnel?from=2024-02-01&to=2024-01-01', 'from', 'Tanggal awal harus sebelum tanggal akhir'],
      [
        'funnel?platform=Shopee&source=social',
        'platform',
        'Corong per kategori atau platform tidak bisa digabung dengan filter lain',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await api.admin.get<{ message: string; errors: Record<string, string> }>(
        `/api/admin/analytics/${query}`,
      );
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual({ message, errors: { [field]: message } });
    }
  });

  it('answer CSV with ?format=csv', async () => {
    const res = await api.admin.get<string>('/api/admin/analytics/funnel?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(String(res.body)).toContain('step,count,previousCount\r\nvisit,0,0\r\n');
  });
});
