import type { FeedFormat, FeedMapping, FeedOurField } from '@shared/schemas/feed';

/**
 * Which feed field goes to which of ours when staff have not said (the Sumber Feed screen
 * starts from this after a preview). Candidates are tried in order; the first field the feed
 * has wins. Names are compared without case, spaces, dashes or underscores for CSV and JSON
 * Lines; Merchant XML fields are matched as written in the Merchant spec ('g:id', 'title').
 */
const MERCHANT: Record<Exclude<FeedOurField, 'price' | 'originalPrice'>, string[]> = {
  sku: ['g:id', 'id', 'g:mpn', 'g:gtin'],
  title: ['title', 'g:title'],
  description: ['description', 'g:description', 'summary'],
  link: ['link', 'g:link'],
  imageUrl: ['g:image_link', 'image_link'],
  salePrice: ['g:sale_price', 'sale_price'],
  availability: ['g:availability', 'availability'],
  category: ['g:product_type', 'g:google_product_category', 'product_type'],
};

const COMMON: Record<FeedOurField, string[]> = {
  sku: ['sku', 'id', 'productid', 'idproduk', 'kodeproduk', 'itemid', 'kode', 'mpn', 'gid'],
  title: ['title', 'name', 'productname', 'judul', 'nama', 'namaproduk', 'gtitle'],
  description: ['description', 'deskripsi', 'desc', 'gdescription'],
  link: ['link', 'url', 'producturl', 'tautan', 'affiliatelink', 'deeplink', 'glink'],
  imageUrl: ['imagelink', 'imageurl', 'image', 'gambar', 'foto', 'picture', 'gimagelink'],
  price: ['price', 'harga', 'gprice', 'currentprice', 'hargajual'],
  salePrice: ['saleprice', 'hargapromo', 'hargadiskon', 'promoprice', 'gsaleprice'],
  originalPrice: [
    'originalprice',
    'hargaasli',
    'hargacoret',
    'hargasebelumdiskon',
    'hargaawal',
    'listprice',
    'regularprice',
  ],
  availability: ['availability', 'ketersediaan', 'stock', 'stok', 'instock', 'gavailability'],
  category: [
    'category',
    'kategori',
    'producttype',
    'gproducttype',
    'googleproductcategory',
    'ggoogleproductcategory',
  ],
};

const squash = (name: string) => name.toLowerCase().replace(/[\s_\-:.]+/g, '');

function pick(fields: string[], candidates: string[], compare: (name: string) => string) {
  const byKey = new Map<string, string>();
  for (const field of fields) {
    const key = compare(field);
    if (!byKey.has(key)) byKey.set(key, field);
  }
  for (const candidate of candidates) {
    const found = byKey.get(compare(candidate));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A first mapping from the fields a preview saw. Merchant XML: `g:price` is the original price
 * when the feed also has `g:sale_price` (then the sale price is what a shopper pays), the
 * price otherwise. The answer may lack `sku` when nothing fits: staff then pick it.
 */
export function suggestMapping(format: FeedFormat, fields: string[]): FeedMapping {
  const mapping: FeedMapping = {};
  if (format === 'merchant-xml') {
    const exact = (name: string) => name.toLowerCase();
    for (const [ours, candidates] of Object.entries(MERCHANT)) {
      const found = pick(fields, candidates, exact);
      if (found !== undefined) mapping[ours as FeedOurField] = found;
    }
    const price = pick(fields, ['g:price', 'price'], exact);
    if (price !== undefined) mapping[mapping.salePrice ? 'originalPrice' : 'price'] = price;
    return mapping;
  }
  const taken = new Set<string>();
  for (const [ours, candidates] of Object.entries(COMMON)) {
    const found = pick(
      fields.filter((field) => !taken.has(field)),
      candidates,
      squash,
    );
    if (found === undefined) continue;
    mapping[ours as FeedOurField] = found;
    taken.add(found);
  }
  // With a sale price beside it, a plain price is the one before the discount.
  if (mapping.salePrice && mapping.price && !mapping.originalPrice) {
    mapping.originalPrice = mapping.price;
    delete mapping.price;
  }
  return mapping;
}
