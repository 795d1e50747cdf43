/**
 * One bounded autocannon run (programmatic API), with our own latency
 * histogram at microsecond precision: autocannon's own histogram keeps whole
 * milliseconds, which is too coarse for a hello-world floor of ~0.5 ms.
 */
import { createRequire } from 'node:module';
import { createHistogram } from 'node:perf_hooks';

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  mismatches: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number; sent: number };
  throughput: { average: number };
}

interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): void;
}

type Autocannon = (
  opts: {
    url: string;
    method: string;
    connections: number;
    duration: number;
    headers: Record<string, string>;
    body?: Buffer;
    timeout: number;
  },
  cb: (err: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

// autocannon ships no types; this is the part of its API we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: Buffer;
  connections: number;
  durationSec: number;
}

export interface LoadResult {
  durationSec: number;
  /** autocannon's requests.average: mean of the per-second completed-request counts. */
  reqPerSec: number;
  totalRequests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** From our µs histogram over 2xx responses. */
  p50Ms: number;
  p90Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** autocannon's own (whole-millisecond) figures, for cross-checking. */
  autocannon: { p50Ms: number; p99Ms: number; meanMs: number; throughputBytesPerSec: number };
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const hist = createHistogram();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        connections: spec.connections,
        duration: spec.durationSec,
        headers: spec.headers,
        body: spec.body,
        timeout: 30,
      },
      (err, r) => {
        if (err) return reject(err);
        const statusCodes: Record<string, number> = {};
        for (const [code, s] of Object.entries(r.statusCodeStats)) statusCodes[code] = s.count;
        const ms = (ns: number) => +(ns / 1000).toFixed(3); // the histogram holds µs
        resolve({
          durationSec: r.duration,
          reqPerSec: r.requests.average,
          totalRequests: r.requests.total,
          ok2xx: r['2xx'],
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          statusCodes,
          p50Ms: ms(hist.percentile(50)),
          p90Ms: ms(hist.percentile(90)),
          p95Ms: ms(hist.percentile(95)),
          p99Ms: ms(hist.percentile(99)),
          maxMs: ms(hist.max),
          meanMs: ms(hist.mean),
          autocannon: {
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            meanMs: r.latency.average,
            throughputBytesPerSec: r.throughput.average,
          },
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      if (statusCode >= 200 && statusCode < 300) hist.record(Math.max(1, Math.round(responseTimeMs * 1000)));
    });
  });
}
