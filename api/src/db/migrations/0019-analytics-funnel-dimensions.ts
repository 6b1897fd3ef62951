import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The funnel per category and per platform (docs/contracts.md#analytics-reports).
 *
 * - analytics_visit_steps: per visit and category (or platform), whether it opened a product
 *   of it and whether it clicked through /go to it. The ingest keeps the daily rows below in
 *   step by difference from these marks.
 * - analytics_funnel_daily: per Asia/Jakarta day (of the visit's start) and category or
 *   platform, the visits that touched it, opened one of its products, clicked through.
 *
 * A migration is frozen history: it never follows later changes to the live analytics code.
 */
const counter = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };
const key = (size: number) => ({
  type: DataTypes.STRING(size),
  allowNull: false,
  primaryKey: true,
});

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('analytics_visit_steps', {
    sessionId: key(64),
    /** 'category' or 'platform'. */
    kind: key(10),
    value: key(64),
    product: counter,
    click: counter,
  });
  await qi.createTable('analytics_funnel_daily', {
    day: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    kind: key(10),
    value: key(64),
    visits: counter,
    productVisits: counter,
    clickVisits: counter,
  });
  await qi.addIndex('analytics_funnel_daily', ['kind', 'value', 'day'], {
    name: 'analytics_funnel_daily_value',
  });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('analytics_funnel_daily');
  await qi.dropTable('analytics_visit_steps');
}
