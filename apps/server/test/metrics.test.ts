/**
 * Prometheus metrics (decision 104): with METRICS_PORT set, /metrics on a port of its own answers the
 * requests by route pattern (a resource by name and action, never an id the address names), the database
 * pool and its queries by repo function, the event loop, the job queue, the caches, the limits' refusals,
 * the media store, transcodes and the live streams open. Off, nothing is counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsOn } from '../src/metrics';
import { serveMetrics, type MetricsServer } from '../src/metrics/server';
import { makeAnimatedGif } from '../src/media-pipeline/test-images';
import { openEventStream } from './event-stream';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let server: MetricsServer;
let owner: TestClient;
let baseUrl = '';
let pinId = '';

interface Sample {
  labels: Record<string, string>;
  value: number;
}

/** The samples of one series name in a scrape's text. */
function samples(text: string, name: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

const value = (text: string, name: string, labels: Record<string, string>) =>
  samples(text, name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** Scrapes until `ok` holds (a count that comes a moment after the answer); the last scrape either way. */
async function scrapeUntil(ok: (text: string) => boolean, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape();
    if (ok(text) || Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ METRICS_PORT: '9464', LOGIN_RATE_LIMIT_CLIENT: '1', HOST: '127.0.0.1' });
  server = await serveMetrics(t.metrics!, 0, '127.0.0.1');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = (await t.person('Metrics Owner', 'metrics')).c;
  const boardId = (await owner.resource('BoardResource', 'create', { name: 'Counted' })).data.id as string;
  const gif = await makeAnimatedGif({ width: 120, height: 90, frames: 4 });
  const made = await owner.upload('PinResource', 'create', { board_id: boardId, title: 'A counted loop' }, gif, 'loop.gif');
  expect(made.httpStatus, JSON.stringify(made.error)).toBe(200);
  pinId = made.data.id as string;
  await t.jobsSettled('transcode');
}, 120_000);
let closed = false;
async function closeApp() {
  if (closed) return;
  closed = true;
  await server?.close();
  await t?.close();
}
afterAll(closeApp);

describe('/metrics', () => {
  it('counts requests by route pattern, a resource by its name and action, and unknown ids and addresses without a series of their own', async () => {
    const reader = t.client();
    const unknown = ['918273645500000001', '918273645500000002'];
    for (const id of unknown) expect((await reader.resource('PinResource', 'get', { id })).httpStatus).toBe(404);
    for (const id of unknown) expect((await reader.request('GET', `/no-such-page/${id}/`)).statusCode).toBe(404);
    for (const id of unknown) expect((await reader.request('GET', `/resource/NoSuch${id}Resource/get/`)).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await reader.resource('PinResource', 'get', { id: pinId })).httpStatus).toBe(200);

    const text = await scrape();
    const http = 'pinboard_http_request_duration_seconds_count';
    const pinGets = { route: '/resource/PinResource/get/', method: 'GET' };
    expect(value(text, http, { ...pinGets, status: '2xx' })).toBeGreaterThanOrEqual(3);
    expect(value(text, http, { ...pinGets, status: '4xx' })).toBeGreaterThanOrEqual(2);
    expect(value(text, http, { route: '/resource/PinResource/create/', method: 'POST', status: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(value(text, http, { route: 'unmatched', status: '4xx' })).toBeGreaterThanOrEqual(2);
    expect(value(text, http, { route: '/resource/unmatched/', status: '4xx' })).toBeGreaterThanOrEqual(2);
    // One series per route, method and status class: the ids appear nowhere, and no route is an address.
    for (const id of unknown) expect(text).not.toContain(id);
    expect(text).not.toContain(pinId);
    const routes = new Set(samples(text, http).map((s) => s.labels.route!));
    for (const route of routes) expect(route === 'unmatched' || route.startsWith('/'), route).toBe(true);
    expect([...routes].filter((r) => /\d{6,}/.test(r))).toEqual([]);
    expect(samples(text, http).filter((s) => s.labels.route === '/resource/PinResource/get/' && s.labels.status === '4xx')).toHaveLength(1);
    // Histogram buckets are there for the quantiles.
    expect(samples(text, 'pinboard_http_request_duration_seconds_bucket').some((s) => s.labels.le === '0.005')).toBe(true);
  });

  it('tells the database pool and query durations by repo function', async () => {
    const text = await scrape();
    (await import('node:fs')).writeFileSync('/tmp/metrics-scrape.txt', text);
    for (const state of ['in_use', 'idle', 'waiting']) {
      const found = samples(text, 'pinboard_db_pool_connections').filter((s) => s.labels.state === state);
      expect(found, state).toHaveLength(1);
      expect(found[0]!.value).toBeGreaterThanOrEqual(0);
    }
    expect(value(text, 'pinboard_db_pool_connections', { state: 'idle' }) + value(text, 'pinboard_db_pool_connections', { state: 'in_use' })).toBeGreaterThan(
      0,
    );
    const repos = samples(text, 'pinboard_db_query_duration_seconds_count').map((s) => s.labels.repo!);
    for (const repo of repos) expect(repo, repo).toMatch(/^(?:[\w-]+\.[\w$]+|other)$/);
    // Signing up and making a Pin went through the repos of users and pins.
    expect(repos.some((r) => r.startsWith('users.'))).toBe(true);
    expect(repos.some((r) => r.startsWith('pins.'))).toBe(true);
    expect(value(text, 'pinboard_db_query_duration_seconds_count', {})).toBeGreaterThan(10);
  });

  it('tells the event-loop delay and the process', async () => {
    const text = await scrape();
    expect(samples(text, 'pinboard_nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
    expect(samples(text, 'pinboard_process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
  });

  it('tells the job queue by queue and state, read at scrape time', async () => {
    const text = await scrape();
    const jobs = samples(text, 'pinboard_job_queue_jobs');
    for (const queue of ['transcode', 'mail', 'housekeeping']) {
      for (const state of ['created', 'retry', 'active', 'completed', 'failed']) {
        expect(
          jobs.filter((s) => s.labels.queue === queue && s.labels.state === state),
          `${queue} ${state}`,
        ).toHaveLength(1);
      }
    }
    // The GIF's transcode ran and is kept as completed; nothing of it waits or runs.
    expect(value(text, 'pinboard_job_queue_jobs', { queue: 'transcode', state: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'pinboard_job_queue_jobs', { queue: 'transcode', state: 'active' })).toBe(0);
  });

  it('times transcodes and counts media store operations', async () => {
    const text = await scrape();
    expect(value(text, 'pinboard_video_transcode_duration_seconds_count', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'pinboard_video_transcode_duration_seconds_sum', { result: 'ok' })).toBeGreaterThan(0);
    expect(value(text, 'pinboard_media_store_operations_total', { operation: 'put', result: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'pinboard_media_store_operations_total', { operation: 'put_file', result: 'ok' })).toBeGreaterThanOrEqual(1);
  });

  it('counts cache hits and misses by cache', async () => {
    const reader = t.client();
    const hits = (text: string) => value(text, 'pinboard_cache_requests_total', { cache: 'public_read', result: 'hit' });
    const before = hits(await scrape());
    // A signed-out read is kept once its answer is known (a moment after it); the same read again is a hit.
    const deadline = Date.now() + 10_000;
    let now = before;
    while (now <= before && Date.now() < deadline) {
      await reader.resource('PinResource', 'get', { id: pinId });
      now = hits(await scrape());
    }
    expect(now).toBeGreaterThan(before);
    const after = await scrape();
    expect(value(after, 'pinboard_cache_requests_total', { cache: 'public_read', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'pinboard_cache_requests_total', { cache: 'session_viewer' })).toBeGreaterThanOrEqual(1);
  });

  it('counts refusals by limit, not by client or account', async () => {
    const c = t.client({ ip: '203.0.113.77' });
    for (let i = 0; i < 3; i++) await c.resource('UserSessionResource', 'create', { username_or_email: 'nobody-here', password: 'not the password' });
    const text = await scrape();
    expect(value(text, 'pinboard_rate_limit_refusals_total', { limit: 'login:ip' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('203.0.113.77');
    expect(text).not.toContain('nobody-here');
  });

  it('tells the live streams open, by kind', async () => {
    const streams = (text: string) => value(text, 'pinboard_live_streams_open', { kind: 'notifications' });
    const stream = await openEventStream(owner, `${baseUrl}/v3/notifications/events/`);
    await stream.next((e) => e.event === 'count');
    expect(streams(await scrapeUntil((text) => streams(text) === 1))).toBe(1);
    stream.close();
    expect(streams(await scrapeUntil((text) => streams(text) === 0))).toBe(0);
  });

  it('answers only /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
  });
});

describe('METRICS_PORT=0', () => {
  it('counts nothing: no metrics object, no instruments fed', async () => {
    await closeApp();
    const off = await buildTestApp({ METRICS_PORT: '0' });
    try {
      expect(off.metrics).toBeNull();
      expect(metricsOn()).toBe(false);
      expect((await off.client().request('GET', '/healthz')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
