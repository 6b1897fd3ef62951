import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BADGE_COLORS,
  CATEGORY_COLORS,
  CATEGORY_GROUPS,
  CATEGORY_ICONS,
  FAQ_CATEGORIES,
  MEDIA_TYPES,
  PLATFORMS,
  PLATFORM_DISPLAY_NAMES,
  POPUP_IMAGE_POSITIONS,
  POPUP_TYPES,
} from '../../../shared/constants';
import {
  demoCategories,
  demoContactContent,
  demoFaqs,
  demoHeroContent,
  demoPopups,
  demoProducts,
} from './demo-data';

const resourcesDir = fileURLToPath(new URL('../../../resources/', import.meta.url));

/** '/media/products/x.webp' -> absolute path of resources/media/products/x.webp */
function resourceFile(sitePath: string): string {
  return resourcesDir + sitePath.replace(/^\//, '');
}

const includes = (list: readonly string[], value: string): boolean => list.includes(value);

const AFFILIATE_HOSTS: Record<string, string> = {
  Shopee: 'shopee.co.id',
  Tokopedia: 'www.tokopedia.com',
  Lazada: 'www.lazada.co.id',
  Blibli: 'www.blibli.com',
  Bukalapak: 'www.bukalapak.com',
  TikTok: 'www.tiktok.com',
};

describe('demo categories', () => {
  it('has at least 31 categories with unique kebab-case slugs', () => {
    expect(demoCategories.length).toBeGreaterThanOrEqual(31);
    const slugs = demoCategories.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const c of demoCategories) expect(c.name.trim()).not.toBe('');
  });

  it('covers all 13 groups and only those', () => {
    const groups = new Set(demoCategories.map((c) => c.group));
    for (const g of CATEGORY_GROUPS) expect(groups.has(g), g).toBe(true);
    for (const g of groups) expect(includes(CATEGORY_GROUPS, g), g).toBe(true);
  });

  it('uses only the allowed icons and colours', () => {
    for (const c of demoCategories) {
      expect(includes(CATEGORY_ICONS, c.icon), `${c.slug}: ${c.icon}`).toBe(true);
      expect(includes(CATEGORY_COLORS, c.color), `${c.slug}: ${c.color}`).toBe(true);
    }
  });

  it('contains the categories the footer links to', () => {
    const slugs = new Set(demoCategories.map((c) => c.slug));
    for (const slug of ['fashion', 'elektronik', 'skincare', 'rumah-tangga']) {
      expect(slugs.has(slug), slug).toBe(true);
    }
  });
});

describe('demo products', () => {
  const categorySlugs = new Set(demoCategories.map((c) => c.slug));

  it('has at least 60 products with unique keys, spread over at least 25 categories', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(60);
    const keys = demoProducts.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(demoProducts.map((p) => p.categorySlug)).size).toBeGreaterThanOrEqual(25);
  });

  it('points every product at an existing category', () => {
    for (const p of demoProducts) expect(categorySlugs.has(p.categorySlug), p.key).toBe(true);
  });

  it('has valid texts, discounts, badges and media types', () => {
    for (const p of demoProducts) {
      expect(p.title.trim(), p.key).not.toBe('');
      expect(p.description.trim(), p.key).not.toBe('');
      expect(Number.isInteger(p.discountPercentage), p.key).toBe(true);
      expect(p.discountPercentage).toBeGreaterThanOrEqual(0);
      expect(p.discountPercentage).toBeLessThanOrEqual(100);
      expect(includes(BADGE_COLORS, p.badgeColor), p.key).toBe(true);
      expect(includes(MEDIA_TYPES, p.mediaType), p.key).toBe(true);
      if (p.badgeText !== undefined) expect(p.badgeText.trim(), p.key).not.toBe('');
      // A shopper reads a badge text by its colour: the same text never wears two.
      if (p.badgeText !== undefined) {
        const first = demoProducts.find((other) => other.badgeText === p.badgeText);
        expect(p.badgeColor, `${p.key}: ${p.badgeText}`).toBe(first?.badgeColor);
      }
      expect(p.ageDays).toBeGreaterThanOrEqual(0);
      expect(p.ageDays).toBeLessThanOrEqual(60);
      expect(Number.isInteger(p.featuredOrder)).toBe(true);
    }
  });

  it('lists exactly the platforms of its links, each once, in the fixed platform order', () => {
    for (const p of demoProducts) {
      expect(p.links.length, p.key).toBeGreaterThanOrEqual(1);
      const linked = new Set(p.links.map((l) => l.platform));
      expect(p.platforms, p.key).toEqual(PLATFORMS.filter((platform) => linked.has(platform)));
      expect(new Set(p.platforms).size, p.key).toBe(p.platforms.length);
      for (const platform of p.platforms)
        expect(includes(PLATFORMS, platform), platform).toBe(true);
    }
  });

  it('has https affiliate URLs on the platform host and rupiah prices', () => {
    for (const p of demoProducts) {
      for (const link of p.links) {
        const url = new URL(link.affiliateUrl);
        expect(url.protocol, link.affiliateUrl).toBe('https:');
        expect(url.hostname, link.affiliateUrl).toBe(AFFILIATE_HOSTS[link.platform]);
        if (link.price !== '') expect(link.price, p.key).toMatch(/^Rp \d{1,3}(\.\d{3})*$/);
      }
    }
    expect(demoProducts.some((p) => p.links.some((l) => l.price === ''))).toBe(true);
  });

  it('gives video products a recognised video URL and a dozen products a gallery', () => {
    for (const p of demoProducts) {
      if (p.mediaType === 'video' || p.mediaType === 'both') {
        expect(p.videoUrl, p.key).toBeDefined();
      }
      if (p.videoUrl !== undefined) {
        const url = new URL(p.videoUrl);
        expect(url.protocol).toBe('https:');
        expect(
          /(^|\.)youtube\.com$|(^|\.)tiktok\.com$|(^|\.)instagram\.com$/.test(url.hostname),
          p.videoUrl,
        ).toBe(true);
      }
      // The form hints at up to 5 variations; a product without any shows its main image.
      expect(p.imageUrls.length, p.key).toBeLessThanOrEqual(5);
    }
    const galleries = demoProducts.filter(
      (p) => (p.mediaType === 'image' || p.mediaType === 'both') && p.imageUrls.length >= 2,
    );
    expect(galleries.length).toBeGreaterThanOrEqual(12);
  });

  it('has a distinct main image per product and every image file ships in resources/', () => {
    const mains = demoProducts.map((p) => p.imageUrl);
    expect(new Set(mains).size).toBe(mains.length);
    for (const p of demoProducts) {
      for (const image of [p.imageUrl, ...p.imageUrls]) {
        expect(image, p.key).toMatch(/^\/media\/products\/[a-z0-9-]+\.webp$/);
        const file = resourceFile(image);
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size, file).toBeLessThan(25 * 1024);
      }
    }
  });

  it('has featured, inactive and badged products for every page to show', () => {
    const active = demoProducts.filter((p) => p.isActive);
    expect(demoProducts.length - active.length).toBeGreaterThanOrEqual(1);
    expect(active.filter((p) => p.isFeaturedPromo).length).toBeGreaterThanOrEqual(8);
    expect(active.filter((p) => p.isFeaturedPopular).length).toBeGreaterThanOrEqual(8);
    for (const p of demoProducts) {
      if (p.isFeaturedPromo || p.isFeaturedPopular)
        expect(p.featuredOrder, p.key).toBeGreaterThan(0);
    }
    expect(demoProducts.filter((p) => p.badgeText !== undefined).length).toBeGreaterThanOrEqual(20);
    expect(active.some((p) => p.discountPercentage >= 50)).toBe(true);
  });
});

describe('demo FAQs, content and popups', () => {
  it('has exactly 6 active FAQs with valid categories and distinct orders', () => {
    expect(demoFaqs).toHaveLength(6);
    for (const f of demoFaqs) {
      expect(includes(FAQ_CATEGORIES, f.category), f.question).toBe(true);
      expect(f.question.trim()).not.toBe('');
      expect(f.answer.trim()).not.toBe('');
      expect(f.order).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(demoFaqs.map((f) => f.order)).size).toBe(6);
  });

  it('has complete contact content with https social links', () => {
    const c = demoContactContent;
    expect(c.companyName).toBe('DiskonRadar');
    expect(c.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    expect(c.whatsapp).toMatch(/^\d{10,15}$/);
    for (const value of [c.address, c.phone, c.description]) expect(value.trim()).not.toBe('');
    expect(c.businessHours).toEqual({
      weekdays: '09:00 - 18:00 WIB',
      weekend: '09:00 - 15:00 WIB',
    });
    for (const url of Object.values(c.socialMedia)) expect(url).toMatch(/^https:\/\//);
  });

  it('has hero content naming the six marketplaces and a shipped background', () => {
    expect(demoHeroContent.platforms).toEqual(PLATFORMS.map((p) => PLATFORM_DISPLAY_NAMES[p]));
    for (const value of [
      demoHeroContent.mainTitle,
      demoHeroContent.subtitle,
      demoHeroContent.ctaText,
    ]) {
      expect(value.trim()).not.toBe('');
    }
    expect(existsSync(resourceFile(demoHeroContent.backgroundImage))).toBe(true);
  });

  it('has a valid active popup', () => {
    expect(demoPopups.length).toBeGreaterThanOrEqual(1);
    expect(demoPopups.some((p) => p.isActive)).toBe(true);
    for (const p of demoPopups) {
      expect(includes(POPUP_TYPES, p.type)).toBe(true);
      expect(includes(POPUP_IMAGE_POSITIONS, p.imagePosition)).toBe(true);
      // Every seeded popup's button leads somewhere: a page of the site or an http(s) URL.
      expect(p.targetUrl).toMatch(/^(https?:\/\/|\/(?!\/))/);
      expect(p.triggerAfterSeconds).toBeGreaterThanOrEqual(0);
      expect(p.triggerAfterSeconds).toBeLessThanOrEqual(60);
      expect(p.startOffsetDays).toBeLessThan(p.endOffsetDays);
      expect(p.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
      expect(p.textColor).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('ships the brand assets', () => {
    for (const file of [
      'media/og-default.jpg',
      'media/logo.svg',
      'media/favicon.svg',
      'icon.png',
    ]) {
      expect(existsSync(resourcesDir + file), file).toBe(true);
    }
  });
});
