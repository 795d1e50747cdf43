#!/usr/bin/env node
// `npm run crash-test`: kill -9 during acknowledged writes, restart at once,
// and check that nothing acknowledged was lost and no restart was refused.
//
// Runs the compiled server (as `npm start` does) on a fresh DATA_DIR with the
// embedded PostgreSQL. Each round, writers create boards as fast as the server
// acknowledges them; after a random moment the round kills, with SIGKILL, the
// app, the database server, or the database server and then the app; a new
// server starts immediately on the same DATA_DIR. Every board id the server
// acknowledged (HTTP 200) must then be in the database.
//
// CRASH_ROUNDS (default 8), CRASH_WRITERS (default 4).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const WRITERS = Number(process.env.CRASH_WRITERS ?? 4);
const KILLS = ['app', 'database', 'both'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'pinboard-crash-'));
const serverJs = join(root, 'apps/server/dist/main.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server; resolves with it once /healthz answers, rejects if it exits first. */
async function startServer(port) {
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SIGNUP_RATE_LIMIT_CLIENT: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`the server exited during start (${JSON.stringify(exited)}): ${stderr.trim()}`);
    if (Date.now() - started > 120_000) throw new Error('the server did not answer /healthz within 120 s');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return { child, ms: Date.now() - started, exited: () => exited };
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
}

class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method, path, body) {
    if (!this.cookies.has('csrftoken')) await this.raw('GET', '/'); // a page sets the CSRF cookie (/healthz sets none)
    return this.raw(method, path, body);
  }
  async raw(method, path, body) {
    const res = await fetch(this.base + path, {
      method,
      headers: { cookie: this.header(), 'content-type': 'application/json', 'x-csrftoken': this.cookies.get('csrftoken') ?? '', origin: this.base },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { status: res.status, json: await res.json().catch(() => null) };
  }
}

const acknowledged = new Set();
let attempted = 0;

async function writer(client, id, until) {
  let n = 0;
  while (!until.done) {
    attempted++;
    try {
      const res = await client.call('POST', '/resource/BoardResource/create/', { options: { name: `w${id} r${until.round} #${n++}` } });
      if (res.status === 200 && res.json?.resource_response?.data?.id) acknowledged.add(res.json.resource_response.data.id);
    } catch {
      // the server is gone: this write was never acknowledged
      await sleep(20);
    }
  }
}

function postmasterPid() {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
}

async function countPresent(ids) {
  const client = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'pinboard' });
  await client.connect();
  try {
    const res = await client.query('SELECT count(*)::int AS n FROM boards WHERE id = ANY($1::bigint[])', [ids]);
    return res.rows[0].n;
  } finally {
    await client.end();
  }
}

console.log('Building the server…');
await buildServer();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server = await startServer(port);
console.log(`Started on ${dataDir} in ${server.ms} ms`);

const clients = [];
for (let i = 0; i < WRITERS; i++) {
  const c = new Client(base);
  const res = await c.call('POST', '/resource/UserRegisterResource/create/', {
    options: { email: `writer${i}@example.com`, password: 'crash test password 1' },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.json)}`);
  clients.push(c);
}

let refused = 0;
let lost = 0;
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const kill = KILLS[(round - 1) % KILLS.length];
  const before = acknowledged.size;
  const until = { done: false, round };
  const writing = clients.map((c, i) => writer(c, i, until));
  await sleep(400 + Math.random() * 1200);
  if (kill === 'database' || kill === 'both') {
    const pm = postmasterPid();
    if (pm) process.kill(pm, 'SIGKILL');
    await sleep(kill === 'both' ? 5 : 800 + Math.random() * 800); // 'database': the app starts it again and writing goes on
  }
  server.child.kill('SIGKILL');
  while (!server.exited()) await sleep(5);
  until.done = true;
  await Promise.all(writing);
  let restartMs = null;
  try {
    server = await startServer(port);
    restartMs = server.ms;
  } catch (err) {
    refused++;
    console.error(`round ${round}: restart refused: ${err.message}`);
    server = await startServer(port); // the count says it; go on to check the data
  }
  const ids = [...acknowledged];
  const present = await countPresent(ids);
  lost += ids.length - present;
  rows.push({ round, kill, acknowledgedThisRound: acknowledged.size - before, acknowledgedTotal: ids.length, present, lost: ids.length - present, restartMs });
  console.log(
    `round ${round}: killed ${kill.padEnd(8)} acknowledged ${String(acknowledged.size - before).padStart(4)} (total ${ids.length}), in the database ${present}, lost ${ids.length - present}, restart ${restartMs ?? 'refused'} ms`,
  );
}

server.child.kill('SIGINT');
await new Promise((r) => (server.exited() ? r() : server.child.once('exit', r)));
rmSync(dataDir, { recursive: true, force: true });
console.log(`\n${ROUNDS} rounds, ${attempted} writes attempted, ${acknowledged.size} acknowledged, ${lost} lost, ${refused} restarts refused`);
process.exit(lost === 0 && refused === 0 ? 0 : 1);
