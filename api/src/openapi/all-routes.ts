import { analyticsApi } from '../analytics/analytics.openapi';
import { auditApi } from '../audit/audit.openapi';
import { authApi } from '../auth/auth.openapi';
import { categoriesApi } from '../catalogue/categories/categories.openapi';
import { exportsApi } from '../catalogue/exports/exports.openapi';
import { importsApi } from '../catalogue/imports/imports.openapi';
import { linkHealthApi } from '../catalogue/link-health/link-health.openapi';
import { platformLinksApi } from '../catalogue/platform-links/platform-links.openapi';
import { pricesApi } from '../catalogue/prices/prices.openapi';
import { productImagesApi } from '../catalogue/product-images/product-images.openapi';
import { productsApi } from '../catalogue/products/products.openapi';
import { searchApi } from '../catalogue/search/search.openapi';
import { contentApi } from '../site/content/content.openapi';
import { faqsApi } from '../site/faqs/faqs.openapi';
import { metaTagsApi } from '../site/meta-tags/meta-tags.openapi';
import { popupsApi } from '../site/popups/popups.openapi';
import { desktopApi } from '../desktop/desktop.openapi';
import { feedsApi } from '../feeds/feeds.openapi';
import { statsApi } from '../stats/stats.openapi';
import { usersApi } from '../users/users.openapi';
import { watchesApi } from '../watches/watches.openapi';
import { openApiApi } from './openapi.openapi';
import type { ApiRoute } from './registry';

/**
 * Every documented route under /api, one list per feature folder (`<feature>.openapi.ts`).
 * A route mounted in app.ts and missing here fails api/test/openapi.test.ts (docs/openapi.md).
 */
export const API_ROUTES: readonly ApiRoute[] = [
  ...productsApi,
  ...pricesApi,
  ...platformLinksApi,
  ...categoriesApi,
  ...searchApi,
  ...contentApi,
  ...faqsApi,
  ...popupsApi,
  ...openApiApi,
  ...authApi,
  ...statsApi,
  ...productImagesApi,
  ...metaTagsApi,
  ...linkHealthApi,
  ...usersApi,
  ...auditApi,
  ...importsApi,
  ...exportsApi,
  ...analyticsApi,
  ...desktopApi,
  ...watchesApi,
  ...feedsApi,
];
