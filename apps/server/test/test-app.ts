/**
 * buildTestApp(): the real app on a real migrated database, media on disk in
 * a temporary folder (or in the bucket S3_BUCKET names, on a test's own S3 server: s3-server.ts), and a client that speaks the resource layer with a
 * cookie jar and the CSRF header, the way the web app does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import type { BeforeFramework } from '../src/plugins/before-framework';
import type { AnswerCheck } from '../src/plugins/resource-dispatcher';
import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import type { ResourceRegistry } from '../src/lib/resources';
import { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import type { MessageBus } from '../src/modules/messages/messages.bus';
import type { MediaStore } from '../src/media-pipeline/media-store';
import { S3MediaStore } from '../src/media-pipeline/s3-media-store';
import { MemoryRateLimiter, type RateLimiter } from '../src/rate-limit';
import { openTestDb } from './test-db';
import type { AppJobQueue, JobName } from '../src/jobs';
import type { Services } from '../src/services';
import type { Metrics } from '../src/metrics';

/** Waits until no job of these kinds (all unless given) is waiting or running; past `timeoutMs`, throws. */
export async function jobsSettled(jobs: AppJobQueue, names: JobName[] = [], timeoutMs = 60_000) {
  const kinds: JobName[] = names.length ? names : ['mail', 'transcode', 'housekeeping', 'push'];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let open = 0;
    for (const name of kinds) open += (await jobs.jobs(name)).filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active').length;
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still open after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface TestPerson {
  c: TestClient;
  id: string;
  username: string;
  email: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  media: MediaStore;
  config: Config;
  /** The app's resource declarations, as buildApp made them. */
  registry: ResourceRegistry;
  /** What answers requests before the framework (a listening server's only: inject() goes to the framework). */
  beforeFramework: BeforeFramework;
  /** The app's services, as buildApp made them. */
  services: Services;
  /** 'strict': every resource answer is parsed with its contract output schema (decision 073); the harness's default. */
  answerCheck: AnswerCheck;
  /** The app's metrics when METRICS_PORT is given (off by default in tests); null when off. */
  metrics: Metrics | null;
  /** The app's job queue (its workers run in this app). */
  jobs: AppJobQueue;
  /** Resolves once no job of these kinds (all unless given) waits or runs: mail written, transcodes done. */
  jobsSettled(...names: JobName[]): Promise<void>;
  /** A new browser: its own cookies; `ip` is the address its requests come from (127.0.0.1 unless given). */
  client(opts?: { ip?: string }): TestClient;
  /** A new browser signed up as a new person named `name`, with a username unique in this app (`prefix` + name + a counter). */
  person(name: string, prefix: string): Promise<TestPerson>;
  close(): Promise<void>;
}

/**
 * `opts.logger`: where the app logs (silent unless given); `opts.limiter`: the rate limiter (a fresh in-process one unless given);
 * `opts.db`: a database another app uses too (as a second server would; left open on close). With S3_BUCKET in `env`, media go
 * to that bucket; else to files in the app's own temporary DATA_DIR. `opts.bus`: the message bus (in process unless given).
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: BuildOptions & { limiter?: RateLimiter; db?: Db; bus?: MessageBus } = {},
): Promise<TestApp> {
  const mediaDir = mkdtempSync(join(tmpdir(), 'pinboard-media-'));
  // Metrics are off unless a test asks for them (METRICS_PORT): they are the process's, one app's at a time.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mediaDir, WEB_DIST_DIR: join(mediaDir, 'no-web'), METRICS_PORT: '0', ...env });
  const db = opts.db ?? (await openTestDb());
  const media: MediaStore = config.s3 ? new S3MediaStore(config.s3) : new DiskMediaStore(mediaDir);
  let people = 0;
  const answerCheck = opts.answerCheck ?? 'strict';
  const { app, registry, beforeFramework, services, jobs, metrics } = await buildApp(
    { config, db, media, limiter: opts.limiter ?? new MemoryRateLimiter(), bus: opts.bus },
    { logger: opts.logger ?? false, answerCheck },
  );
  await app.ready();
  return {
    app,
    db,
    media,
    config,
    beforeFramework,
    registry,
    answerCheck,
    services,
    metrics,
    jobs,
    jobsSettled: (...names) => jobsSettled(jobs, names),
    client: (opts = {}) => new TestClient(app, opts.ip),
    async person(name, prefix) {
      const c = new TestClient(app);
      const username = `${prefix}${name.toLowerCase().replace(/\W/g, '')}${++people}`;
      const email = `${username}@example.com`;
      const { id } = await c.signUp({ email, username, full_name: name });
      return { c, id, username, email };
    },
    async close() {
      await app.close();
      if (!opts.db) await db.close();
      if (media instanceof S3MediaStore) media.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHOD: Record<string, Method> = { get: 'GET', create: 'POST', update: 'PUT', delete: 'DELETE' };

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress?: string,
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** A first GET hands out the csrftoken cookie, as loading any page does (health probes carry no cookies). */
  async ensureCsrf() {
    if (!this.cookies.has('csrftoken')) await this.request('GET', '/', { headers: { accept: 'text/html' } });
  }

  async request(method: Method, url: string, opts: { payload?: unknown; headers?: Record<string, string>; csrf?: boolean } = {}) {
    if (method !== 'GET' && opts.csrf !== false) await this.ensureCsrf();
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...opts.headers };
    if (method !== 'GET' && opts.csrf !== false) headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    const res = await this.app.inject({ method, url, headers, payload: opts.payload as string | object | undefined, remoteAddress: this.remoteAddress });
    this.remember(res);
    return res;
  }

  /** Calls /resource/{name}/{action}/ and returns the HTTP status and the resource_response. */
  async resource(name: string, action: 'get' | 'create' | 'update' | 'delete', options: Record<string, unknown> = {}) {
    const method = METHOD[action]!;
    const url = method === 'GET' ? `/resource/${name}/${action}/?data=${encodeURIComponent(JSON.stringify({ options }))}` : `/resource/${name}/${action}/`;
    const res = await this.request(method, url, method === 'GET' ? {} : { payload: { options } });
    const body = res.json() as { resource_response: ResourceResponse };
    return { httpStatus: res.statusCode, headers: res.headers, ...body.resource_response };
  }

  /**
   * POST multipart/form-data the way a browser's FormData does: `options` as
   * JSON and the file (if any) as `field` ("image" unless told, or "video").
   */
  async upload(
    name: string,
    action: string,
    options: Record<string, unknown>,
    file: Buffer | null,
    filename = 'photo.jpg',
    field: 'image' | 'video' = 'image',
  ) {
    const form = new FormData();
    form.set('options', JSON.stringify(options));
    if (file) form.set(field, new Blob([file]), filename);
    const encoded = new Request('http://local/', { method: 'POST', body: form });
    const payload = Buffer.from(await encoded.arrayBuffer());
    const res = await this.request('POST', `/resource/${name}/${action}/`, {
      payload,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
    });
    const body = res.json() as { resource_response: ResourceResponse };
    return { httpStatus: res.statusCode, ...body.resource_response };
  }

  /** Reads `resource` (PinResource, StoryPinMediaResource) until its video leaves `processing` (the app's worker runs the job). */
  async settled(resource: string, id: string) {
    for (let i = 0; i < 600; i++) {
      const r = await this.resource(resource, 'get', { id });
      if (r.data?.video_status !== 'processing') return r.data;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`${resource} ${id} never left processing`);
  }

  async signUp(fields: { email: string; password?: string; username?: string; full_name?: string }) {
    const r = await this.resource('UserRegisterResource', 'create', { password: 'correct horse battery', ...fields });
    if (r.httpStatus !== 200) throw new Error(`sign-up failed: ${JSON.stringify(r)}`);
    return r.data as { id: string; username: string };
  }
}

interface ResourceResponse {
  status: 'success' | 'failure';
  code?: number;
  data?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  bookmark?: string | null;
  error?: {
    http_status: number;
    code: number;
    message: string;
    message_detail: string;
    field?: string;
    message_key?: string;
    message_args?: Record<string, string | number>;
  };
}
