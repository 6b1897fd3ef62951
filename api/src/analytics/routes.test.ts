import { expect, it } from 'vitest';
import { describeApi } from '../../test/support/api';
import { TestClient } from '../../test/support/client';

/** Every report that takes a range (realtime takes none). */
const REPORTS = [
  'dashboard',
  'traffic-by-country',
  'top-pages',
  'missed-searches',
  'cta-performance',
] as const;

const INVALID = 'Tanggal tidak valid: tulis YYYY-MM-DD (WIB) atau tanggal-waktu ISO';
const DAY_MS = 86_400_000;
/** The Asia/Jakarta calendar date `days` from today. */
const jakartaDate = (days: number) =>
  new Date(Date.now() + days * DAY_MS + 7 * 3_600_000).toISOString().slice(0, 10);

describeApi('analytics report routes', (api) => {
  it('answer 401 without a session', async () => {
    const anonymous = new TestClient(api.url);
    for (const report of [...REPORTS, 'realtime']) {
      expect((await anonymous.get(`/api/admin/analytics/${report}`)).status, report).toBe(401);
    }
  });

  it('refuse dates outside 2000-01-01 .. a year from today with a 400 in Indonesian', async () => {
    const outside = [
      // Year 1 WIB is year 0 in UTC, which PostgreSQL refuses (500 there before).
      'to=0001-01-01',
      'from=0001-01-01',
      'from=1999-12-31',
      'from=1999-12-31T16:59:59Z',
      `to=${jakartaDate(370)}`,
      'to=9999-12-31T23:59:59Z',
    ];
    for (const report of REPORTS) {
      for (const query of outside) {
        const res = await api.admin.get<{ message: string; errors: Record<string, string> }>(
          `/api/admin/analytics/${report}?${query}`,
        );
        expect(res.status, `${report}?${query}`).toBe(400);
        expect(res.body.message, `${report}?${query}`).toBe(
          `Tanggal harus antara 2000-01-01 dan ${jakartaDate(365)}`,
        );
        const field = query.split('=')[0]!;
        expect(res.body.errors, `${report}?${query}`).toEqual({ [field]: res.body.message });
      }
    }
  });

  it('answer dates inside the range, the edges included', async () => {
    for (const report of REPORTS) {
      for (const query of [
        'from=2000-01-01&to=2000-01-31',
        `from=${jakartaDate(-10)}&to=${jakartaDate(360)}`,
        'from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00%2B07:00',
        '',
      ]) {
        const res = await api.admin.get(`/api/admin/analytics/${report}?${query}`);
        expect(res.status, `${report}?${query}`).toBe(200);
      }
    }
  });

  it('refuse malformed dates, reversed and overlong ranges, and a bad limit', async () => {
    const cases: Array<[string, string, string]> = [
      // The smallest and largest dates JavaScript knows (500 on both databases before): years
      // are written with four digits.
      ['to=-271821-04-20', 'to', INVALID],
      ['to=275760-09-13', 'to', INVALID],
      ['from=%2B275760-09-13T00:00:00Z', 'from', INVALID],
      ['from=yesterday', 'from', INVALID],
      ['to=2024-02-30', 'to', INVALID],
      // A time without its offset would be read in the server's own zone.
      ['to=2024-01-01T10:00', 'to', INVALID],
      ['from=2024-01-01&from=2024-01-02', 'from', INVALID],
      ['from=2024-02-01&to=2024-01-01', 'from', 'Tanggal awal harus sebelum tanggal akhir'],
      ['from=2001-01-01&to=2012-01-01', 'from', 'Rentang laporan paling lama 10 tahun'],
    ];
    for (const report of REPORTS) {
      for (const [query, field, message] of cases) {
        const res = await api.admin.get(`/api/admin/analytics/${report}?${query}`);
        expect(res.status, `${report}?${query}`).toBe(400);
        expect(res.body, `${report}?${query}`).toEqual({ message, errors: { [field]: message } });
      }
    }
    for (const report of ['top-pages', 'missed-searches']) {
      for (const limit of ['0', '101', '2.5', 'x']) {
        const res = await api.admin.get(`/api/admin/analytics/${report}?limit=${limit}`);
        expect(res.status, `${report}?limit=${limit}`).toBe(400);
        const message = 'limit harus bilangan bulat 1 sampai 100';
        expect(res.body).toEqual({ message, errors: { limit: message } });
      }
      expect((await api.admin.get(`/api/admin/analytics/${report}?limit=100`)).status).toBe(200);
    }
  });
});
