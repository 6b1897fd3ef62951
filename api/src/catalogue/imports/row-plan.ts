import { PLATFORMS, type Platform } from '@shared/constants';
import { parseRupiah, resolvePriceValue } from '@shared/rules/price';
import {
  parseCsvBoolean,
  platformOriginalPriceColumn,
  platformPriceColumn,
  platformUrlColumn,
  splitImageUrls,
  type ImportRowError,
} from '@shared/rules/product-csv';
import {
  IMPORT_MESSAGES,
  PLATFORM_LINK_MESSAGES,
  platformLinkUpdateSchema,
  productSchema,
  type ProductInput,
} from '@shared/schemas';
import type { z } from 'zod';
import type { ColumnIndex } from './header';
import { checkLink, checkProduct } from './row-check';

/** A product as stored, in the shape the import compares with. */
export interface StoredProduct {
  id: string;
  sku: string;
  values: ProductValues;
}

export interface StoredLink {
  id: number;
  platform: Platform;
  affiliateUrl: string;
  price: string;
  originalPriceValue: number | null;
}

/** The columns of a product row an import writes. */
export interface ProductValues {
  categoryId: number;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  videoUrl: string | null;
  mediaType: string;
  discountPercentage: number;
  badgeText: string | null;
  badgeColor: string;
  platforms: string[];
  isActive: boolean;
  isFeaturedPromo: boolean;
  isFeaturedPopular: boolean;
  featuredOrder: number;
}

export interface LinkValues {
  platform: Platform;
  affiliateUrl: string;
  price: string;
  priceValue: number | null;
  originalPriceValue: number | null;
}

export type RowPlan =
  | { kind: 'failed'; errors: ImportRowError[] }
  | { kind: 'unchanged' }
  | { kind: 'create'; sku: string; values: ProductValues; links: LinkValues[] }
  | {
      kind: 'update';
      productId: string;
      /** Null when only the links change. */
      values: ProductValues | null;
      insertLinks: LinkValues[];
      updateLinks: (LinkValues & { id: number })[];
      deleteLinkIds: number[];
    };

export interface RowContext {
  row: number;
  cells: readonly string[];
  columns: ColumnIndex;
  /** How many cells the header has. */
  width: number;
  sku: string;
  stored: StoredProduct | undefined;
  storedLinks: readonly StoredLink[];
  /** Category slug -> id. */
  categories: ReadonlyMap<string, number>;
}

/** Schema fields whose column has another name. */
const COLUMN_OF_FIELD: Record<string, string> = { categoryId: 'category' };

function fieldErrors(
  row: number,
  error: z.ZodError,
  columnOf: (field: string) => string,
): ImportRowError[] {
  const seen = new Set<string>();
  const errors: ImportRowError[] = [];
  for (const issue of error.issues) {
    const field = columnOf(String(issue.path[0] ?? ''));
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ row, field, message: issue.message });
  }
  return errors;
}

/** Extra cells past the header are tolerated only when empty (Excel's trailing separators). */
function hasWrongWidth(cells: readonly string[], width: number): boolean {
  if (cells.length < width) return true;
  for (let index = width; index < cells.length; index++) {
    if (cells[index]!.trim() !== '') return true;
  }
  return false;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

function sameValues(a: ProductValues, b: ProductValues): boolean {
  return (
    a.categoryId === b.categoryId &&
    a.title === b.title &&
    a.description === b.description &&
    a.imageUrl === b.imageUrl &&
    sameList(a.imageUrls, b.imageUrls) &&
    a.videoUrl === b.videoUrl &&
    a.mediaType === b.mediaType &&
    a.discountPercentage === b.discountPercentage &&
    a.badgeText === b.badgeText &&
    a.badgeColor === b.badgeColor &&
    sameList(a.platforms, b.platforms) &&
    a.isActive === b.isActive &&
    a.isFeaturedPromo === b.isFeaturedPromo &&
    a.isFeaturedPopular === b.isFeaturedPopular &&
    a.featuredOrder === b.featuredOrder
  );
}

/** productSchema's output as the columns an import writes. */
export function toValues(input: ProductInput): ProductValues {
  return {
    categoryId: Number(input.categoryId),
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    imageUrls: input.imageUrls,
    videoUrl: input.videoUrl ?? null,
    mediaType: input.mediaType,
    discountPercentage: input.discountPercentage,
    badgeText: input.badgeText ?? null,
    badgeColor: input.badgeColor,
    platforms: input.platforms,
    isActive: input.isActive,
    isFeaturedPromo: input.isFeaturedPromo,
    isFeaturedPopular: input.isFeaturedPopular,
    featuredOrder: input.featuredOrder,
  };
}

/** The stored product as the form would send it: the base an update's columns overlay. */
function storedAsInput(values: ProductValues): Record<string, unknown> {
  return {
    ...values,
    categoryId: String(values.categoryId),
    videoUrl: values.videoUrl ?? '',
    badgeText: values.badgeText ?? '',
  };
}

const TEXT_COLUMNS = ['title', 'description', 'imageUrl', 'discountPercentage'] as const;
/** Columns with a default: an empty cell keeps what is stored (or the default). */
const DEFAULTED_COLUMNS = ['mediaType', 'badgeColor', 'featuredOrder'] as const;
const CLEARABLE_COLUMNS = ['videoUrl', 'badgeText'] as const;
const BOOLEAN_COLUMNS = ['isActive', 'isFeaturedPromo', 'isFeaturedPopular'] as const;

type LinkDecision =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'set'; link: LinkValues }
  | { kind: 'invalid'; errors: ImportRowError[] };

/**
 * `<platform>_original_price`: absent keeps what is stored, empty clears it, otherwise a
 * rupiah amount read like `<platform>_price` (parseRupiah).
 */
function originalPriceOf(
  cell: string | undefined,
  stored: StoredLink | undefined,
): { value: number | null; given: boolean } | 'invalid' {
  if (cell === undefined) return { value: stored?.originalPriceValue ?? null, given: false };
  if (cell.trim() === '') return { value: null, given: true };
  const value = parseRupiah(cell);
  return value === null ? 'invalid' : { value, given: true };
}

function decideLink(context: RowContext, platform: Platform, cell: Cell): LinkDecision {
  const urlColumn = platformUrlColumn(platform);
  const priceColumn = platformPriceColumn(platform);
  const originalColumn = platformOriginalPriceColumn(platform);
  const urlCell = cell(urlColumn);
  const priceCell = cell(priceColumn);
  const originalCell = cell(originalColumn);
  if (urlCell === undefined && priceCell === undefined && originalCell === undefined) {
    return { kind: 'keep' };
  }
  const stored = context.storedLinks.find((link) => link.platform === platform);
  const affiliateUrl = urlCell ?? stored?.affiliateUrl ?? '';
  const price = priceCell ?? stored?.price ?? '';
  const original = originalPriceOf(originalCell, stored);
  if (affiliateUrl.trim() === '' && price.trim() === '') {
    if (original !== 'invalid' && original.value === null) return { kind: 'remove' };
    // An original price alone has no link to belong to.
    const message = IMPORT_MESSAGES.priceWithoutUrl;
    return { kind: 'invalid', errors: [{ row: context.row, field: originalColumn, message }] };
  }
  if (original === 'invalid') {
    const message = PLATFORM_LINK_MESSAGES.originalPriceValue;
    return { kind: 'invalid', errors: [{ row: context.row, field: originalColumn, message }] };
  }
  const input = {
    platform,
    affiliateUrl,
    price,
    // Only a price given in this row is checked against the price; a stored one is kept.
    ...(original.given ? { originalPriceValue: original.value } : {}),
  };
  // The schema's answer without zod for a link it accepts (row-check.ts); zod words a refusal.
  const checked = checkLink(input);
  if (checked) {
    return {
      kind: 'set',
      link: {
        platform,
        affiliateUrl: checked.affiliateUrl,
        price: checked.price,
        priceValue: resolvePriceValue(checked.price, null),
        originalPriceValue: original.value,
      },
    };
  }
  const parsed = platformLinkUpdateSchema.safeParse(input);
  if (!parsed.success) {
    const columnOf = (field: string) =>
      field === 'price' ? priceColumn : field === 'originalPriceValue' ? originalColumn : urlColumn;
    return { kind: 'invalid', errors: fieldErrors(context.row, parsed.error, columnOf) };
  }
  return {
    kind: 'set',
    link: {
      platform,
      affiliateUrl: parsed.data.affiliateUrl,
      price: parsed.data.price,
      priceValue: resolvePriceValue(parsed.data.price, null),
      originalPriceValue: original.value,
    },
  };
}

type Cell = (column: string) => string | undefined;

/**
 * What one CSV row asks for, checked with the product form's own schema (so the messages are
 * the specification's) and compared with what is stored. A column that is absent keeps the
 * stored value (or the default for a new product); an empty `<platform>_url` and
 * `<platform>_price` remove that platform's link.
 */
export function planRow(context: RowContext): RowPlan {
  const { row, cells, columns, stored } = context;
  if (hasWrongWidth(cells, context.width)) {
    return { kind: 'failed', errors: [{ row, field: '', message: IMPORT_MESSAGES.fieldCount }] };
  }
  const cell: Cell = (column) => {
    const index = columns.get(column);
    return index === undefined ? undefined : (cells[index] ?? '');
  };

  const input: Record<string, unknown> = stored ? storedAsInput(stored.values) : {};
  const errors: ImportRowError[] = [];
  for (const column of TEXT_COLUMNS) {
    const value = cell(column);
    if (value !== undefined) input[column] = value;
  }
  for (const column of CLEARABLE_COLUMNS) {
    const value = cell(column);
    if (value !== undefined) input[column] = value;
  }
  for (const column of DEFAULTED_COLUMNS) {
    const value = cell(column);
    if (value !== undefined && value.trim() !== '') input[column] = value.trim();
  }
  for (const column of BOOLEAN_COLUMNS) {
    const value = cell(column);
    // Not a boolean word: the schema's own message says so.
    if (value !== undefined && value.trim() !== '') input[column] = parseCsvBoolean(value) ?? value;
  }
  const imageUrls = cell('imageUrls');
  if (imageUrls !== undefined) input.imageUrls = splitImageUrls(imageUrls);
  const category = cell('category');
  if (category !== undefined) {
    const slug = category.trim().toLowerCase();
    const id = context.categories.get(slug);
    if (slug !== '' && id === undefined) {
      errors.push({ row, field: 'category', message: IMPORT_MESSAGES.category });
    }
    input.categoryId = id === undefined ? '' : String(id);
  }

  const insertLinks: LinkValues[] = [];
  const updateLinks: (LinkValues & { id: number })[] = [];
  const deleteLinkIds: number[] = [];
  const linked: string[] = [];
  const unlinked = new Set<string>();
  for (const platform of PLATFORMS) {
    const decision = decideLink(context, platform, cell);
    const storedLink = context.storedLinks.find((link) => link.platform === platform);
    if (decision.kind === 'invalid') {
      errors.push(...decision.errors);
    } else if (decision.kind === 'keep') {
      if (storedLink) linked.push(platform);
    } else if (decision.kind === 'remove') {
      if (storedLink) {
        deleteLinkIds.push(storedLink.id);
        unlinked.add(platform);
      }
    } else {
      linked.push(platform);
      const { link } = decision;
      if (!storedLink) insertLinks.push(link);
      else if (
        storedLink.affiliateUrl !== link.affiliateUrl ||
        storedLink.price !== link.price ||
        storedLink.originalPriceValue !== link.originalPriceValue
      ) {
        updateLinks.push({ ...link, id: storedLink.id });
      }
    }
  }
  // The platforms a product lists are its links' (platformsOfLinks: `linked` is in the same
  // fixed order); a stored product that has no link and gets none keeps the ones it has.
  const platforms =
    stored && linked.length === 0 && unlinked.size === 0 ? stored.values.platforms : linked;
  input.platforms = platforms;

  // The schema's answer without zod for a row it accepts (row-check.ts); zod words a refusal.
  let values = errors.length === 0 ? checkProduct(input) : null;
  if (!values) {
    const parsed = productSchema.safeParse(input);
    if (!parsed.success) {
      const reported = new Set(errors.map((error) => error.field));
      for (const error of fieldErrors(row, parsed.error, (f) => COLUMN_OF_FIELD[f] ?? f)) {
        if (!reported.has(error.field)) errors.push(error);
      }
    }
    if (errors.length > 0 || !parsed.success) return { kind: 'failed', errors };
    values = toValues(parsed.data);
  }
  if (!stored) return { kind: 'create', sku: context.sku, values, links: insertLinks };
  const valuesChanged = !sameValues(values, stored.values);
  if (
    !valuesChanged &&
    insertLinks.length === 0 &&
    updateLinks.length === 0 &&
    deleteLinkIds.length === 0
  ) {
    return { kind: 'unchanged' };
  }
  return {
    kind: 'update',
    productId: stored.id,
    values: valuesChanged ? values : null,
    insertLinks,
    updateLinks,
    deleteLinkIds,
  };
}
