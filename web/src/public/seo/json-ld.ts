import { absoluteUrl } from '../../common/safe-url';
import { DEFAULT_OG_IMAGE, SITE_NAME, type PageMeta } from './page-meta';

type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

function website(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    inLanguage: 'id-ID',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function organization(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}${DEFAULT_OG_IMAGE}`,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: 'halo@diskonradar.id',
      availableLanguage: ['id', 'en'],
    },
  };
}

/** The structured data blocks of a page: website and organization always, then its own. */
export function jsonLdFor(meta: PageMeta, origin: string): JsonLd[] {
  const blocks: JsonLd[] = [website(origin), organization(origin)];
  if (meta.breadcrumbs && meta.breadcrumbs.length > 0) {
    blocks.push({
      '@context': CONTEXT,
      '@type': 'BreadcrumbList',
      itemListElement: meta.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: `${origin}${crumb.path}`,
      })),
    });
  }
  if (meta.faqs && meta.faqs.length > 0) {
    blocks.push({
      '@context': CONTEXT,
      '@type': 'FAQPage',
      mainEntity: meta.faqs.map((faq) => ({
        '@type': 'Question',
        name: faq.question,
        acceptedAnswer: { '@type': 'Answer', text: faq.answer },
      })),
    });
  }
  if (meta.product) {
    const { product } = meta;
    const { offers } = product;
    const offer: JsonLd = {
      '@type': 'Offer',
      priceCurrency: offers.priceCurrency,
      availability: `https://schema.org/${offers.availability}`,
      url: absoluteUrl(origin, offers.url),
    };
    if (offers.price !== null) {
      // One product, several marketplaces: an AggregateOffer over the platforms' prices.
      offer['@type'] = 'AggregateOffer';
      offer.lowPrice = offers.price;
      offer.highPrice = offers.highPrice ?? offers.price;
      offer.offerCount = offers.offerCount ?? 1;
    }
    blocks.push({
      '@context': CONTEXT,
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: absoluteUrl(origin, product.image),
      brand: { '@type': 'Brand', name: product.brand },
      ...(product.category ? { category: product.category } : {}),
      offers: offer,
    });
  }
  return blocks;
}
