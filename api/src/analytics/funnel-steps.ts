import type { Transaction } from 'sequelize';
import type { Database } from '../db/database';
import { chunk, execute, inList, rowsSource, valuesList } from '../db/sql';
import { NO_DAY, PRODUCT_VIEW_EVENT, sessionDayExpression, type VisitState } from './visits';

/**
 * The funnel per category and per platform (analytics_funnel_daily). A visit counts once per
 * category it opened a product of or clicked through in, and once per platform it clicked
 * through to (/go knows the link's platform); every figure at the day the visit started, as
 * in analytics_daily. The per-visit marks (analytics_visit_steps) let the ingest add only
 * what changed, the same way as ./visits.ts; bots never count.
 */

export type FunnelKind = 'category' | 'platform';

/** A step a visit reached for one category or platform. */
export interface StepMark {
  sessionId: string;
  kind: FunnelKind;
  value: string;
  product: 0 | 1;
  click: 0 | 1;
}

interface StepRow {
  kind: string;
  value: string;
  product: number;
  click: number;
}

/** The step marks of `sessionIds`, by session. */
export async function readSteps(
  db: Database,
  transaction: Transaction,
  sessionIds: string[],
): Promise<Map<string, StepRow[]>> {
  const steps = new Map<string, StepRow[]>();
  for (const ids of chunk([...new Set(sessionIds)].sort(), 1)) {
    if (ids.length === 0) continue;
    const where = inList(db.dialect, '"sessionId"', ids);
    const rows = await execute(
      db,
      transaction,
      `SELECT "sessionId", kind, value, product, click FROM analytics_visit_steps
       WHERE ${where.sql}`,
      where.params,
    );
    for (const row of rows) {
      const id = String(row.sessionId);
      const list = steps.get(id) ?? [];
      list.push({
        kind: String(row.kind),
        value: String(row.value),
        product: Number(row.product ?? 0),
        click: Number(row.click ?? 0),
      });
      steps.set(id, list);
    }
  }
  return steps;
}

/** Writes the marks (a step once reached stays reached). */
export async function writeSteps(
  db: Database,
  transaction: Transaction,
  marks: StepMark[],
): Promise<void> {
  const merged = new Map<string, StepMark>();
  for (const mark of marks) {
    const id = `${mark.sessionId}\u0000${mark.kind}\u0000${mark.value}`;
    const known = merged.get(id);
    merged.set(id, {
      ...mark,
      product: known?.product || mark.product ? 1 : 0,
      click: known?.click || mark.click ? 1 : 0,
    });
  }
  const rows = [...merged.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, m]) => [m.sessionId, m.kind, m.value.slice(0, 64), m.product, m.click]);
  for (const part of chunk(rows, 5)) {
    const source = rowsSource(db.dialect, part, ['text', 'text', 'text', 'integer', 'integer']);
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
       SELECT v.column1, v.column2, v.column3, v.column4, v.column5 FROM ${source.sql} WHERE TRUE
       ON CONFLICT ("sessionId", kind, value) DO UPDATE SET
         product = CASE WHEN excluded.product > analytics_visit_steps.product
           THEN excluded.product ELSE analytics_visit_steps.product END,
         click = CASE WHEN excluded.click > analytics_visit_steps.click
           THEN excluded.click ELSE analytics_visit_steps.click END`,
      source.params,
    );
  }
}

/** Increments of analytics_funnel_daily: what the touched visits add minus what they added. */
export class FunnelIncrements {
  private readonly rows = new Map<string, [number, number, number]>();

  private add(visit: VisitState | undefined, steps: StepRow[] | undefined, sign: 1 | -1): void {
    if (!visit || visit.bot) return;
    for (const step of steps ?? []) {
      const id = `${visit.day}\u0000${step.kind}\u0000${step.value}`;
      const [visits, products, clicks] = this.rows.get(id) ?? [0, 0, 0];
      this.rows.set(id, [
        visits + sign,
        products + sign * (step.product > 0 ? 1 : 0),
        clicks + sign * (step.click > 0 ? 1 : 0),
      ]);
    }
  }

  change(
    before: VisitState | undefined,
    stepsBefore: StepRow[] | undefined,
    after: VisitState | undefined,
    stepsAfter: StepRow[] | undefined,
  ): void {
    this.add(before, stepsBefore, -1);
    this.add(after, stepsAfter, 1);
  }

  list(): Array<[number, string, string, number, number, number]> {
    return [...this.rows.entries()]
      .filter(([, values]) => values.some((value) => value !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([id, [visits, products, clicks]]) => {
        const [day = '0', kind = '', value = ''] = id.split('\u0000');
        return [Number(day), kind, value, visits, products, clicks];
      });
  }
}

export async function applyFunnelIncrements(
  db: Database,
  transaction: Transaction,
  increments: FunnelIncrements,
): Promise<void> {
  for (const part of chunk(increments.list(), 6)) {
    await execute(
      db,
      transaction,
      `INSERT INTO analytics_funnel_daily (day, kind, value, visits, "productVisits", "clickVisits")
       VALUES ${valuesList(part.length, 6)}
       ON CONFLICT (day, kind, value) DO UPDATE SET
         visits = analytics_funnel_daily.visits + excluded.visits,
         "productVisits" = analytics_funnel_daily."productVisits" + excluded."productVisits",
         "clickVisits" = analytics_funnel_daily."clickVisits" + excluded."clickVisits"`,
      part.flat(),
    );
  }
}

/**
 * Recomputes the marks and the daily rows from the raw events (`npm run analytics:rebuild`),
 * after the visits' own rebuild. Days before the oldest stored session keep their rows.
 */
export function rebuildFunnelStatements(db: Database): string[] {
  const firstDay = `(SELECT MIN(${sessionDayExpression(db)}) FROM analytics_sessions)`;
  const present = (column: string) => `${column} IS NOT NULL AND ${column} <> ''`;
  return [
    `DELETE FROM analytics_visit_steps`,
    `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
     SELECT "sessionId", 'category', substr("categoryId", 1, 64),
       MAX(CASE WHEN "eventType" = '${PRODUCT_VIEW_EVENT}' THEN 1 ELSE 0 END),
       MAX(CASE WHEN "eventType" = 'cta_click' THEN 1 ELSE 0 END)
     FROM events
     WHERE ${present('"categoryId"')} AND "eventType" IN ('${PRODUCT_VIEW_EVENT}', 'cta_click')
     GROUP BY "sessionId", substr("categoryId", 1, 64)`,
    `INSERT INTO analytics_visit_steps ("sessionId", kind, value, product, click)
     SELECT "sessionId", 'platform', substr(platform, 1, 64), 0, 1
     FROM events WHERE ${present('platform')} AND "eventType" = 'cta_click'
     GROUP BY "sessionId", substr(platform, 1, 64)`,
    `DELETE FROM analytics_funnel_daily WHERE day >= COALESCE(${firstDay}, ${NO_DAY})`,
    `INSERT INTO analytics_funnel_daily (day, kind, value, visits, "productVisits", "clickVisits")
     SELECT ${sessionDayExpression(db, 's."createdAt"')}, v.kind, v.value, COUNT(*),
       SUM(v.product), SUM(v.click)
     FROM analytics_visit_steps v JOIN analytics_sessions s ON s."sessionId" = v."sessionId"
     WHERE s.bot = FALSE
     GROUP BY ${sessionDayExpression(db, 's."createdAt"')}, v.kind, v.value`,
  ];
}
