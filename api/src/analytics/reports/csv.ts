import type {
  DevicesReport,
  FunnelReport,
  ProductsReport,
  SourcesReport,
} from '@shared/schemas/analytics-reports';
import type { Response } from 'express';
import { csvRecord } from '../../lib/csv-format';

/**
 * `?format=csv` of the reports: the same figures as the JSON answer, the previous period's in
 * columns beside them. Reports are small (a list of at most a few hundred rows or one page),
 * so each is written in one piece, with a BOM so spreadsheets read UTF-8.
 */
function send(res: Response, name: string, rows: Array<Array<string | number>>): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
  res.end(`\uFEFF${rows.map((row) => csvRecord(row.map(String))).join('')}`);
}

export function sourcesCsv(res: Response, report: SourcesReport): void {
  const previous = new Map(report.previous.sources.map((row) => [row.key, row]));
  send(res, `sumber-${report.by}-${report.range.from}-${report.range.to}`, [
    [
      report.by,
      'visits',
      'productViews',
      'clicks',
      'ctr',
      'previousVisits',
      'previousProductViews',
      'previousClicks',
      'previousCtr',
    ],
    ...report.sources.map((row) => {
      const before = previous.get(row.key);
      return [
        row.key,
        row.visits,
        row.productViews,
        row.clicks,
        row.ctr,
        before?.visits ?? 0,
        before?.productViews ?? 0,
        before?.clicks ?? 0,
        before?.ctr ?? 0,
      ];
    }),
  ]);
}

export function funnelCsv(res: Response, report: FunnelReport): void {
  send(res, `corong-${report.range.from}-${report.range.to}`, [
    ['step', 'count', 'previousCount'],
    ...report.steps.map((step, index) => [
      step.step,
      step.count,
      report.previous.steps[index]?.count ?? 0,
    ]),
  ]);
}

export function productsCsv(res: Response, report: ProductsReport): void {
  send(res, `produk-${report.range.from}-${report.range.to}-hal-${report.currentPage}`, [
    [
      'id',
      'title',
      'views',
      'clicks',
      'ctr',
      'watches',
      'lowestPrice',
      'previousViews',
      'previousClicks',
      'previousCtr',
    ],
    ...report.products.map((row) => [
      row.id,
      row.title,
      row.views,
      row.clicks,
      row.ctr,
      row.watches,
      row.lowestPrice ?? '',
      row.previous.views,
      row.previous.clicks,
      row.previous.ctr,
    ]),
  ]);
}

export function devicesCsv(res: Response, report: DevicesReport): void {
  const before = (kind: 'device' | 'browser', key: string) =>
    kind === 'device'
      ? (report.previous.devices.find((row) => row.device === key)?.visits ?? 0)
      : (report.previous.browsers.find((row) => row.browser === key)?.visits ?? 0);
  send(res, `perangkat-${report.range.from}-${report.range.to}`, [
    ['kind', 'name', 'visits', 'previousVisits'],
    ...report.devices.map((row) => [
      'device',
      row.device,
      row.visits,
      before('device', row.device),
    ]),
    ...report.browsers.map((row) => [
      'browser',
      row.browser,
      row.visits,
      before('browser', row.browser),
    ]),
  ]);
}
