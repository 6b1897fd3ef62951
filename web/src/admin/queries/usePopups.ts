import type { PopupValues } from '@shared/schemas';
import type { Popup } from '@shared/types';
import { useAdminList, useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function usePopups() {
  return useAdminList<Popup>(queryKeys.popups, '/api/admin/popups');
}

export function usePopupMutations() {
  return useCrudMutations<PopupValues, Popup>('/api/admin/popups', [queryKeys.popups]);
}
