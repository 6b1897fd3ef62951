import type { QueryInterface } from 'sequelize';

/**
 * A /go click as one compact row (issue 26): the analytics write buffer inserts a batch's clicks
 * into `click_log` with one statement and derives their events, visits, steps and rollups from
 * it by set statements in the same transaction, through `click_derive`, where each click is
 * staged with the visit it joins (api/src/analytics/click-log.ts). Both tables are empty
 * between transactions; rows found in `click_log` at start (written by a transaction that
 * committed without deriving them) are derived then.
 *
 * `click_derive` is UNLOGGED on PostgreSQL: its rows never outlive the transaction that wrote
 * them, so a crash's truncation loses nothing and its rows cost no WAL.
 *
 * A migration is frozen history: it never follows later changes to the live analytics code.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const pg = qi.sequelize.getDialect() === 'postgres';
  await qi.sequelize.query(
    `CREATE TABLE click_log (at BIGINT NOT NULL, "linkId" INTEGER NOT NULL,
       "visitorKey" TEXT NOT NULL, device TEXT, browser TEXT, "productId" TEXT,
       "categoryId" TEXT, platform TEXT, path TEXT)`,
  );
  await qi.sequelize.query(
    `CREATE ${pg ? 'UNLOGGED ' : ''}TABLE click_derive (at BIGINT NOT NULL,
       "linkId" INTEGER NOT NULL, "visitorKey" TEXT NOT NULL, device TEXT, browser TEXT,
       "productId" TEXT, "categoryId" TEXT, platform TEXT, path TEXT,
       sid TEXT NOT NULL, own BOOLEAN NOT NULL, hour BIGINT NOT NULL,
       created ${pg ? 'TIMESTAMP WITH TIME ZONE' : 'DATETIME'} NOT NULL)`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('click_derive');
  await qi.dropTable('click_log');
}
