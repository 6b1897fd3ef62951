import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './QueryState';

/** The parts of a query the boundary reads; any TanStack query fits. */
export interface BoundaryQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/** Loading, then the content drawn from the loaded data, or the error (with a retry) without any. */
export function QueryBoundary<T>({
  query,
  title,
  loading,
  children,
}: {
  query: BoundaryQuery<T>;
  /** Title of the error state. */
  title: string;
  /** What stands in while loading, shaped like the content; the spinner by default. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading ?? <LoadingState />;
  // A failed refetch keeps the loaded data on screen (offline: docs/contracts.md, "Offline").
  if (query.data === undefined) {
    return (
      <ErrorState
        title={title}
        error={query.error ?? 'Tidak ada data'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
