// The click log of session 38's proposal (a /go click stored as ONE compact row, its visit,
// steps and rollups derived in SQL later), for measuring it: bench/go-server.ts
// (GO_BENCH_CLICKS=log, log-derive) and bench/click-flush.bench.ts (CLICK_FLUSH_MODE). Not the
// product's: see docs/decisions.md, "Session 38".
import { anonymousVisitorKey, userAgentInfo } from '../../api/src/analytics';
import type { Database } from '../../api/src/db/database';
import { execute, valuesList } from '../../api/src/db/sql';
import type { AdmittedClick } from '../../api/src/go/recorder';

const DERIVE = `
    WITH c AS (DELETE FROM click_log RETURNING *),
    j AS (
      SELECT c.*, l."productId"::text AS "productId", l.platform::text AS platform,
        p."categoryId"::text AS "categoryId",
        COALESCE((SELECT s."sessionId" FROM analytics_sessions s
          WHERE s."visitorKey" = c."visitorKey" AND s."lastSeenMs" >= c.at - 1800000 AND s.bot = FALSE
          ORDER BY s."lastSeenMs" DESC, s."sessionId" DESC LIMIT 1), 'go:' || c."visitorKey") AS sid,
        (FLOOR(c.at / 3600000.0))::int AS hour
      FROM c JOIN platform_links l ON l.id = c."linkId" JOIN products p ON p.id = l."productId"
    ),
    ev AS (
      INSERT INTO events ("sessionId", "eventType", "eventData", "productId", "categoryId", platform, "createdAt")
      SELECT sid, 'cta_click', json_build_object('source', 'redirect', 'linkId', "linkId", 'productId', "productId",
        'platform', platform, 'categoryId', "categoryId", 'path', path)::text, "productId", "categoryId", platform,
        to_timestamp(at / 1000.0) FROM j
    ),
    own AS (
      INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
               "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet", clicks)
      SELECT sid, to_timestamp(MIN(at) / 1000.0), 0, TRUE, MIN("visitorKey"), MIN(device), MIN(browser), 'direct', TRUE, COUNT(*)
      FROM j WHERE sid LIKE 'go:%' GROUP BY sid
      ON CONFLICT ("sessionId") DO UPDATE SET clicks = analytics_sessions.clicks + excluded.clicks
    ),
    vc AS (
      UPDATE analytics_sessions SET clicks = analytics_sessions.clicks + v.n
      FROM (SELECT sid, COUNT(*) AS n FROM j WHERE sid NOT LIKE 'go:%' GROUP BY sid) v
      WHERE analytics_sessions."sessionId" = v.sid
    ),
    ro AS (
      INSERT INTO analytics_rollups (metric, hour, value, total)
      SELECT metric, hour, value, COUNT(*) FROM (
        SELECT 'event' AS metric, hour, 'cta_click' AS value FROM j
        UNION ALL SELECT 'cta_platform', hour, platform FROM j
        UNION ALL SELECT 'cta_product', hour, "productId" FROM j) r
      GROUP BY metric, hour, value
      ON CONFLICT (metric, hour, value) DO UPDATE SET total = analytics_rollups.total + excluded.total
    ),
    pd AS (
      INSERT INTO analytics_product_daily (day, "productId", views, clicks)
      SELECT (hour + 7) / 24, "productId", 0, COUNT(*) FROM j GROUP BY (hour + 7) / 24, "productId"
      ON CONFLICT (day, "productId") DO UPDATE SET clicks = analytics_product_daily.clicks + excluded.clicks
    ),
    st AS (
      INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
      SELECT DISTINCT sid, 'category', "categoryId", 0, 1 FROM j
      UNION SELECT DISTINCT sid, 'platform', platform, 0, 1 FROM j
      ON CONFLICT ("sessionId", kind, value) DO UPDATE SET click = 1
    )
    SELECT COUNT(*) AS derived FROM c`;

/**
 * The same derivation on SQLite (no data-modifying CTE): the log's rows up to a bound staged
 * with their link and visit, one statement per table, then deleted, in one transaction.
 */
const SQLITE_DERIVE = [
  `DELETE FROM click_derive`,
  `INSERT INTO click_derive
   SELECT c.rowid, c.at, c."linkId", c."visitorKey", c.device, c.browser, c.path,
     l."productId", l.platform, CAST(p."categoryId" AS TEXT),
     COALESCE((SELECT s."sessionId" FROM analytics_sessions s
       WHERE s."visitorKey" = c."visitorKey" AND s."lastSeenMs" >= c.at - 1800000 AND s.bot = FALSE
       ORDER BY s."lastSeenMs" DESC, s."sessionId" DESC LIMIT 1), 'go:' || c."visitorKey"),
     c.at / 3600000,
     strftime('%Y-%m-%d %H:%M:%f', c.at / 1000.0, 'unixepoch') || ' +00:00'
   FROM click_log c JOIN platform_links l ON l.id = c."linkId" JOIN products p ON p.id = l."productId"`,
  `INSERT INTO events ("sessionId", "eventType", "eventData", "productId", "categoryId", platform, "createdAt")
   SELECT sid, 'cta_click', json_object('source', 'redirect', 'linkId', "linkId", 'productId', "productId",
     'platform', platform, 'categoryId', "categoryId", 'path', path), "productId", "categoryId", platform,
     created FROM click_derive`,
  `INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
     "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet", clicks)
   SELECT sid, MIN(created), 0, TRUE, MIN("visitorKey"), MIN(device), MIN(browser), 'direct', TRUE, COUNT(*)
   FROM click_derive WHERE sid LIKE 'go:%' GROUP BY sid
   ON CONFLICT ("sessionId") DO UPDATE SET clicks = analytics_sessions.clicks + excluded.clicks`,
  `UPDATE analytics_sessions SET clicks = analytics_sessions.clicks + v.n
   FROM (SELECT sid, COUNT(*) AS n FROM click_derive WHERE sid NOT LIKE 'go:%' GROUP BY sid) v
   WHERE analytics_sessions."sessionId" = v.sid`,
  `INSERT INTO analytics_rollups (metric, hour, value, total)
   SELECT metric, hour, value, COUNT(*) FROM (
     SELECT 'event' AS metric, hour, 'cta_click' AS value FROM click_derive
     UNION ALL SELECT 'cta_platform', hour, platform FROM click_derive
     UNION ALL SELECT 'cta_product', hour, "productId" FROM click_derive) r
   WHERE TRUE GROUP BY metric, hour, value
   ON CONFLICT (metric, hour, value) DO UPDATE SET total = analytics_rollups.total + excluded.total`,
  `INSERT INTO analytics_product_daily (day, "productId", views, clicks)
   SELECT (hour + 7) / 24, "productId", 0, COUNT(*) FROM click_derive
   WHERE TRUE GROUP BY (hour + 7) / 24, "productId"
   ON CONFLICT (day, "productId") DO UPDATE SET clicks = analytics_product_daily.clicks + excluded.clicks`,
  `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
   SELECT sid, 'category', "categoryId", 0, 1 FROM click_derive WHERE TRUE
   UNION SELECT sid, 'platform', platform, 0, 1 FROM click_derive WHERE TRUE
   ON CONFLICT ("sessionId", kind, value) DO UPDATE SET click = 1`,
  `DELETE FROM click_log WHERE rowid <= (SELECT MAX(logId) FROM click_derive)`,
];

export class BenchClickLog {
  private at: number[] = [];
  private link: number[] = [];
  private visitor: string[] = [];
  private key: string[] = [];
  private device: string[] = [];
  private browser: string[] = [];
  private path: Array<string | null> = [];
  private flushing: Promise<void> = Promise.resolve();
  logged = 0;
  private readonly timer: NodeJS.Timeout | null;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly options: { derive: boolean; everyMs: number | null },
  ) {
    this.timer = options.everyMs ? setInterval(() => void this.flush(), options.everyMs) : null;
  }

  async create(): Promise<void> {
    await this.db.sequelize.query(
      `CREATE TABLE click_log (at BIGINT NOT NULL, "linkId" INTEGER NOT NULL,
         visitor TEXT NOT NULL, "visitorKey" TEXT NOT NULL, device TEXT, browser TEXT, path TEXT)`,
    );
    if (this.db.dialect === 'sqlite') {
      await this.db.sequelize.query(
        `CREATE TABLE click_derive (logId INTEGER, at BIGINT, "linkId" INTEGER, "visitorKey" TEXT,
           device TEXT, browser TEXT, path TEXT, "productId" TEXT, platform TEXT,
           "categoryId" TEXT, sid TEXT, hour INTEGER, created TEXT)`,
      );
    }
  }

  add(admitted: AdmittedClick): void {
    const { click, at, hash, address } = admitted;
    const agent = userAgentInfo(click.userAgent);
    this.at.push(at);
    this.link.push(click.linkId);
    this.visitor.push(hash.slice(0, 32));
    this.key.push(anonymousVisitorKey(this.secret, address, click.userAgent, at));
    this.device.push(agent.device);
    this.browser.push(agent.browser);
    this.path.push(click.fromPath ?? null);
    if (this.options.everyMs && this.at.length >= 2000) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const rows = this.at.length;
      if (rows === 0) return;
      const columns = [
        this.at,
        this.link,
        this.visitor,
        this.key,
        this.device,
        this.browser,
        this.path,
      ];
      this.at = [];
      this.link = [];
      this.visitor = [];
      this.key = [];
      this.device = [];
      this.browser = [];
      this.path = [];
      await this.db.sequelize.transaction(async (transaction) => {
        if (this.db.dialect === 'postgres') {
          await execute(
            this.db,
            transaction,
            `INSERT INTO click_log SELECT * FROM unnest(CAST(? AS bigint[]), CAST(? AS integer[]),
               CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
               CAST(? AS text[]))`,
            columns,
          );
          return;
        }
        for (let start = 0; start < rows; start += 1000) {
          const end = Math.min(rows, start + 1000);
          const params: unknown[] = [];
          for (let i = start; i < end; i += 1) for (const column of columns) params.push(column[i]);
          await execute(
            this.db,
            transaction,
            `INSERT INTO click_log VALUES ${valuesList(end - start, columns.length)}`,
            params,
          );
        }
      });
      this.logged += rows;
      // `log-derive`: the click log consumed by set-based statements, after and in a
      // transaction of its own. A lower bound of what deriving costs the database: the events,
      // the visits made by a click (or the current visit's count), the hourly rollups, the
      // product-day clicks and the funnel marks; the daily and funnel rows by difference and
      // the product periods are left out.
      if (!this.options.derive) return;
      if (this.db.dialect === 'postgres') {
        await this.db.sequelize.query(DERIVE);
        return;
      }
      await this.db.sequelize.transaction(async (transaction) => {
        for (const sql of SQLITE_DERIVE) await execute(this.db, transaction, sql);
      });
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
