/** Files and calls the import tests share (a CSV writer, uploads, waiting for a job). */
import { expect } from 'vitest';
import { isFinishedImport, type ImportJob } from '@shared/rules/product-csv';
import type { AdminProductListResponse } from '@shared/types';
import type { ApiFixture } from '../../../test/support/api';

export type Cells = Record<string, string>;

const quote = (value: string) =>
  /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** A CSV file from rows of named cells, with the given columns. */
export function csv(columns: string[], rows: Cells[], delimiter = ','): string {
  const lines = [columns.join(delimiter)];
  for (const row of rows) lines.push(columns.map((c) => quote(row[c] ?? '')).join(delimiter));
  return `${lines.join('\r\n')}\r\n`;
}

export const COLUMNS = [
  'sku',
  'title',
  'description',
  'category',
  'imageUrl',
  'discountPercentage',
  'isActive',
  'shopee_url',
  'shopee_price',
];

export function productRow(marker: string, n: number, overrides: Cells = {}): Cells {
  return {
    sku: `${marker}-${n}`,
    title: `Produk ${marker} ${n}`,
    description: `Deskripsi ${marker}`,
    category: 'elektronik',
    imageUrl: 'https://example.com/produk.webp',
    discountPercentage: '20',
    isActive: 'ya',
    shopee_url: `https://shopee.co.id/${marker}-${n}`,
    shopee_price: 'Rp 150.000',
    ...overrides,
  };
}

export async function upload(api: ApiFixture, body: string, dryRun = false, client = api.admin) {
  return client.request<{ id: string; message?: string }>(
    'POST',
    `/api/admin/imports/products${dryRun ? '?dryRun=true' : ''}`,
    { rawBody: body, headers: { 'content-type': 'text/csv' } },
  );
}

export async function waitForJob(api: ApiFixture, id: string): Promise<ImportJob> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const res = await api.admin.get<ImportJob>(`/api/admin/imports/${id}`);
    expect(res.status).toBe(200);
    if (isFinishedImport(res.body.status)) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

export async function importCsv(api: ApiFixture, body: string, dryRun = false): Promise<ImportJob> {
  const res = await upload(api, body, dryRun);
  expect(res.status).toBe(202);
  return waitForJob(api, res.body.id);
}

export async function adminSearch(api: ApiFixture, search: string, extra = '') {
  const res = await api.admin.get<AdminProductListResponse>(
    `/api/admin/products?page=1&limit=100&search=${encodeURIComponent(search)}${extra}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

export async function exportCsv(api: ApiFixture, query = '') {
  const res = await api.admin.get<string>(`/api/admin/exports/products.csv${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  return res.text;
}

/**
 * A strict RFC 4180 reader, independent of csv-parse (which is lenient where spreadsheet
 * programs are not): records end in CRLF, and an unquoted cell holds no CR, LF or quote.
 * Throws where a spreadsheet would split or misread a row.
 */
export function strictCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let at = text.startsWith('\uFEFF') ? 1 : 0;
  while (at < text.length) {
    const record: string[] = [];
    for (;;) {
      let cell = '';
      if (text[at] === '"') {
        at++;
        for (;;) {
          if (at >= text.length) throw new Error(`quote not closed in record ${records.length}`);
          if (text[at] === '"') {
            if (text[at + 1] !== '"') break;
            at++;
          }
          cell += text[at++];
        }
        at++;
      } else {
        while (at < text.length && !',\r\n'.includes(text[at]!)) {
          if (text[at] === '"') throw new Error(`bare quote in record ${records.length}`);
          cell += text[at++];
        }
      }
      record.push(cell);
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text.startsWith('\r\n', at)) {
        at += 2;
        break;
      }
      throw new Error(`record ${records.length} not ended by CRLF: ${JSON.stringify(record)}`);
    }
    records.push(record);
  }
  return records;
}
