import { describe, expect, it } from 'vitest';
import {
  categoryTexts,
  feedAlertsOf,
  cleanCategoryMap,
  cleanMapping,
  formatDuration,
  formatRelativeTime,
  scheduleLabel,
  suggestMapping,
} from './feed-display';

describe('scheduleLabel', () => {
  it('says the schedule in whole units', () => {
    expect(scheduleLabel(15)).toBe('tiap 15 menit');
    expect(scheduleLabel(60)).toBe('tiap 60 menit');
    expect(scheduleLabel(90)).toBe('tiap 90 menit');
    expect(scheduleLabel(180)).toBe('tiap 3 jam');
    expect(scheduleLabel(1440)).toBe('tiap 1 hari');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it('tells past and future times in Indonesian', () => {
    expect(formatRelativeTime('2026-11-25T11:55:00Z', now)).toBe('5 menit yang lalu');
    expect(formatRelativeTime('2026-11-25T14:00:00Z', now)).toBe('dalam 2 jam');
    expect(formatRelativeTime('2026-11-24T12:00:00Z', now)).toBe('kemarin');
    expect(formatRelativeTime('2026-11-25T11:59:40Z', now)).toBe('menit ini');
  });
  it('answers a dash for no time or a broken one', () => {
    expect(formatRelativeTime(null, now)).toBe('-');
    expect(formatRelativeTime('bukan tanggal', now)).toBe('-');
  });
});

describe('formatDuration', () => {
  it('gives seconds, then minutes and seconds', () => {
    expect(formatDuration('2026-11-25T12:00:00.000Z', '2026-11-25T12:00:01.250Z')).toBe('1,3 dtk');
    expect(formatDuration('2026-11-25T12:00:00Z', '2026-11-25T12:03:05Z')).toBe('3 mnt 5 dtk');
    expect(formatDuration('2026-11-25T12:00:00Z', null)).toBe('-');
  });
});

describe('suggestMapping', () => {
  it('matches CSV headers and Merchant tags by name', () => {
    expect(
      suggestMapping(['ID', 'Nama Produk', 'harga', 'sale_price', 'g:image_link', 'Kategori']),
    ).toEqual({
      sku: 'ID',
      title: 'Nama Produk',
      price: 'harga',
      salePrice: 'sale_price',
      imageUrl: 'g:image_link',
      category: 'Kategori',
    });
  });
  it('keeps the server suggestion and uses each feed field once', () => {
    expect(suggestMapping(['kode', 'id', 'title'], { sku: 'kode' })).toEqual({
      sku: 'kode',
      title: 'title',
    });
  });
  it('drops a suggestion naming a field the feed does not have', () => {
    expect(suggestMapping(['sku'], { title: 'judul' })).toEqual({ sku: 'sku' });
  });
});

describe('cleaning the form', () => {
  it('leaves out empty mapping and category entries', () => {
    expect(cleanMapping({ sku: 'id', title: '', price: '  ' })).toEqual({ sku: 'id' });
    expect(cleanCategoryMap({ Sepatu: '3', Tas: '', Topi: null })).toEqual({ Sepatu: '3' });
  });
  it('lists seen categories first, then those mapped before', () => {
    expect(categoryTexts(['Sepatu', 'Tas', 'Sepatu'], { Topi: '2', Tas: '1' })).toEqual([
      'Sepatu',
      'Tas',
      'Topi',
    ]);
  });
});

describe('feedAlertsOf', () => {
  const stats = {
    totalCategories: 1,
    categoriesWithProducts: 1,
    categoriesWithoutProducts: 0,
    totalProducts: 1,
    activeProducts: 1,
    inactiveProducts: 0,
    brokenLinks: 0,
    activeWatches: 0,
    feedAlerts: [],
  };
  it('counts the feeds the stats list, and none before they load', () => {
    const item = { feedId: 'f1', name: 'Shopee', alert: 'Proses terakhir gagal' };
    expect(feedAlertsOf({ ...stats, feedAlerts: [item] })).toEqual({ count: 1, items: [item] });
    expect(feedAlertsOf(stats)).toEqual({ count: 0, items: [] });
    expect(feedAlertsOf(undefined)).toEqual({ count: 0, items: [] });
  });
});
