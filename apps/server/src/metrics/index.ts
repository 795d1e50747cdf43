/**
 * The server's Prometheus metrics (decision 104), with prom-client. Off unless
 * METRICS_PORT names a port: then buildApp turns them on (`enableMetrics`) and
 * main.ts serves them on that port (metrics/server.ts).
 *
 * The instruments live in one registry per app, the one turned on last; the
 * parts of the server that count call the small functions below, which do
 * nothing but a null check while metrics are off. Every label's values are
 * bounded by the code (route patterns, resource names, cache names, repo
 * functions), never by what a request names.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A label value for requests no route matched: one series, whatever the address. */
export const UNMATCHED = 'unmatched';

/** Queries not sent from a `*.repo.ts` function (migrations, the job queue's own SQL through pg-boss). */
export const OTHER = 'other';

/** What is read at scrape time from the parts the app built (main.ts's database, its job queue). */
interface MetricsSources {
  /** The database pool's connections: all, idle, and the queries waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Jobs in the queue's table by queue and state. */
  jobs?: () => Promise<{ queue: string; state: string; count: number }[]>;
}

function instruments(register: Registry) {
  const registers = [register];
  return {
    register,
    sources: {} as MetricsSources,
    /** The request histogram's children by route, method and status class (observeRequest). */
    httpSeries: new Map<string, Map<string, HistogramChild[]>>(),
    http: new Histogram({
      name: 'pinboard_http_request_duration_seconds',
      help: 'HTTP requests by route pattern (resources by name and action), method and status class.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    query: new Histogram({
      name: 'pinboard_db_query_duration_seconds',
      help: 'Database queries by the repo function that sent them (file.function; "other" outside a repo).',
      labelNames: ['repo'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    cache: new Counter({
      name: 'pinboard_cache_requests_total',
      help: 'Cache look-ups by cache and result (hit or miss).',
      labelNames: ['cache', 'result'] as const,
      registers,
    }),
    refusals: new Counter({
      name: 'pinboard_rate_limit_refusals_total',
      help: 'Attempts refused by a rate limit, by limit.',
      labelNames: ['limit'] as const,
      registers,
    }),
    media: new Counter({
      name: 'pinboard_media_store_operations_total',
      help: 'Media store operations by operation and result (ok or error).',
      labelNames: ['operation', 'result'] as const,
      registers,
    }),
    transcode: new Histogram({
      name: 'pinboard_video_transcode_duration_seconds',
      help: 'Video transcodes (ffmpeg) by result.',
      labelNames: ['result'] as const,
      buckets: [1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1200],
      registers,
    }),
    streams: new Gauge({
      name: 'pinboard_live_streams_open',
      help: 'Server-sent event streams open on this server, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
  };
}

type Instruments = ReturnType<typeof instruments>;

let on: Instruments | null = null;

/** The metrics an app turned on: their text for a scrape, and what is read at scrape time. */
export interface Metrics {
  readonly contentType: string;
  text(): Promise<string>;
  /** Adds what is read at scrape time (the app's pool, its job queue). */
  watch(sources: MetricsSources): void;
  /** Turns the metrics off again (the app's close), unless another app has turned on its own since. */
  off(): void;
}

/**
 * Turns metrics on with a new registry (an app built before keeps its own, no longer fed): the process's default
 * metrics (event-loop delay, heap, GC, CPU), the server's instruments, and the gauges read at scrape time.
 */
export function enableMetrics(): Metrics {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'pinboard_' });
  const mine = instruments(register);
  new Gauge({
    name: 'pinboard_db_pool_connections',
    help: "The database pool's connections by state: in use, idle, and queries waiting for one.",
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = mine.sources.pool?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'pinboard_job_queue_jobs',
    help: 'Jobs in the job queue by queue and state (created and retry: waiting; active: running; completed, failed, cancelled: kept).',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      const read = mine.sources.jobs;
      if (!read) return;
      // A database that cannot answer leaves the queue's series out of this scrape, not the scrape without the rest.
      const rows = await read().catch(() => []);
      this.reset();
      for (const row of rows) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });
  on = mine;
  return {
    contentType: register.contentType,
    text: () => register.metrics(),
    watch: (sources) => Object.assign(mine.sources, sources),
    off: () => {
      if (on === mine) on = null;
      mine.sources = {};
    },
  };
}

/** Whether anything is counted: callers with work of their own to do for a label (finding a repo function) ask first. */
export function metricsOn(): boolean {
  return on !== null;
}

/**
 * A request's answer: `route` a route pattern (or UNMATCHED), `status` the HTTP status, `seconds` its duration.
 * Each series' child is kept (route and method are bounded, the status is one of seven classes), so that a request
 * allocates no label object and hashes no labels.
 */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  if (!on) return;
  const cls = Math.min(Math.max(Math.floor(status / 100), 0), OTHER_STATUS);
  let byMethod = on.httpSeries.get(route);
  if (!byMethod) on.httpSeries.set(route, (byMethod = new Map()));
  let byStatus = byMethod.get(method);
  if (!byStatus) byMethod.set(method, (byStatus = []));
  const child = (byStatus[cls] ??= on.http.labels({ route, method, status: STATUS_CLASSES[cls]! }));
  child.observe(seconds);
}

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx', 'other'];
const OTHER_STATUS = STATUS_CLASSES.length - 1;
type HistogramChild = ReturnType<Histogram<'route' | 'method' | 'status'>['labels']>;

export function observeQuery(repo: string, seconds: number) {
  on?.query.observe({ repo }, seconds);
}

export function countCache(cache: string, hit: boolean) {
  on?.cache.inc({ cache, result: hit ? 'hit' : 'miss' });
}

export function countRefusal(limit: string) {
  on?.refusals.inc({ limit });
}

export function countMediaOperation(operation: string, ok: boolean) {
  on?.media.inc({ operation, result: ok ? 'ok' : 'error' });
}

export function observeTranscode(ok: boolean, seconds: number) {
  on?.transcode.observe({ result: ok ? 'ok' : 'failed' }, seconds);
}

/** A live stream opened; the function it returns counts it closed (once, in the registry it was counted in). */
export function streamOpened(kind: string): () => void {
  const counted = on;
  if (!counted) return () => {};
  counted.streams.inc({ kind });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    counted.streams.dec({ kind });
  };
}
