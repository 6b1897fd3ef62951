// What the audit log calls each field it records, per kind of record, in the words the admin
// forms use. The API writes these labels into an update's summary; the Riwayat screen shows
// them beside each before/after value, formatted by `kind`. One table for both, so a field
// added to a model and audited gets one label here, not one per screen.

/**
 * How a field's values read: `boolean` as Ya/Tidak, `rupiah` in id-ID rupiah, `date` as an
 * id-ID date and time, `percent` with %, `category` as the category's name; an enum names the
 * admin's label table for its stored values (web/src/admin/lib/enum-labels.ts).
 */
export type AuditFieldKind =
  | 'text'
  | 'boolean'
  | 'rupiah'
  | 'date'
  | 'percent'
  | 'category'
  | 'list'
  | 'mediaType'
  | 'badgeColor'
  | 'faqCategory'
  | 'popupType'
  | 'popupImagePosition';

export interface AuditField {
  label: string;
  kind: AuditFieldKind;
}

const field = (label: string, kind: AuditFieldKind = 'text'): AuditField => ({ label, kind });

const ACTIVE = field('Aktif', 'boolean');
const ORDER = field('Urutan');
const PRODUCT = field('Produk');

/** entity -> field -> label; the entities are audit_log.entity's values. */
export const AUDIT_FIELDS: Record<string, Record<string, AuditField>> = {
  user: {
    username: field('Nama pengguna'),
    disabled: field('Nonaktif', 'boolean'),
  },
  category: {
    name: field('Nama kategori'),
    slug: field('Slug'),
    icon: field('Ikon'),
    color: field('Warna'),
    group: field('Grup'),
  },
  product: {
    sku: field('SKU'),
    categoryId: field('Kategori', 'category'),
    title: field('Judul'),
    description: field('Deskripsi'),
    imageUrl: field('URL gambar utama'),
    imageUrls: field('Variasi gambar', 'list'),
    videoUrl: field('URL video'),
    mediaType: field('Jenis media', 'mediaType'),
    discountPercentage: field('Diskon', 'percent'),
    badgeText: field('Teks badge'),
    badgeColor: field('Warna badge', 'badgeColor'),
    platforms: field('Platform', 'list'),
    isActive: ACTIVE,
    isFeaturedPromo: field('Promo unggulan', 'boolean'),
    isFeaturedPopular: field('Populer unggulan', 'boolean'),
    featuredOrder: field('Urutan unggulan'),
    // A bulk action's and an import's entry.
    ids: field('ID produk', 'list'),
    created: field('Dibuat'),
    updated: field('Diperbarui'),
    unchanged: field('Tidak berubah'),
    failed: field('Gagal'),
  },
  platform_link: {
    productId: PRODUCT,
    platform: field('Platform'),
    affiliateUrl: field('URL afiliasi'),
    price: field('Harga tertulis'),
    priceValue: field('Harga', 'rupiah'),
    originalPriceValue: field('Harga sebelum diskon', 'rupiah'),
    availability: field('Ketersediaan'),
    lastCheckedAt: field('Terakhir dicek', 'date'),
    lastStatus: field('Status HTTP terakhir'),
    lastError: field('Galat terakhir'),
    isBroken: field('Tautan rusak', 'boolean'),
  },
  product_image: {
    productId: PRODUCT,
    imageUrl: field('URL gambar'),
    altText: field('Teks alt'),
    order: ORDER,
    isActive: ACTIVE,
  },
  content: {
    key: field('Kunci'),
    title: field('Judul'),
    data: field('Isi'),
    isActive: ACTIVE,
  },
  faq: {
    question: field('Pertanyaan'),
    answer: field('Jawaban'),
    category: field('Kategori', 'faqCategory'),
    order: ORDER,
    isActive: ACTIVE,
  },
  meta_tag: {
    htmlTag: field('Tag meta HTML'),
    pageUrl: field('URL halaman'),
    isActive: ACTIVE,
    parsedName: field('Nama (name)'),
    parsedProperty: field('Properti (property)'),
    parsedContent: field('Isi (content)'),
  },
  popup: {
    title: field('Judul'),
    content: field('Isi'),
    type: field('Tipe', 'popupType'),
    targetUrl: field('URL tujuan'),
    buttonText: field('Teks tombol'),
    backgroundColor: field('Warna latar'),
    textColor: field('Warna teks'),
    imageUrl: field('URL gambar'),
    imagePosition: field('Posisi gambar', 'popupImagePosition'),
    startDate: field('Tanggal mulai', 'date'),
    endDate: field('Tanggal selesai', 'date'),
    showOnPages: field('Tampil di halaman'),
    triggerAfterSeconds: field('Muncul setelah (detik)'),
    isActive: ACTIVE,
  },
};

/** A field's label and kind; a field outside the table (older entries) is shown as stored. */
export function auditField(entity: string, name: string): AuditField {
  const fields = Object.hasOwn(AUDIT_FIELDS, entity) ? AUDIT_FIELDS[entity] : undefined;
  return (fields && Object.hasOwn(fields, name) ? fields[name] : undefined) ?? field(name);
}
