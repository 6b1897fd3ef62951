import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, inList, rowsSource } from '../src/db/sql';
import { openMigratedDatabase, type FixtureDatabase } from './support/catalogue-fixtures';

/** Values whose text an array literal has to quote or escape. */
const AWKWARD = [
  'plain',
  'with "quotes"',
  'back\\slash',
  'a,b',
  '{braces}',
  'NULL',
  '',
  ' spaced ',
  'ü ☃ 𝄞',
];

describe.each(['sqlite', 'postgres'] as const)('statement lists on %s', (dialect) => {
  let fixture: FixtureDatabase;
  beforeAll(async () => {
    fixture = await openMigratedDatabase(dialect);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('reads back every row of a rowsSource, nulls and awkward text included', async () => {
    const { db } = fixture;
    const rows = AWKWARD.map((text, index) => [text, index, index % 3 === 0 ? null : `n${index}`]);
    const source = rowsSource(db.dialect, rows, ['text', 'integer', 'text']);
    const read = await db.write((transaction) =>
      execute(
        db,
        transaction,
        `SELECT v.column1 AS text, v.column2 AS number, v.column3 AS maybe FROM ${source.sql}
         ORDER BY v.column2`,
        source.params,
      ),
    );
    expect(read.map((row) => [row.text, Number(row.number), row.maybe])).toEqual(rows);
  });

  it('matches exactly the listed values with inList', async () => {
    const { db } = fixture;
    const source = rowsSource(
      db.dialect,
      AWKWARD.map((text) => [text]),
      ['text'],
    );
    const wanted = ['with "quotes"', 'back\\slash', 'NULL', '', 'not there'];
    const where = inList(db.dialect, 'v.column1', wanted);
    const read = await db.write((transaction) =>
      execute(db, transaction, `SELECT v.column1 AS text FROM ${source.sql} WHERE ${where.sql}`, [
        ...source.params,
        ...where.params,
      ]),
    );
    // Sorted here: the engines' collations order text differently.
    expect(read.map((row) => String(row.text)).sort()).toEqual(
      wanted.filter((text) => AWKWARD.includes(text)).sort(),
    );
  });
});
