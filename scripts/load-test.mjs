#!/usr/bin/env node
// `npm run load-test`: mixed reads and saves at a fixed rate against the
// compiled server on the embedded PostgreSQL (fsync on, as `npm start` runs
// it), then checks that no request failed and that the rows written equal the
// saves acknowledged.
//
// 20 signed-in people each have a board with a few Pins. For LOAD_SECONDS
// (60), requests start at fixed times whatever the answers (an open loop):
// LOAD_READS_PER_SECOND (200) reads — board feeds, Pins, profiles, home
// feeds, images — and LOAD_SAVES_PER_SECOND (50) saves of one another's Pins.
// Each save carries an Idempotency-Key; a save that times out or gets 503 is
// sent again with the same key, as a careful client would, so every save
// ends acknowledged or refused, never doubled.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const READS = Number(process.env.LOAD_READS_PER_SECOND ?? 200);
const SAVES = Number(process.env.LOAD_SAVES_PER_SECOND ?? 50);
const PEOPLE = 20;
const PINS_EACH = 5;
const TIMEOUT_MS = 10_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'pinboard-load-'));
const port = await new Promise((resolve) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const base = `http://127.0.0.1:${port}`;

console.log('Building the server…');
await buildServer();
// LOAD_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under the load.
const server = spawn(process.execPath, [...(process.env.LOAD_NODE_OPTIONS ?? '').split(' ').filter(Boolean), join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', SIGNUP_RATE_LIMIT_CLIENT: '100000' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not yet
  }
  if (i > 2400) throw new Error('the server did not start');
  await sleep(50);
}

class Person {
  cookies = new Map();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method, path, body, extra = {}) {
    const res = await fetch(base + path, {
      method,
      headers: { cookie: this.header(), 'content-type': 'application/json', 'x-csrftoken': this.cookies.get('csrftoken') ?? '', ...extra },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : null };
  }
}

const resource = (name, options) => `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`;

console.log(`Making ${PEOPLE} people with ${PINS_EACH} Pins each…`);
const people = [];
const pins = [];
const boards = [];
const images = [];
for (let i = 0; i < PEOPLE; i++) {
  const p = new Person();
  await p.call('GET', '/'); // a page sets the CSRF cookie (/healthz sets none)
  const signUp = await p.call('POST', '/resource/UserRegisterResource/create/', {
    options: { email: `load${i}@example.com`, username: `load${i}`, password: 'a load test password' },
  });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${JSON.stringify(signUp.json)}`);
  const board = (await p.call('POST', '/resource/BoardResource/create/', { options: { name: `Load board ${i}` } })).json.resource_response.data;
  boards.push(board.id);
  for (let j = 0; j < PINS_EACH; j++) {
    const jpeg = await sharp({ create: { width: 300, height: 200 + j * 20, channels: 3, background: { r: (i * 40) % 255, g: (j * 60) % 255, b: 120 } } })
      .jpeg()
      .toBuffer();
    const pin = await p.call('POST', '/resource/PinResource/create/', {
      options: { board_id: board.id, title: `Pin ${i}.${j}`, image_base64: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    });
    if (pin.status !== 200) throw new Error(`Pin create: ${pin.status} ${JSON.stringify(pin.json)}`);
    pins.push(pin.json.resource_response.data.id);
    images.push(pin.json.resource_response.data.images['236x'].url);
  }
  people.push(p);
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const stats = { reads: [], saves: [], readErrors: {}, saveErrors: {}, saveAcknowledged: 0, saveRetries: 0, saveRefused: 0 };
const count = (map, key) => (map[key] = (map[key] ?? 0) + 1);

async function read() {
  const who = pick(people);
  const kind = Math.floor(Math.random() * 5);
  const path =
    kind === 0
      ? resource('BoardFeedResource', { board_id: pick(boards), page_size: 25 })
      : kind === 1
        ? resource('PinResource', { id: pick(pins) })
        : kind === 2
          ? resource('UserResource', { username: `load${Math.floor(Math.random() * PEOPLE)}` })
          : kind === 3
            ? resource('UserHomefeedResource', { page_size: 25 })
            : pick(images);
  const t = performance.now();
  try {
    const res = await who.call('GET', path);
    if (res.status !== 200) count(stats.readErrors, res.status);
  } catch (err) {
    count(stats.readErrors, err.name === 'TimeoutError' ? 'timeout' : (err.code ?? err.name));
  }
  stats.reads.push(performance.now() - t);
}

async function save() {
  const who = pick(people);
  const key = randomUUID();
  const options = { pin_id: pick(pins), board_id: boards[people.indexOf(who)] };
  const t = performance.now();
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const res = await who.call('POST', '/resource/RepinResource/create/', { options }, { 'idempotency-key': key });
      if (res.status === 200) {
        stats.saveAcknowledged++;
        break;
      }
      count(stats.saveErrors, res.status);
      if (res.status !== 503) {
        stats.saveRefused++;
        break;
      }
    } catch (err) {
      count(stats.saveErrors, err.name === 'TimeoutError' ? 'timeout' : (err.code ?? err.name));
    }
    if (attempt === 5) stats.saveRefused++;
    else stats.saveRetries++;
    await sleep(200 * attempt);
  }
  stats.saves.push(performance.now() - t);
}

const pinsBefore = await countPins();
console.log(`Load: ${READS} reads/s and ${SAVES} saves/s for ${SECONDS} s…`);
const started = performance.now();
const inFlight = new Set();
const launch = (fn) => {
  const p = fn().finally(() => inFlight.delete(p));
  inFlight.add(p);
};
let readsSent = 0;
let savesSent = 0;
while (performance.now() - started < SECONDS * 1000) {
  const elapsed = (performance.now() - started) / 1000;
  while (readsSent < elapsed * READS) {
    readsSent++;
    launch(read);
  }
  while (savesSent < elapsed * SAVES) {
    savesSent++;
    launch(save);
  }
  await sleep(2);
}
await Promise.all(inFlight);
const pinsAfter = await countPins();

server.kill('SIGINT');
await new Promise((r) => server.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const pct = (list, q) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1) : '-';
};
const readErrorCount = Object.values(stats.readErrors).reduce((a, b) => a + b, 0);
const written = pinsAfter - pinsBefore;
console.log(`
reads: ${readsSent} sent, ${readErrorCount} failed ${JSON.stringify(stats.readErrors)}, p50 ${pct(stats.reads, 0.5)} ms, p99 ${pct(stats.reads, 0.99)} ms
saves: ${savesSent} sent, ${stats.saveAcknowledged} acknowledged, ${stats.saveRefused} refused, ${stats.saveRetries} retries ${JSON.stringify(stats.saveErrors)}, p50 ${pct(stats.saves, 0.5)} ms, p99 ${pct(stats.saves, 0.99)} ms
rows written by saves: ${written} (acknowledged ${stats.saveAcknowledged})`);
const ok = readErrorCount === 0 && stats.saveRefused === 0 && written === stats.saveAcknowledged;
console.log(ok ? 'OK: no errors, and every acknowledged save is exactly one row' : 'FAILED');
process.exit(ok ? 0 : 1);

async function countPins() {
  const client = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'pinboard' });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM pins')).rows[0].n;
  } finally {
    await client.end();
  }
}
