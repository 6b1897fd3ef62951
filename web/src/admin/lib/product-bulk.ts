import { formatNumber } from '@shared/rules/format';
import type { ProductBulkAction, ProductBulkFilter } from '@shared/schemas';
import type { ProductListState } from './product-list-params';

/** What the bar's buttons say, the question they ask and the toast after, per action. */
interface BulkActionTexts {
  /** The button, and the confirmation's yes. */
  label: string;
  question(count: string, categoryName: string): string;
  done(count: string, categoryName: string): string;
}

export const BULK_ACTION_TEXTS: Record<ProductBulkAction, BulkActionTexts> = {
  activate: {
    label: 'Aktifkan',
    question: (n) => `Aktifkan ${n} produk?`,
    done: (n) => `${n} produk diaktifkan`,
  },
  deactivate: {
    label: 'Nonaktifkan',
    question: (n) => `Nonaktifkan ${n} produk?`,
    done: (n) => `${n} produk dinonaktifkan`,
  },
  featurePromo: {
    label: 'Jadikan Promo',
    question: (n) => `Jadikan ${n} produk promo?`,
    done: (n) => `${n} produk dijadikan promo`,
  },
  unfeaturePromo: {
    label: 'Hapus dari Promo',
    question: (n) => `Hapus ${n} produk dari promo?`,
    done: (n) => `${n} produk dihapus dari promo`,
  },
  featurePopular: {
    label: 'Jadikan Populer',
    question: (n) => `Jadikan ${n} produk populer?`,
    done: (n) => `${n} produk dijadikan populer`,
  },
  unfeaturePopular: {
    label: 'Hapus dari Populer',
    question: (n) => `Hapus ${n} produk dari populer?`,
    done: (n) => `${n} produk dihapus dari populer`,
  },
  setCategory: {
    label: 'Pindahkan',
    question: (n, category) => `Pindahkan ${n} produk ke kategori ${category}?`,
    done: (n, category) => `${n} produk dipindahkan ke kategori ${category}`,
  },
  delete: {
    label: 'Hapus',
    question: (n) => `Hapus ${n} produk? Link platform dan gambarnya ikut terhapus.`,
    done: (n) => `${n} produk dihapus`,
  },
};

/** The confirmation question for `count` chosen products ("Nonaktifkan 12 produk?"). */
export const bulkQuestion = (action: ProductBulkAction, count: number, categoryName = '') =>
  BULK_ACTION_TEXTS[action].question(formatNumber(count), categoryName);

/**
 * The toast after the server answered: how many changed, and how many were already so (the
 * server leaves those alone and does not count them).
 */
export function bulkResultMessage(
  action: ProductBulkAction,
  chosen: number,
  affected: number,
  categoryName = '',
): string {
  const done = BULK_ACTION_TEXTS[action].done(formatNumber(affected), categoryName);
  const unchanged = chosen - affected;
  return unchanged > 0 ? `${done} (${formatNumber(unchanged)} tidak berubah)` : done;
}

/** The list's filters as the bulk endpoint takes them ("every product that matches"). */
export function bulkFilterOf(
  state: Pick<ProductListState, 'search' | 'categoryId' | 'status' | 'links'>,
): ProductBulkFilter {
  const filter: ProductBulkFilter = {};
  const search = state.search.trim();
  if (search !== '') filter.search = search;
  if (state.categoryId !== 'all') filter.categoryId = state.categoryId;
  if (state.status !== 'all') filter.status = state.status;
  if (state.links === 'broken') filter.linkHealth = 'broken';
  return filter;
}
