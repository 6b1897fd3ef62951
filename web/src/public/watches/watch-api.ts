import { createApiClient, isApiError } from '@shared/api-client';
import type {
  WatchConfigResponse,
  WatchCreateRequest,
  WatchCreated,
  WatchListResponse,
} from '@shared/types';

// The watch routes (docs/contracts.md, "Price watches"); loaded with the watch UI only.
const api = createApiClient();

/** The VAPID key and whether e-mail is offered; null when the server cannot say. */
export async function fetchWatchConfig(): Promise<WatchConfigResponse | null> {
  try {
    return await api.get<WatchConfigResponse>('/api/push/public-key');
  } catch {
    return null;
  }
}

export const createWatch = (body: WatchCreateRequest) =>
  api.post<WatchCreated>('/api/watches', body);

/** The server's state of the given watches; unknown tokens are left out of the answer. */
export const fetchWatchStates = (tokens: string[]) =>
  api.get<WatchListResponse>('/api/watches', { query: { tokens: tokens.join(',') } });

/** Deletes a watch on the server; one already gone (404) counts as deleted. */
export async function deleteWatch(id: string, token: string): Promise<void> {
  try {
    await api.delete(`/api/watches/${encodeURIComponent(id)}`, { query: { token } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return;
    throw error;
  }
}

/** The server's own Indonesian message, or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) ? error.serverMessage(fallback) : fallback;
}
