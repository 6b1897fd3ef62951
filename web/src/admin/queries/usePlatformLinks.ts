import { TIMINGS } from '@shared/constants';
import type { PlatformLinkCreateValues, PlatformLinkUpdateValues } from '@shared/schemas';
import type { PlatformLink } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

/** A product's platform links; cached 300000 ms (spec section 7). */
export function usePlatformLinks(productId: string | null, enabled = true) {
  return useAdminList<PlatformLink>(
    queryKeys.platformLinks(productId ?? ''),
    `/api/admin/platform-links/${encodeURIComponent(productId ?? '')}`,
    { enabled: enabled && Boolean(productId), staleTime: TIMINGS.platformLinksCache },
  );
}

export function usePlatformLinkMutations(productId: string) {
  // Links change the product's platform badges too (the server keeps them in step).
  return useCrudMutations<PlatformLinkCreateValues, PlatformLink, PlatformLinkUpdateValues>(
    '/api/admin/platform-links',
    [queryKeys.platformLinks(productId), queryKeys.products],
  );
}
