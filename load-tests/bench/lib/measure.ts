import autocannon from 'autocannon';

export interface Sample {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface RequestShape {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A new path (with query) for every request, e.g. a random point; otherwise the URL's. */
  nextPath?: () => string;
}

export async function measure(
  url: string,
  connections: number,
  durationSec: number,
  request: RequestShape = {},
): Promise<Sample> {
  const { nextPath, ...shape } = request;
  const result = await autocannon({
    url,
    connections,
    duration: durationSec,
    pipelining: 1,
    ...shape,
    ...(nextPath ? { requests: [{ setupRequest: (template) => ({ ...template, path: nextPath() }) }] } : {}),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
