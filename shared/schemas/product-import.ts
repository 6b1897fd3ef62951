import { z } from 'zod';
import { tooLongMessage } from './fields';

/** Messages of the CSV import where the specification is silent (Indonesian, like the form). */
export const IMPORT_MESSAGES = {
  sku: 'SKU harus diisi',
  category: 'Kategori tidak ditemukan',
  unknownColumn: 'Kolom tidak dikenal, diabaikan',
  duplicateColumn: 'Kolom ganda, hanya yang pertama dibaca',
  missingSku: 'Kolom sku wajib ada di baris judul',
  fieldCount: 'Jumlah kolom baris ini tidak sama dengan baris judul',
  priceWithoutUrl: 'Harga tanpa URL afiliasi',
} as const;

export const MAX_SKU_LENGTH = 100;

/** The product's stable key in CSV files: trimmed, required, at most 100 characters. */
export const skuSchema = z
  .string({ error: IMPORT_MESSAGES.sku })
  .trim()
  .min(1, IMPORT_MESSAGES.sku)
  .max(MAX_SKU_LENGTH, tooLongMessage('id', MAX_SKU_LENGTH));
