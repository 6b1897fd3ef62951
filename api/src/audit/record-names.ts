/**
 * The name staff know a record by, shown beside its id in the audit log ("Shopee · Sepatu
 * Lari" rather than 4812). The hooks store it with each entry they write, so a deleted record
 * keeps its last name; the log's reader builds the same name from the live rows, so a renamed
 * record shows its name of today (./entity-labels.ts).
 */

type Values = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A part of a product (a platform link, a gallery image) is named with the product's title. */
const partOf = (part: string, productTitle: unknown) =>
  text(productTitle) ? `${part} · ${text(productTitle)}` : part;

/** entity -> the record's name from its values (plus `productTitle` for a product's parts). */
export const RECORD_NAMES: Record<string, (values: Values) => string> = {
  user: (v) => text(v.username),
  category: (v) => text(v.name),
  product: (v) => text(v.title),
  platform_link: (v) => partOf(text(v.platform), v.productTitle),
  // Alt texts often repeat the product's title: then the image is just "Gambar · <title>".
  product_image: (v) =>
    partOf(
      text(v.altText) && text(v.altText) !== text(v.productTitle) ? text(v.altText) : 'Gambar',
      v.productTitle,
    ),
  content: (v) => text(v.title) || text(v.key),
  faq: (v) => text(v.question),
  meta_tag: (v) => {
    const name = text(v.parsedName) || text(v.parsedProperty);
    return name ? `${name} · ${text(v.pageUrl)}` : text(v.htmlTag);
  },
  popup: (v) => text(v.title),
};

/** The entities whose records belong to one product (`productId`). */
export const PRODUCT_PARTS: ReadonlySet<string> = new Set(['platform_link', 'product_image']);

export function recordName(entity: string, values: Values): string {
  const name = Object.hasOwn(RECORD_NAMES, entity) ? RECORD_NAMES[entity] : undefined;
  return name ? name(values) : '';
}
