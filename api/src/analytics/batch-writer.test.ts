import { ConnectionRefusedError } from 'sequelize';
import type { Transaction } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openMigratedDatabase,
  selectRows,
  type FixtureDatabase,
} from '../../test/support/catalogue-fixtures';
import { BatchWriter } from './batch-writer';

/** A row for a table of the test's own: a null label breaks its NOT NULL constraint. */
interface Row {
  id: number;
  label: string | null;
}

describe.each(['sqlite', 'postgres'] as const)('BatchWriter on %s', (dialect) => {
  let fixture: FixtureDatabase;
  const logged: string[] = [];
  const rejected: Row[] = [];
  /** Before a write reaches the database, this many attempts fail as if it were unreachable. */
  let outageAttempts = 0;
  let attempts = 0;

  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
    await fixture.db.sequelize.query(
      'CREATE TABLE batch_writer_rows (id INTEGER PRIMARY KEY, label TEXT NOT NULL)',
    );
  }, 60_000);

  afterAll(() => fixture?.close());

  beforeEach(async () => {
    await fixture.db.sequelize.query('DELETE FROM batch_writer_rows');
    logged.length = 0;
    rejected.length = 0;
    outageAttempts = 0;
    attempts = 0;
  });

  async function insertRows(transaction: Transaction, rows: Row[]): Promise<void> {
    attempts += 1;
    if (attempts <= outageAttempts) {
      throw new ConnectionRefusedError(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    }
    for (const row of rows) {
      await fixture.db.sequelize.query('INSERT INTO batch_writer_rows (id, label) VALUES (?, ?)', {
        replacements: [row.id, row.label],
        transaction,
      });
    }
  }

  const newWriter = () =>
    new BatchWriter<Row>(fixture.db, {
      name: '[test]',
      log: (line) => logged.push(line),
      writeBatch: insertRows,
      onRejected: (row) => rejected.push(row),
      heldRows: () => 0,
    });

  const storedIds = async () =>
    (
      await selectRows<{ id: number }>(fixture.db, 'SELECT id FROM batch_writer_rows ORDER BY id')
    ).map((row) => Number(row.id));

  const rows = (count: number, badIds: number[] = []): Row[] =>
    Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      label: badIds.includes(index + 1) ? null : `rij ${index + 1}`,
    }));

  it('writes a batch in one transaction', async () => {
    const writer = newWriter();
    await writer.write(rows(5));
    expect(await storedIds()).toEqual([1, 2, 3, 4, 5]);
    expect(writer).toMatchObject({ written: 5, rejected: 0, abandoned: 0 });
  });

  it('splits a batch the database refuses until only the bad rows are left out', async () => {
    const writer = newWriter();
    await writer.write(rows(9, [3, 8]));
    expect(await storedIds()).toEqual([1, 2, 4, 5, 6, 7, 9]);
    expect(rejected.map((row) => row.id)).toEqual([3, 8]);
    expect(writer).toMatchObject({ written: 7, rejected: 2, abandoned: 0 });
  });

  it('keeps retrying while the database is unreachable, and says when it is back', async () => {
    outageAttempts = 3;
    const writer = newWriter();
    await writer.write(rows(4));
    expect(await storedIds()).toEqual([1, 2, 3, 4]);
    expect(attempts).toBe(4);
    expect(writer).toMatchObject({ written: 4, abandoned: 0, unavailableSince: null });
    expect(logged[0]).toMatch(/^\[test\] database unreachable/);
    expect(logged[1]).toMatch(/^\[test\] database reachable again after/);
  });

  it('gives a batch up once the stop deadline has passed while the database is away', async () => {
    outageAttempts = Number.POSITIVE_INFINITY;
    const writer = newWriter();
    writer.stopDeadline = Date.now() + 300;
    await writer.write(rows(3));
    expect(await storedIds()).toEqual([]);
    expect(writer).toMatchObject({ written: 0, abandoned: 3 });
    expect(writer.unavailableSince).not.toBeNull();
    expect(logged.at(-1)).toBe(
      '[test] gave up 3 rows at shutdown: the database stayed unreachable',
    );
  });
});
