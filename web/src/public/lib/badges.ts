import type { Product } from '@shared/types';

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLocaleLowerCase('id-ID') === b.trim().toLocaleLowerCase('id-ID');

/**
 * Each label shows once on a card or in the modal: the product's badge is its coloured chip,
 * so a category or a rank label that says the same word is left out (docs/contracts.md,
 * "Shopping help").
 */
export function repeatsBadge(product: Pick<Product, 'badgeText'>, text: string | undefined) {
  return sameText(product.badgeText, text);
}
