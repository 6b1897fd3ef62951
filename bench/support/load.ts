import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon and keeps the figures the budgets are written in. */
export async function measure(url: string, connections = 50, duration = 8): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
