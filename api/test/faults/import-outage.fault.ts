/**
 * PostgreSQL stopped under a running CSV import, on a cluster of the test's own: the chunks
 * committed before the outage stay, every written row has an audit entry (who started the
 * import is recorded before the first chunk), and once the database is back the job ends
 * failed instead of staying `running`.
 */
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { ImportJob } from '@shared/rules/product-csv';
import { TestClient } from '../support/client';
import { csv, COLUMNS, productRow } from '../../src/catalogue/imports/test-support';
import { serverOnOwnCluster, uniqueId } from './support';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PostgreSQL stopped during a CSV import', () => {
  const own = serverOnOwnCluster();

  it('keeps the committed chunks, audited, and ends the job once the database is back', async () => {
    const admin = new TestClient(own.server().url);
    const login = await admin.post('/api/admin/login', {
      username: 'admin',
      password: 'admin-password-123',
    });
    expect(login.status).toBe(200);
    const marker = uniqueId('padam');
    const rows = Array.from({ length: 20_000 }, (_, n) => productRow(marker, n));
    const res = await admin.request<{ id: string }>('POST', '/api/admin/imports/products', {
      rawBody: csv(COLUMNS, rows),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.status).toBe(202);
    const { id } = res.body;
    for (let attempt = 0; attempt < 1_000; attempt++) {
      const job = await admin.get<ImportJob>(`/api/admin/imports/${id}`);
      if (job.body.processedRows > 0) break;
      await sleep(20);
    }

    own.cluster().stop();
    await sleep(3_000);
    own.cluster().start();

    let job: ImportJob | null = null;
    for (let attempt = 0; attempt < 120; attempt++) {
      // The outage outlasts the server's keep-alive timeout: the client's pooled connection
      // can be reset under its first request, which is the socket's fault, not the server's.
      const answer = await admin
        .get<ImportJob>(`/api/admin/imports/${id}`)
        .catch((error: unknown) => ({ status: 0, body: null, error }));
      if (answer.status === 200 && !['queued', 'running'].includes(answer.body!.status)) {
        job = answer.body;
        break;
      }
      await sleep(500);
    }
    expect(job).toMatchObject({ status: 'failed', message: 'Impor gagal karena kesalahan server' });
    expect(job!.created).toBeGreaterThan(0);
    expect(job!.created).toBeLessThan(rows.length);

    const { db } = own.server().running;
    const [products] = await db.sequelize.query<{ count: number | string }>(
      `SELECT COUNT(*) AS count FROM products WHERE sku LIKE ?`,
      { replacements: [`${marker}-%`], type: QueryTypes.SELECT },
    );
    expect(Number(products?.count)).toBe(job!.created);
    const audit = await db.sequelize.query<{ summary: string; username: string }>(
      `SELECT summary, username FROM audit_log WHERE "entityId" = ? ORDER BY id`,
      { replacements: [id], type: QueryTypes.SELECT },
    );
    expect(audit.map((entry) => entry.summary)).toEqual([
      'Impor CSV produk dimulai',
      `Impor CSV produk: ${job!.created} dibuat, 0 diubah, 0 tidak berubah, 0 gagal (gagal)`,
    ]);
    expect(audit.every((entry) => entry.username === 'admin')).toBe(true);
  });
});
