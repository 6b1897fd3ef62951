import { QueryTypes } from 'sequelize';
import type { Database } from '../../src/db/database';

/** A statement as the code sent it, with its bound values. */
export interface SentStatement {
  sql: string;
  bind: unknown[];
}

/** The statements `work` sends through `db.sequelize.query`, in order. */
export async function statementsOf(
  db: Database,
  work: () => Promise<unknown>,
): Promise<SentStatement[]> {
  const statements: SentStatement[] = [];
  const sequelize = db.sequelize as unknown as {
    query: (sql: string, options?: { bind?: unknown[] }) => Promise<unknown>;
  };
  const query = sequelize.query.bind(sequelize);
  sequelize.query = (sql, options) => {
    statements.push({ sql, bind: options?.bind ?? [] });
    return query(sql, options);
  };
  try {
    await work();
  } finally {
    sequelize.query = query;
  }
  return statements;
}

/**
 * PostgreSQL: each statement's plan as EXPLAIN prints it, with the planner's `enable_*`
 * settings named in `off` turned off for them alone (a test catalogue is small enough that the
 * planner would rather scan what it probes at size).
 */
export async function plansOf(
  db: Database,
  statements: SentStatement[],
  off: string[],
): Promise<string[]> {
  return db.sequelize.transaction(async (transaction) => {
    for (const setting of off)
      await db.sequelize.query(`SET LOCAL ${setting} = off`, { transaction });
    const plans: string[] = [];
    for (const { sql, bind } of statements) {
      const plan = await db.sequelize.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, {
        bind,
        type: QueryTypes.SELECT,
        transaction,
      });
      plans.push(plan.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}
