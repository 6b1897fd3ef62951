import type { PopupValues } from '@shared/schemas';
import type { AdminListPage, Popup } from '@shared/types';
import { useAdminListPage, useCrudMutations, type AdminPageRequest } from './crud';
import { queryKeys } from './keys';

/** One page of the popups, newest first, searched and paged on the server. */
export function usePopupPage(request: AdminPageRequest) {
  return useAdminListPage<AdminListPage<'popups', Popup>>(
    queryKeys.popups,
    '/api/admin/popups',
    request,
  );
}

export function usePopupMutations() {
  return useCrudMutations<PopupValues, Popup>('/api/admin/popups', [queryKeys.popups]);
}
