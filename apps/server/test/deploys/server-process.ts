/**
 * The real server as a child process (`node --import tsx src/main.ts`, as
 * `npm run dev` runs it) on a database of the test's own, and a small HTTP
 * client with cookies and the CSRF header, for the start-up and shutdown
 * tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { openPostgres } from '../../src/db/client';
import { testDbKind } from '../test-db';
import { freePort } from './own-redis';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A new empty database on the test run's PostgreSQL, and the way to drop it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = testDbKind() === 'external' ? process.env.TEST_DATABASE_URL! : process.env.PINBOARD_TEST_PG_URL!;
  const name = `p_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(base, { max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: string | null }>;
  stop(): Promise<void>;
}

/**
 * Starts `src/main.ts` with `env` on a free port, or on `env.PORT` (a server started again where it ran before).
 * `imports`: modules Node loads before and after tsx, as `--import` (paths from the repository's root).
 */
export async function startServer(env: Record<string, string>, imports: { before?: string[]; after?: string[] } = {}): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const preload = [...(imports.before ?? []), 'tsx', ...(imports.after ?? [])].flatMap((m) => ['--import', m]);
  const child = spawn(process.execPath, [...preload, main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A GET's status and JSON body, or 'refused' when nothing listens (yet, or any more). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read by the tests
export async function probe(url: string): Promise<{ status: number; body: any } | 'refused'> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json().catch(() => null) };
  } catch {
    return 'refused';
  }
}

/** Polls `fn` until it answers something `done` accepts (no fixed sleeps: as soon as it holds). */
export async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  headers(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/json',
      'x-csrftoken': this.cookies.get('csrftoken') ?? '',
      origin: this.base,
    };
  }

  remember(setCookies: string[]) {
    for (const c of setCookies) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  }

  async resource(name: string, action: 'get' | 'create', options: Record<string, unknown>) {
    if (!this.cookies.has('csrftoken')) {
      const page = await fetch(this.base + '/', { headers: { accept: 'text/html' } });
      this.remember(page.headers.getSetCookie());
    }
    const url =
      action === 'get'
        ? `${this.base}/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`
        : `${this.base}/resource/${name}/${action}/`;
    const res = await fetch(url, {
      method: action === 'get' ? 'GET' : 'POST',
      headers: this.headers(),
      body: action === 'get' ? undefined : JSON.stringify({ options }),
      signal: AbortSignal.timeout(15_000),
    });
    this.remember(res.headers.getSetCookie());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies, read by the tests
    const body = (await res.json().catch(() => null)) as { resource_response?: { data?: any } } | null;
    return { status: res.status, data: body?.resource_response?.data };
  }

  /**
   * A POST whose body is sent in two parts: the request is accepted (headers and the first part) at once,
   * and finishes when `rest()` sends the remainder. Resolves `response` with the status.
   */
  slowPost(path: string, json: unknown) {
    const body = Buffer.from(JSON.stringify(json));
    const half = Math.floor(body.length / 2);
    const url = new URL(this.base + path);
    let resolveStatus: (s: number) => void;
    let rejectStatus: (e: unknown) => void;
    const response = new Promise<number>((res, rej) => ((resolveStatus = res), (rejectStatus = rej)));
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { ...this.headers(), 'content-length': String(body.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      },
    );
    req.on('error', (e) => rejectStatus(e));
    req.flushHeaders();
    req.write(body.subarray(0, half));
    return { response, rest: () => req.end(body.subarray(half)) };
  }
}
