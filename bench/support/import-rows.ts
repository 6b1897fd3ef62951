/** The import benches' CSV: its header and row `n` (import.bench.ts uploads it, import-pages writes it in-process). */

export const IMPORT_BENCH_COLUMNS = [
  'sku',
  'title',
  'description',
  'category',
  'imageUrl',
  'discountPercentage',
  'badgeText',
  'isActive',
  'shopee_url',
  'shopee_price',
  'tokopedia_url',
  'tokopedia_price',
];

const WORDS = ['sepatu', 'kaos', 'tas', 'jam', 'headphone', 'blender', 'serum', 'kemeja', 'rak'];

/**
 * A description of a real listing's length (about 450 characters), so that the export of
 * 100,000 products is over 50 MB, as in the field (issue #18: 65 MB was refused with 413).
 */
const DETAILS =
  'Bahan berkualitas, jahitan rapi dan nyaman dipakai seharian. Tersedia dalam beberapa ' +
  'ukuran dan warna; cek tabel ukuran sebelum membeli. Garansi toko 7 hari, pengiriman ' +
  'dari Jakarta, dikemas aman dengan bubble wrap. Cocok untuk hadiah, kerja, kuliah atau ' +
  'jalan-jalan akhir pekan. Harga dapat berubah sewaktu-waktu mengikuti promo marketplace; ' +
  'stok terbatas selama kampanye berlangsung.';

/**
 * Row `n`'s cells as csv-parse reads them. Every 1,000th row has a title a spreadsheet would
 * run as a formula and a description with a lone line feed: the export neutralises and quotes
 * them, and the round trip must still be exact.
 */
export function importBenchCells(n: number, slugs: string[]): string[] {
  const word = WORDS[n % WORDS.length]!;
  const title = `${word} bench nomor ${n}`;
  return [
    `BENCH-${n}`,
    n % 1000 === 1 ? `=${title}` : title,
    n % 1000 === 2
      ? `Deskripsi ${word} nomor ${n}\n-baris kedua. ${DETAILS}`
      : `Deskripsi ${word} nomor ${n}, cocok untuk harian. ${DETAILS}`,
    slugs[n % slugs.length]!,
    `https://example.com/img/${n}.webp`,
    String(n % 90),
    n % 7 === 0 ? 'Terlaris' : '',
    n % 20 === 0 ? 'tidak' : 'ya',
    `https://shopee.co.id/bench-${n}`,
    `Rp ${(50_000 + (n % 1000) * 1_000).toLocaleString('id-ID')}`,
    `https://tokopedia.com/bench-${n}`,
    String(49_000 + (n % 1000) * 1_000),
  ];
}

/** Row `n` as a CSV line: a cell with a comma, a line feed or a leading `=` is quoted. */
export function importBenchLine(n: number, slugs: string[]): string {
  return importBenchCells(n, slugs)
    .map((cell) => (/[,\n]|^=/.test(cell) ? `"${cell}"` : cell))
    .join(',');
}
