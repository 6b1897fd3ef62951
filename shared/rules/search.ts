export interface SearchFields {
  title: string;
  description?: string | null;
  badgeText?: string | null;
  category?: { name?: string | null } | null;
}

export function normalizeSearch(term: string | null | undefined): string {
  return (term ?? '').trim().toLowerCase();
}

/**
 * Public search: title, description, category name and badge text, case-insensitive. An
 * empty term matches everything. Without `categoryName`, the product's embedded category is
 * used; the admin search passes `null` to leave the category out.
 */
export function matchesSearch(
  product: SearchFields,
  term: string | null | undefined,
  categoryName?: string | null,
): boolean {
  const needle = normalizeSearch(term);
  if (needle === '') return true;
  const category = categoryName === undefined ? product.category?.name : categoryName;
  return [product.title, product.description, category, product.badgeText].some(
    (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
  );
}

/** Admin product search: title, description and badge text only. */
export function matchesAdminSearch(
  product: SearchFields,
  term: string | null | undefined,
): boolean {
  return matchesSearch(product, term, null);
}
