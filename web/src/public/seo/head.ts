import type { MetaTag } from '@shared/types';
import { absoluteUrl } from '../../common/safe-url';
import { escapeHtml, serializeJsonForScript } from './escape';
import { jsonLdFor } from './json-ld';
import {
  BASE_KEYWORDS,
  DEFAULT_OG_IMAGE,
  OG_IMAGE_SIZE,
  SITE_NAME,
  fullTitle,
  type PageMeta,
} from './page-meta';

const attr = (value: string) => `"${escapeHtml(value)}"`;

/** Meta tags keyed by 'name:x' or 'property:x', so a later source can replace an earlier one. */
class MetaSet {
  private readonly tags = new Map<string, string>();

  name(name: string, content: string, replace = true): void {
    this.put(
      `name:${name.toLowerCase()}`,
      `<meta name=${attr(name)} content=${attr(content)}>`,
      replace,
    );
  }

  property(property: string, content: string, replace = true): void {
    this.put(
      `property:${property.toLowerCase()}`,
      `<meta property=${attr(property)} content=${attr(content)}>`,
      replace,
    );
  }

  private put(key: string, html: string, replace: boolean): void {
    if (replace || !this.tags.has(key)) this.tags.set(key, html);
  }

  lines(): string[] {
    return [...this.tags.values()];
  }
}

/**
 * Admin meta tags, re-rendered from their parsed, escaped parts; the raw text never reaches the
 * page. Tags written for exactly this path replace the page's own; tags for every page ('*')
 * only fill gaps. On a product address the product's own description always wins, so a shared
 * link previews the product.
 */
function applyAdminTags(set: MetaSet, tags: readonly MetaTag[], isProduct: boolean): void {
  for (const tag of tags) {
    if (tag.parsedContent === null) continue;
    const replace = tag.pageUrl !== '*' && !isProduct;
    if (tag.parsedName) set.name(tag.parsedName, tag.parsedContent, replace);
    else if (tag.parsedProperty) set.property(tag.parsedProperty, tag.parsedContent, replace);
  }
}

/** The <head> content of a page: title, description, canonical, Open Graph, JSON-LD. */
export function renderHead(
  meta: PageMeta,
  origin: string,
  metaTags: readonly MetaTag[] = [],
): string {
  const title = fullTitle(meta.title);
  const canonical = `${origin}${meta.path}`;
  const { product } = meta;
  const image = absoluteUrl(origin, product?.image ?? meta.ogImage ?? DEFAULT_OG_IMAGE);

  const set = new MetaSet();
  set.name('description', meta.description);
  set.name('keywords', [...(meta.keywords ?? []), ...BASE_KEYWORDS].join(', '));
  set.name('robots', meta.noIndex ? 'noindex, nofollow' : 'index, follow');
  set.property('og:site_name', SITE_NAME);
  set.property('og:locale', 'id_ID');
  set.property('og:type', product ? 'product' : 'website');
  set.property('og:title', title);
  set.property('og:description', meta.description);
  set.property('og:url', canonical);
  set.property('og:image', image);
  if (!product) {
    // The site image is exactly 1200x630; a product photo's size is not known here.
    set.property('og:image:width', String(OG_IMAGE_SIZE.width));
    set.property('og:image:height', String(OG_IMAGE_SIZE.height));
  }
  set.property('og:image:alt', product?.name ?? SITE_NAME);
  if (product && product.offers.price !== null) {
    set.property('product:price:amount', String(product.offers.price));
    set.property('product:price:currency', product.offers.priceCurrency);
  }
  set.name('twitter:card', 'summary_large_image');
  set.name('twitter:title', title);
  set.name('twitter:description', meta.description);
  set.name('twitter:image', image);
  applyAdminTags(set, metaTags, product !== undefined);

  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href=${attr(canonical)}>`,
    ...set.lines(),
    ...jsonLdFor(meta, origin).map(
      (block) => `<script type="application/ld+json">${serializeJsonForScript(block)}</script>`,
    ),
  ];
  return lines.join('\n    ');
}
