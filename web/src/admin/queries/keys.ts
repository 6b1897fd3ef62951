// Query keys in one place so a save can reload exactly the lists it changed.
export const queryKeys = {
  me: ['admin', 'me'] as const,
  stats: ['admin', 'stats'] as const,
  desktopReleases: ['admin', 'desktop', 'releases'] as const,
  feeds: ['admin', 'feeds'] as const,
  categories: ['admin', 'categories'] as const,
  products: ['admin', 'products'] as const,
  platformLinks: (productId: string) => ['admin', 'platform-links', productId] as const,
  platformLinksAll: ['admin', 'platform-links'] as const,
  productImages: (productId: string) => ['admin', 'product-images', productId] as const,
  content: ['admin', 'content'] as const,
  faqs: ['admin', 'faqs'] as const,
  metaTags: ['admin', 'meta-tags'] as const,
  popups: ['admin', 'popups'] as const,
  analytics: (name: string, range: AnalyticsRange) =>
    ['admin', 'analytics', name, range.from ?? '', range.to ?? ''] as const,
  realtime: ['admin', 'analytics', 'realtime'] as const,
  sessions: ['admin', 'sessions'] as const,
  users: ['admin', 'users'] as const,
  auditAll: ['admin', 'audit'] as const,
  audit: (filters: AuditFilters) =>
    [
      'admin',
      'audit',
      filters.page,
      filters.limit,
      filters.username ?? '',
      filters.entity ?? '',
      filters.entityId ?? '',
    ] as const,
};

/** The audit screen's filters, as its address carries them. */
export interface AuditFilters {
  page: number;
  limit: number;
  username?: string;
  entity?: string;
  entityId?: string;
}

export interface AnalyticsRange {
  from?: string;
  to?: string;
}
