import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/database';
import { select } from '../db/sql';
import { startServer } from '../server';
import { createTestDatabase } from '../../test/support/databases';
import { testConfig } from '../../test/support/server';

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(['sqlite', 'postgres'] as const)('/go clicks at shutdown (%s)', (dialect) => {
  it('writes a click taken just before the server stops, with the analytics rows', async () => {
    // A copy of the demo database the api project's setup migrated and seeded once.
    const template = { ...inject('databaseTemplates')[dialect], drop: async () => undefined };
    const database = await createTestDatabase(dialect, template);
    try {
      const base = testConfig(database);
      // No timed flush: only the stop can write the click.
      const config = { ...base, analytics: { ...base.analytics, flushIntervalMs: 600_000 } };
      const logged: string[] = [];
      const running = await startServer({ config, log: (line) => logged.push(line) });
      const [link] = await select<{ id: number; platform: string }>(
        running.db,
        `SELECT l.id, l.platform FROM platform_links l JOIN products p ON p.id = l."productId"
         WHERE p."isActive" = ? ORDER BY l.id LIMIT 1`,
        [true],
      );
      const response = await fetch(`http://127.0.0.1:${running.port}/go/${link!.id}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME },
      });
      expect(response.status).toBe(302);
      // The link is looked up now: the same visitor's second click (a repeat, not counted) is
      // answered by the fast path before the Express app (app.ts requestListener), whose
      // answers are whole (Content-Length: 0) where the router's 302 is sent chunked.
      const again = await fetch(`http://127.0.0.1:${running.port}/go/${link!.id}`, {
        redirect: 'manual',
        headers: { 'user-agent': CHROME },
      });
      expect(again.status).toBe(302);
      expect(again.headers.get('location')).toBe(response.headers.get('location'));
      expect(again.headers.get('content-length')).toBe('0');
      expect(again.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      await running.close();

      expect(logged.join('\n')).toMatch(
        /ingest totals: accepted 1, stored 1, refused by the database 0, refused when full 0, given up at shutdown 0, .*\/go clicks among the accepted 1/,
      );
      const db = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      try {
        const clicks = await select<{ platform: string }>(
          db,
          `SELECT platform FROM events WHERE "eventType" = 'cta_click'`,
        );
        expect(clicks).toEqual([{ platform: link!.platform }]);
        const rollups = await select<{ total: number | string }>(
          db,
          `SELECT SUM(total) AS total FROM analytics_rollups WHERE metric = ? AND value = ?`,
          ['cta_platform', link!.platform],
        );
        expect(Number(rollups[0]?.total)).toBe(1);
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  });
});
