// The click log of session 38's proposal (a /go click stored as ONE compact row, its visit,
// steps and rollups derived in SQL later), for measuring it: bench/go-server.ts
// (GO_BENCH_CLICKS=log, log-derive) and bench/click-flush.bench.ts (CLICK_FLUSH_MODE). Not the
// product's: see docs/decisions.md, "Session 38".
import { anonymousVisitorKey, userAgentInfo } from '../../api/src/analytics';
import { OTHER_BROWSER } from '../../api/src/analytics/visitor';
import { sessionDayExpression } from '../../api/src/analytics/visits';
import type { Database, Dialect } from '../../api/src/db/database';
import { execute, valuesList } from '../../api/src/db/sql';
import type { AdmittedClick } from '../../api/src/go/recorder';

/**
 * The derivation, set-based, one statement per table, in one transaction: the log's rows
 * staged with their link and visit (and deleted), then the events, the visits a click makes
 * (or the click counts of the visitor's current visit), the hourly rollups, the product-day
 * clicks, the funnel marks, and the daily and funnel rows by difference (the touched visits'
 * rows taken out before the counters and marks change and put back after). Left out: the
 * product totals and report periods (./api/src/analytics/product-periods.ts).
 */
function deriveStatements(dialect: Dialect): string[] {
  const pg = dialect === 'postgres';
  const day = sessionDayExpression({ dialect } as Database, 's."createdAt"');
  const stage = `SELECT c.at, c."linkId", c."visitorKey", c.device, c.browser, c.path,
       CAST(l."productId" AS TEXT), CAST(l.platform AS TEXT), CAST(p."categoryId" AS TEXT),
       COALESCE((SELECT s."sessionId" FROM analytics_sessions s
         WHERE s."visitorKey" = c."visitorKey" AND s."lastSeenMs" >= c.at - 1800000
           AND s.bot = FALSE
         ORDER BY s."lastSeenMs" DESC, s."sessionId" DESC LIMIT 1), 'go:' || c."visitorKey"),
       c.at / 3600000,
       ${
         pg
           ? `to_timestamp(c.at / 1000.0)`
           : `strftime('%Y-%m-%d %H:%M:%f', c.at / 1000.0, 'unixepoch') || ' +00:00'`
       }
     FROM c JOIN platform_links l ON l.id = c."linkId" JOIN products p ON p.id = l."productId"`;
  const touched = `"sessionId" IN (SELECT sid FROM click_derive)`;
  const daily = (sign: string) => `INSERT INTO analytics_daily (day, "sourceGroup", "referrerHost",
       "utmSource", "utmMedium", "utmCampaign", device, browser, visits, "productVisits",
       "clickVisits", "productViews", clicks)
     SELECT ${day}, COALESCE(s."sourceGroup", 'direct'), COALESCE(s."referrerHost", ''),
       COALESCE(s."utmSource", ''), COALESCE(s."utmMedium", ''), COALESCE(s."utmCampaign", ''),
       COALESCE(s."visitDevice", 'desktop'), COALESCE(s."visitBrowser", '${OTHER_BROWSER}'),
       ${sign}COUNT(*), ${sign}SUM(CASE WHEN s."productViews" > 0 THEN 1 ELSE 0 END),
       ${sign}SUM(CASE WHEN s.clicks > 0 THEN 1 ELSE 0 END), ${sign}SUM(s."productViews"),
       ${sign}SUM(s.clicks)
     FROM analytics_sessions s WHERE s.${touched} AND s.bot = FALSE
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
     ON CONFLICT (day, "sourceGroup", "referrerHost", "utmSource", "utmMedium", "utmCampaign",
       device, browser) DO UPDATE SET visits = analytics_daily.visits + excluded.visits,
       "productVisits" = analytics_daily."productVisits" + excluded."productVisits",
       "clickVisits" = analytics_daily."clickVisits" + excluded."clickVisits",
       "productViews" = analytics_daily."productViews" + excluded."productViews",
       clicks = analytics_daily.clicks + excluded.clicks`;
  const funnel = (sign: string) => `INSERT INTO analytics_funnel_daily (day, kind, value, visits,
       "productVisits", "clickVisits")
     SELECT ${day}, v.kind, v.value, ${sign}COUNT(*), ${sign}SUM(v.product), ${sign}SUM(v.click)
     FROM analytics_visit_steps v JOIN analytics_sessions s ON s."sessionId" = v."sessionId"
     WHERE v.${touched} AND s.bot = FALSE
     GROUP BY 1, 2, 3
     ON CONFLICT (day, kind, value) DO UPDATE SET visits = analytics_funnel_daily.visits + excluded.visits,
       "productVisits" = analytics_funnel_daily."productVisits" + excluded."productVisits",
       "clickVisits" = analytics_funnel_daily."clickVisits" + excluded."clickVisits"`;
  return [
    `DELETE FROM click_derive`,
    pg
      ? `WITH c AS (DELETE FROM click_log RETURNING *) INSERT INTO click_derive ${stage}`
      : `INSERT INTO click_derive ${stage.replace('FROM c JOIN', 'FROM click_log c JOIN')}`,
    ...(pg ? [] : [`DELETE FROM click_log`]),
    daily('-'),
    funnel('-'),
    `INSERT INTO events ("sessionId", "eventType", "eventData", "productId", "categoryId", platform, "createdAt")
     SELECT sid, 'cta_click', ${pg ? 'CAST(json_build_object' : 'json_object'}('source', 'redirect',
       'linkId', "linkId", 'productId', "productId", 'platform', platform, 'categoryId',
       "categoryId", 'path', path)${pg ? ' AS TEXT)' : ''}, "productId", "categoryId", platform,
       created FROM click_derive`,
    `INSERT INTO analytics_sessions ("sessionId", "createdAt", "lastSeenMs", detailed,
       "visitorKey", "visitDevice", "visitBrowser", "sourceGroup", "sourceSet", clicks)
     SELECT sid, MIN(created), 0, TRUE, MIN("visitorKey"), MIN(device), MIN(browser), 'direct',
       TRUE, COUNT(*)
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
     SELECT ${day}, d."productId", 0, COUNT(*)
     FROM click_derive d JOIN analytics_sessions s ON s."sessionId" = d.sid
     WHERE s.bot = FALSE GROUP BY 1, 2
     ON CONFLICT (day, "productId") DO UPDATE SET clicks = analytics_product_daily.clicks + excluded.clicks`,
    `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
     SELECT sid, 'category', "categoryId", 0, 1 FROM click_derive WHERE "categoryId" IS NOT NULL
     UNION SELECT sid, 'platform', platform, 0, 1 FROM click_derive WHERE TRUE
     ON CONFLICT ("sessionId", kind, value) DO UPDATE SET click = 1`,
    daily(''),
    funnel(''),
  ];
}

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
    await this.db.sequelize.query(
      `CREATE TABLE click_derive (at BIGINT, "linkId" INTEGER, "visitorKey" TEXT,
         device TEXT, browser TEXT, path TEXT, "productId" TEXT, platform TEXT,
         "categoryId" TEXT, sid TEXT, hour INTEGER,
         created ${this.db.dialect === 'postgres' ? 'TIMESTAMPTZ' : 'TEXT'})`,
    );
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
      // `log-derive`: the click log consumed by deriveStatements(), after the log's own
      // transaction and in one of its own.
      if (!this.options.derive) return;
      await this.db.sequelize.transaction(async (transaction) => {
        for (const sql of deriveStatements(this.db.dialect)) {
          await execute(this.db, transaction, sql);
        }
      });
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
