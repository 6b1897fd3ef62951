// The static legal texts: /privacy (7 numbered sections) and /terms (8 sections), also shown
// in the footer's modals.

export interface LegalSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

/** When the legal texts last changed: one date for both documents, their pages and modals. */
export const LEGAL_UPDATED = 'Desember 2024';
export const PRIVACY_EMAIL = 'privacy@diskonradar.id';
export const LEGAL_EMAIL = 'legal@diskonradar.id';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: 'Informasi yang Kami Kumpulkan',
    paragraphs: [
      'DiskonRadar dapat digunakan tanpa mendaftar. Kami hanya mengumpulkan data penggunaan anonim yang dikirim browser kamu saat menjelajahi situs.',
    ],
    items: [
      'Halaman yang dikunjungi, lama kunjungan dan kedalaman gulir halaman.',
      'Jenis perangkat, browser dan sumber rujukan (referrer).',
      'Perkiraan lokasi (negara dan kota) berdasarkan alamat IP.',
      'Klik pada tombol platform, pencarian dan filter kategori.',
    ],
  },
  {
    title: 'Cara Kami Menggunakan Informasi',
    paragraphs: [
      'Data digunakan untuk memahami produk dan promo yang diminati, memperbaiki tampilan situs dan mengukur kinerja link afiliasi. Kami tidak menjual data pribadi kepada pihak mana pun.',
    ],
  },
  {
    title: 'Cookie dan Penyimpanan Lokal',
    paragraphs: [
      'Kami memakai penyimpanan sesi browser untuk mengenali kunjungan yang sama dan mengingat popup yang sudah kamu tutup. Kamu dapat menghapusnya kapan saja melalui pengaturan browser.',
    ],
  },
  {
    title: 'Link Afiliasi dan Pihak Ketiga',
    paragraphs: [
      'Tombol platform membawa kamu ke Shopee, Tokopedia, Lazada, Blibli, Bukalapak atau TikTok Shop melalui link afiliasi. Setelah meninggalkan DiskonRadar, kebijakan privasi marketplace tersebut yang berlaku.',
    ],
  },
  {
    title: 'Keamanan Data',
    paragraphs: [
      'Kami menerapkan langkah teknis yang wajar untuk melindungi data dari akses yang tidak sah, termasuk koneksi terenkripsi dan pembatasan akses internal.',
    ],
  },
  {
    title: 'Hak Kamu',
    paragraphs: [
      'Kamu berhak meminta informasi, koreksi atau penghapusan data yang terkait dengan kunjunganmu. Kirim permintaan ke alamat kontak privasi di bawah ini.',
    ],
  },
  {
    title: 'Perubahan Kebijakan dan Kontak',
    paragraphs: [
      'Kebijakan ini dapat diperbarui sewaktu-waktu; tanggal pembaruan terakhir tercantum di halaman ini.',
      `Pertanyaan tentang privasi dapat dikirim ke ${PRIVACY_EMAIL}.`,
    ],
  },
];

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: 'Penerimaan Syarat',
    paragraphs: [
      'Dengan menggunakan DiskonRadar, kamu menyetujui Syarat dan Ketentuan ini. Jika tidak setuju, mohon untuk tidak menggunakan situs ini.',
    ],
  },
  {
    title: 'Layanan DiskonRadar',
    paragraphs: [
      'DiskonRadar adalah situs penemuan diskon yang menampilkan produk dan promo dari marketplace pihak ketiga. Kami bukan penjual dan tidak memproses transaksi.',
    ],
  },
  {
    title: 'Link Afiliasi dan Komisi',
    paragraphs: [
      'Sebagian link di DiskonRadar adalah link afiliasi. Kami dapat menerima komisi dari pembelian yang dilakukan melalui link tersebut tanpa biaya tambahan bagimu. DiskonRadar gratis digunakan.',
    ],
  },
  {
    title: 'Harga dan Ketersediaan',
    paragraphs: [
      'Harga, diskon dan stok ditentukan oleh marketplace dan dapat berubah sewaktu-waktu. Harga final adalah harga yang tertera di marketplace saat checkout.',
    ],
  },
  {
    title: 'Penggunaan yang Diperbolehkan',
    paragraphs: [
      'Kamu setuju untuk tidak menyalahgunakan situs, termasuk mengambil data secara otomatis dalam jumlah besar, mengganggu layanan atau menyamar sebagai pihak lain.',
    ],
  },
  {
    title: 'Hak Kekayaan Intelektual',
    paragraphs: [
      'Merek, logo dan konten DiskonRadar dilindungi hukum. Nama dan logo marketplace adalah milik pemiliknya masing-masing.',
    ],
  },
  {
    title: 'Batasan Tanggung Jawab',
    paragraphs: [
      'DiskonRadar tidak bertanggung jawab atas transaksi, pengiriman, kualitas produk atau sengketa antara kamu dan penjual di marketplace.',
    ],
  },
  {
    title: 'Perubahan Syarat dan Kontak',
    paragraphs: [
      'Syarat ini dapat diperbarui sewaktu-waktu. Penggunaan situs setelah perubahan berarti kamu menyetujui syarat yang baru.',
      `Pertanyaan hukum dapat dikirim ke ${LEGAL_EMAIL}.`,
    ],
  },
];
