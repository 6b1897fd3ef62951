import {
  EXPORT_ONLY_COLUMNS,
  PRODUCT_CSV_COLUMNS,
  type ImportRowError,
} from '@shared/rules/product-csv';
import { IMPORT_MESSAGES } from '@shared/schemas';

/** Known column name -> its position in each record. */
export type ColumnIndex = ReadonlyMap<string, number>;

export interface ResolvedHeader {
  columns: ColumnIndex;
  /** Unknown and repeated columns, reported on row 1; they do not fail any row. */
  errors: ImportRowError[];
  hasSku: boolean;
}

const CANONICAL = new Map(PRODUCT_CSV_COLUMNS.map((name) => [name.toLowerCase(), name]));
/** What an export writes beyond the importable columns (the watches count): skipped silently. */
const EXPORT_ONLY = new Set(EXPORT_ONLY_COLUMNS.map((name) => name.toLowerCase()));

/** Header problems listed one by one; the rest are counted in one more entry. */
export const MAX_LISTED_HEADER_ERRORS = 20;

export const moreColumnsMessage = (count: number) =>
  `... dan ${count.toLocaleString('id-ID')} kolom lain`;

/** Columns in any order and any case; unknown ones are reported and ignored. */
export function resolveHeader(names: readonly string[]): ResolvedHeader {
  const columns = new Map<string, number>();
  const errors: ImportRowError[] = [];
  names.forEach((raw, index) => {
    const name = raw.trim();
    if (name === '' || EXPORT_ONLY.has(name.toLowerCase())) return;
    const canonical = CANONICAL.get(name.toLowerCase());
    if (!canonical) {
      errors.push({ row: 1, field: name, message: IMPORT_MESSAGES.unknownColumn });
    } else if (columns.has(canonical)) {
      errors.push({ row: 1, field: name, message: IMPORT_MESSAGES.duplicateColumn });
    } else {
      columns.set(canonical, index);
    }
  });
  const rest = errors.length - MAX_LISTED_HEADER_ERRORS;
  const listed =
    rest > 0
      ? [
          ...errors.slice(0, MAX_LISTED_HEADER_ERRORS),
          { row: 1, field: '', message: moreColumnsMessage(rest) },
        ]
      : errors;
  return { columns, errors: listed, hasSku: columns.has('sku') };
}
