import { useQuery } from '@tanstack/react-query';
import type { PopupValues } from '@shared/schemas';
import type { Popup } from '@shared/types';
import { useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

export function usePopups() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.popups,
    queryFn: ({ signal }) => api.get<Popup[]>('/api/admin/popups', { signal }),
  });
}

export function usePopupMutations() {
  return useCrudMutations<PopupValues, Popup>('/api/admin/popups', [queryKeys.popups]);
}
