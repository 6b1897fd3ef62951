import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedInput, FeedPreviewInput } from '@shared/schemas/feed';
import type { AdminListPage, Feed, FeedPreview, FeedRun } from '@shared/types';
import { useAdminConfig, useApi } from '../api/ApiContext';
import { useCrudMutations } from './crud';
import { queryKeys } from './keys';

/** How often a running run (and the list showing it) is read again. */
export const FEED_RUN_POLL_MS = 2_000;

/** GET /api/admin/feeds/{id}/runs?page&limit (DESIGN.md, "Product feeds"). */
export type FeedRunsPage = AdminListPage<'runs', FeedRun>;

const runsKey = (id: string) => [...queryKeys.feeds, 'runs', id] as const;

function isRunning(feed: Feed): boolean {
  return feed.lastRun?.status === 'running';
}

/** Every feed; read again every 2 s while one of them runs. */
export function useFeeds() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.feeds,
    queryFn: ({ signal }) => api.get<Feed[]>('/api/admin/feeds', { signal }),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? FEED_RUN_POLL_MS : false),
  });
}

/** One page of a feed's runs, newest first; read again every 2 s while one is running. */
export function useFeedRuns(id: string, page: number, limit: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...runsKey(id), page, limit],
    queryFn: async ({ signal }) => {
      const result = await api.get<FeedRunsPage>(
        `/api/admin/feeds/${encodeURIComponent(id)}/runs`,
        {
          signal,
          query: { page, limit },
        },
      );
      const previous = queryClient.getQueryData<FeedRunsPage>([...runsKey(id), page, limit]);
      const wasRunning = previous?.runs.some((run) => run.status === 'running');
      if (wasRunning && !result.runs.some((run) => run.status === 'running')) {
        // A run just ended: the feed's figures, the products and the dashboard changed.
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: queryKeys.feeds, exact: true }),
          queryClient.invalidateQueries({ queryKey: queryKeys.products }),
          queryClient.invalidateQueries({ queryKey: queryKeys.stats }),
        ]);
      }
      return result;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? FEED_RUN_POLL_MS : false,
  });
}

export function useFeedMutations() {
  return useCrudMutations<FeedInput, Feed>('/api/admin/feeds', [queryKeys.feeds, queryKeys.stats]);
}

/** POST /api/admin/feeds/preview {url, format}: the first rows and the fields seen. */
export function useFeedPreview() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: FeedPreviewInput) =>
      api.post<FeedPreview>('/api/admin/feeds/preview', input),
  });
}

/** POST /api/admin/feeds/{id}/run: starts a run now (409 while one is running). */
export function useRunFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ id: string } | FeedRun>(`/api/admin/feeds/${encodeURIComponent(id)}/run`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feeds }),
  });
}

/**
 * POST /api/admin/feeds/{id}/accept-size: the feed truly shrank; its newest run becomes the
 * baseline of the next (409 when that run did not shrink or a run is going).
 */
export function useAcceptFeedSize() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<Feed>(`/api/admin/feeds/${encodeURIComponent(id)}/accept-size`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feeds }),
  });
}

/** Pause or resume: the feed saved again with `enabled` switched. */
export function useToggleFeed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feed: Feed) =>
      api.put<Feed>(`/api/admin/feeds/${encodeURIComponent(feed.id)}`, {
        ...feedInputOf(feed),
        enabled: !feed.enabled,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feeds }),
  });
}

/** The editable part of a feed, as the API takes it back. */
export function feedInputOf(feed: Feed): FeedInput {
  return {
    name: feed.name,
    url: feed.url,
    format: feed.format,
    platform: feed.platform,
    scheduleMinutes: feed.scheduleMinutes,
    newProducts: feed.newProducts,
    mapping: feed.mapping,
    categoryMap: feed.categoryMap,
    enabled: feed.enabled,
  };
}

/** The failed rows of a run as CSV, on the configured server (the desktop app's too). */
export function useFeedRunErrorsUrl() {
  const { apiBaseUrl } = useAdminConfig();
  return (runId: string) =>
    `${apiBaseUrl}/api/admin/feed-runs/${encodeURIComponent(runId)}/errors.csv`;
}
