import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@shared/api-client';
import { isFinishedImport, type ImportJob } from '@shared/rules/product-csv';
import { useAdminConfig, useApi } from '../api/ApiContext';
import { queryKeys } from './keys';

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 500;

/** A canceled job's last chunk has committed by then (a chunk takes well under a second). */
const CANCEL_SETTLE_MS = 2_000;

const importJobKey = (id: string) => ['admin', 'imports', id] as const;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Sends a CSV file as the raw `text/csv` body (the JSON client cannot), streamed by the
 * browser from disk; answers the new job's id.
 */
export function useImportUpload() {
  const { apiBaseUrl } = useAdminConfig();
  return useMutation({
    mutationFn: async ({ file, dryRun }: { file: File; dryRun: boolean }) => {
      const response = await fetch(
        `${apiBaseUrl}/api/admin/imports/products${dryRun ? '?dryRun=true' : ''}`,
        {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'text/csv' },
          body: file,
        },
      );
      const text = await response.text();
      if (!response.ok) {
        throw new ApiError(
          response.status,
          `${response.status}: ${text || response.statusText}`,
          parseJson(text),
        );
      }
      return (JSON.parse(text) as { id: string }).id;
    },
  });
}

/**
 * A job's state, asked for every half second until it has ended. When a real import ends,
 * the product lists and the dashboard figures are reloaded.
 */
export function useImportJob(id: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importJobKey(id ?? ''),
    queryFn: async ({ signal }) => {
      const job = await api.get<ImportJob>(`/api/admin/imports/${id}`, { signal });
      if (isFinishedImport(job.status) && !job.dryRun) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.products });
        await queryClient.invalidateQueries({ queryKey: queryKeys.stats });
      }
      return job;
    },
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isFinishedImport(query.state.data.status) ? false : IMPORT_POLL_MS,
  });
}

export function useCancelImport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<ImportJob>(`/api/admin/imports/${id}`),
    onSuccess: (job) => {
      queryClient.setQueryData(importJobKey(job.id), job);
      // The chunk under way still commits: read the final counts once it has.
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: importJobKey(job.id) }),
        CANCEL_SETTLE_MS,
      );
    },
  });
}

/** Addresses of the CSV downloads, on the configured server (the desktop app's too). */
export function useCsvDownloads() {
  const { apiBaseUrl } = useAdminConfig();
  return {
    template: `${apiBaseUrl}/api/admin/imports/template.csv`,
    failedRows: (id: string) => `${apiBaseUrl}/api/admin/imports/${id}/errors.csv`,
    productExport: (query: string) =>
      `${apiBaseUrl}/api/admin/exports/products.csv${query ? `?${query}` : ''}`,
  };
}
