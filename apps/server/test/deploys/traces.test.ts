/**
 * Traces (decision 105): the real server process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a small
 * OTLP/HTTP receiver started here sends an HTTP server span for a request and, under it, a span for each
 * SQL statement it ran, as the service `pinboard`, and a span for a job of the queue; without the
 * variable the process loads no OpenTelemetry module but the API (which the job queue calls, a no-op then).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, HttpClient, probe, startServer, until, type ServerProcess } from './server-process';

const servers: ServerProcess[] = [];
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const c of cleanups) await c();
}, 60_000);

/** One span as OTLP/JSON has it, with its resource's service name. */
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: string;
}
const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const SPAN_KIND_CONSUMER = 5;

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
type KeyValue = { key: string; value: AnyValue };
const valueOf = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue;
const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP receiver of traces in JSON: POST /v1/traces, every span kept. */
async function otlpReceiver(): Promise<{ url: string; spans: Span[]; server: Server }> {
  const spans: Span[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans?: {
          resource?: { attributes?: KeyValue[] };
          scopeSpans?: { spans?: (Omit<Span, 'attributes' | 'service'> & { attributes?: KeyValue[] })[] }[];
        }[];
      };
      for (const rs of body.resourceSpans ?? []) {
        const service = String(attributesOf(rs.resource?.attributes)['service.name']);
        for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, attributes: attributesOf(s.attributes), service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

/** The OpenTelemetry modules a server process loaded, as record-loads.mjs wrote them down. */
function packagesLoaded(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const names = text
    .split('\n')
    .map((line) => /\/node_modules\/((?:@opentelemetry\/)?[^/]+)\//.exec(line)?.[1])
    .filter((n): n is string => !!n);
  return [...new Set(names)].sort();
}

async function startWatched(env: Record<string, string>) {
  const { url, drop } = await freshDatabase();
  cleanups.push(drop);
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-traces-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const loads = join(dir, 'loads.txt');
  const server = await startServer(
    { DATABASE_URL: url, PINBOARD_TEST_LOADS: loads, LOG_LEVEL: 'warn', ...env },
    { before: ['./apps/server/test/deploys/record-loads.mjs'], after: ['./apps/server/src/tracing.ts'] },
  );
  servers.push(server);
  await until(
    () => probe(`${server.base}/readyz`),
    (r) => r !== 'refused' && r.status === 200,
    120_000,
  ).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${server.output()}`)));
  return { server, loads };
}

describe('traces', () => {
  it('with OTEL_EXPORTER_OTLP_ENDPOINT, a request is an HTTP server span with its SQL under it, and a job is a span', { timeout: 180_000 }, async () => {
    const receiver = await otlpReceiver();
    cleanups.push(() => new Promise((resolve) => receiver.server.close(resolve)));
    const { server, loads } = await startWatched({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // The batch goes out after 200 ms instead of 5 s: the test waits less.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_NODE_RESOURCE_DETECTORS: 'env',
    });

    const client = new HttpClient(server.base);
    const signup = await client.resource('UserRegisterResource', 'create', {
      email: 'tess@example.com',
      username: 'tess_traces',
      password: 'correct horse battery',
    });
    expect(signup.status).toBe(200);

    // The request's server span, and the SQL it ran under it (same trace), as they arrive.
    const { request, sql } = await until(
      async () => {
        const request = receiver.spans.find(
          (s) =>
            s.kind === SPAN_KIND_SERVER && String(s.attributes['url.path'] ?? s.attributes['http.target']).startsWith('/resource/UserRegisterResource/create'),
        );
        const sql = request ? receiver.spans.filter((s) => s.traceId === request.traceId && s.attributes['db.system.name'] === 'postgresql') : [];
        return { request, sql };
      },
      (v) => !!v.request && v.sql.some((s) => /INSERT INTO/i.test(String(s.attributes['db.query.text']))),
      60_000,
    ).catch((err: Error) => Promise.reject(new Error(`${err.message}\nspans: ${receiver.spans.map((s) => s.name).join(', ')}\n${server.output()}`)));
    expect(request!.service).toBe('pinboard');
    expect(request!.attributes['http.response.status_code'] ?? request!.attributes['http.status_code']).toBe(200);
    expect(sql.every((s) => s.kind === SPAN_KIND_CLIENT)).toBe(true);

    // The housekeeping job, sent at start, ran in a span of its own, its SQL under it.
    const job = await until(
      async () => receiver.spans.find((s) => s.kind === SPAN_KIND_CONSUMER && s.name === 'job housekeeping'),
      (s) => !!s && receiver.spans.some((q) => q.parentSpanId === s.spanId && q.attributes['db.system.name'] === 'postgresql'),
      60_000,
    );
    expect(job!.attributes).toMatchObject({ 'messaging.system': 'pg-boss', 'messaging.destination.name': 'housekeeping' });

    // What was loaded: the SDK and the instrumentations, through the loader hook that sees ES modules.
    const loaded = packagesLoaded(loads);
    expect(loaded).toEqual(expect.arrayContaining(['@opentelemetry/sdk-node', '@opentelemetry/instrumentation-pg', 'import-in-the-middle']));
  });

  it('without it, no OpenTelemetry module is loaded but the API', { timeout: 180_000 }, async () => {
    const { server, loads } = await startWatched({});
    // A request and the start's housekeeping job have run meanwhile: whatever they would load is loaded.
    const client = new HttpClient(server.base);
    expect(
      (await client.resource('UserRegisterResource', 'create', { email: 'una@example.com', username: 'una_traces', password: 'correct horse battery' })).status,
    ).toBe(200);
    expect(packagesLoaded(loads)).toEqual(['@opentelemetry/api']);
    expect(server.output()).not.toContain('Traces:');
  });
});
