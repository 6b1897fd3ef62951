import type { QueryInterface } from 'sequelize';

/**
 * `feeds.seenRunId`: the last run of the feed that recorded what it saw. A feed item whose
 * `lastSeenRunId` is NULL was seen by that run (and so has missed no run): a run no longer
 * writes each unchanged row it saw, only the items whose state departs from that (those it did
 * not see, and those it saw again after missing them). docs/decisions.md, "Feed runs", session 40.
 *
 * The items the newest run saw become such rows here, so the next run does not rewrite them.
 * A migration is frozen history: it never follows later changes to the live feed code.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  const uuid = sequelize.getDialect() === 'postgres' ? 'UUID' : 'CHAR(36)';
  await sequelize.query(`ALTER TABLE feeds ADD COLUMN "seenRunId" ${uuid}`);
  await sequelize.query(
    `UPDATE feeds SET "seenRunId" = (
       SELECT i."lastSeenRunId" FROM feed_items i JOIN feed_runs r ON r.id = i."lastSeenRunId"
       WHERE i."feedId" = feeds.id ORDER BY r."startedAt" DESC, r.id DESC LIMIT 1)`,
  );
  await sequelize.query(
    `UPDATE feed_items SET "lastSeenRunId" = NULL
     WHERE "missedRuns" = 0
       AND "lastSeenRunId" = (SELECT f."seenRunId" FROM feeds f WHERE f.id = feed_items."feedId")`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const { sequelize } = qi;
  await sequelize.query(
    `UPDATE feed_items SET "lastSeenRunId" =
       (SELECT f."seenRunId" FROM feeds f WHERE f.id = feed_items."feedId")
     WHERE "lastSeenRunId" IS NULL`,
  );
  await sequelize.query('ALTER TABLE feeds DROP COLUMN "seenRunId"');
}
