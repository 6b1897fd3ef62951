import { PRODUCT_CSV_COLUMNS, type ImportRowError } from '@shared/rules/product-csv';
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

/** Columns in any order and any case; unknown ones are reported and ignored. */
export function resolveHeader(names: readonly string[]): ResolvedHeader {
  const columns = new Map<string, number>();
  const errors: ImportRowError[] = [];
  names.forEach((raw, index) => {
    const name = raw.trim();
    if (name === '') return;
    const canonical = CANONICAL.get(name.toLowerCase());
    if (!canonical) {
      errors.push({ row: 1, field: name, message: IMPORT_MESSAGES.unknownColumn });
    } else if (columns.has(canonical)) {
      errors.push({ row: 1, field: name, message: IMPORT_MESSAGES.duplicateColumn });
    } else {
      columns.set(canonical, index);
    }
  });
  return { columns, errors, hasSku: columns.has('sku') };
}
