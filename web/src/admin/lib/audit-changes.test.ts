import { describe, expect, it } from 'vitest';
import { AUDIT_FIELDS } from '@shared/audit-fields';
import { auditChangeLines, formatAuditValue } from './audit-changes';

describe('audit changes as staff read them', () => {
  it('labels the fields and formats the values by kind', () => {
    const lines = auditChangeLines({
      entity: 'platform_link',
      changes: {
        price: ['Rp 99.000', 'Rp 89.000'],
        priceValue: ['99000', 89000],
        isBroken: [false, true],
        lastCheckedAt: [null, '2026-11-25T03:04:05.000Z'],
      },
    });
    expect(lines.map((line) => [line.label, line.before, line.after])).toEqual([
      ['Harga tertulis', 'Rp 99.000', 'Rp 89.000'],
      ['Harga', 'Rp 99.000', 'Rp 89.000'],
      ['Tautan rusak', 'Tidak', 'Ya'],
      ['Terakhir dicek', '—', '25 November 2026 pukul 10.04'],
    ]);
    expect(lines[3]).toMatchObject({ deleted: false });
  });

  it('shows enum values by their labels and categories by their names', () => {
    const lines = auditChangeLines(
      {
        entity: 'product',
        changes: {
          mediaType: ['default', 'image'],
          badgeColor: ['green', 'red'],
          discountPercentage: [35, 50],
          categoryId: [3, 4],
          platforms: [['Shopee'], ['Shopee', 'Lazada']],
        },
      },
      { categoryName: (id) => (id === '3' ? 'Elektronik' : undefined) },
    );
    expect(lines.map((line) => `${line.label}: ${line.before} → ${line.after}`)).toEqual([
      'Jenis media: Gambar di kartu saja → Gambar',
      'Warna badge: Hijau → Merah',
      'Diskon: 35% → 50%',
      'Kategori: Elektronik → #4',
      'Platform: Shopee → Shopee, Lazada',
    ]);
    expect(
      auditChangeLines({ entity: 'faq', changes: { category: ['general', 'x'] } })[0],
    ).toMatchObject({ label: 'Kategori', before: 'Umum', after: 'x' });
  });

  it('keeps a field or value it does not know as stored', () => {
    expect(auditChangeLines({ entity: 'gadget', changes: { size: [1, 2] } })[0]).toMatchObject({
      label: 'size',
      before: '1',
      after: '2',
    });
    expect(
      auditChangeLines({
        entity: 'product',
        changes: { imageUrls: [null, []], title: [null, 'Baru'] },
      }).map((line) => line.label),
    ).toEqual(['Judul']);
    expect(formatAuditValue('text', null)).toBe('—');
    expect(formatAuditValue('text', [])).toBe('—');
    expect(formatAuditValue('text', { a: 1 })).toBe('{"a":1}');
    expect(formatAuditValue('rupiah', 'kosong')).toBe('kosong');
  });

  it('gives every audited field a label of its own words', () => {
    for (const fields of Object.values(AUDIT_FIELDS)) {
      for (const [name, { label }] of Object.entries(fields)) {
        expect(label, name).not.toBe(name);
      }
    }
  });
});
