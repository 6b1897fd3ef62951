import type { QueryInterface } from 'sequelize';

/**
 * `click_derive.existed` (issue 26): whether a staged click's visit was stored before its batch
 * (a tracked visit it joins, or a visit of its own made by an earlier batch). Only those visits
 * have daily and funnel rows to take out and rows to lock, so a crowd of new visitors' clicks
 * no longer joins its whole batch against every stored visit three times to find none
 * (api/src/analytics/click-log.ts). The table is empty between transactions.
 *
 * A migration is frozen history: it never follows later changes to the live analytics code.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.sequelize.query(
    `ALTER TABLE click_derive ADD COLUMN existed BOOLEAN NOT NULL DEFAULT FALSE`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.removeColumn('click_derive', 'existed');
}
