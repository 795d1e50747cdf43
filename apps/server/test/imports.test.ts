/**
 * Importing a Pinterest export (decision 094): the upload, the `import` job on
 * the queue, and what it makes. Images come from a fixture image server this
 * test starts on 127.0.0.1, laid out as Pinterest's image host is
 * (`/736x/ab/cd/ef/<hash>.jpg`), with images that answer 500 before 200, that
 * are gone (404), that never answer in time, and that wait until the test
 * lets them go.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routeOutputOf } from '@pinboard/shared/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { MemoryRateLimiter } from '../src/rate-limit';
import { currentPageHtml, legacyCsv, writeCurrentExport, writeZip, type FixturePin } from './fixtures/pinterest-export';
import { buildTestApp, jobsSettled, TestClient, type TestApp, type TestPerson } from './test-app';

// ---- the fixture image server ----

type Behaviour = 'ok' | 'flaky' | 'gone' | 'hang' | 'held';

class ImageServer {
  readonly behaviour = new Map<string, Behaviour>();
  readonly requests = new Map<string, number>();
  inFlight = 0;
  maxInFlight = 0;
  private readonly held: (() => void)[] = [];
  private heldOpen = true;
  private server!: http.Server;
  private readonly pictures = new Map<string, Promise<Buffer>>();
  base = '';

  /** Each signature's own picture (one person holds one Pin of a picture per board: decision 095), the same at every request. */
  private pictureOf(hash: string) {
    let picture = this.pictures.get(hash);
    if (!picture) {
      const [r, g, b] = [0, 2, 4].map((i) => parseInt(hash.slice(i, i + 2), 16));
      picture = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: r!, g: g!, b: b! } } })
        .jpeg()
        .toBuffer();
      this.pictures.set(hash, picture);
    }
    return picture;
  }

  async start() {
    this.server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const m = /^\/736x\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{32})\.jpg$/.exec(req.url ?? '');
    const hash = m && m[4]!.startsWith(m[1]! + m[2]! + m[3]!) ? m[4]! : null;
    if (!hash) return void res.writeHead(400).end();
    const n = (this.requests.get(hash) ?? 0) + 1;
    this.requests.set(hash, n);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.once('close', () => this.inFlight--);
    const how = this.behaviour.get(hash) ?? 'ok';
    if (how === 'hang') return; // never answers: the fetch times out
    if (how === 'gone') return void res.writeHead(404).end();
    if (how === 'flaky' && n === 1) return void res.writeHead(500).end();
    if (how === 'held' && this.heldOpen) await new Promise<void>((r) => this.held.push(r));
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(await this.pictureOf(hash));
  }

  /** Held images answer from now on. */
  release() {
    this.heldOpen = false;
    for (const r of this.held.splice(0)) r();
  }

  get waiting() {
    return this.held.length;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

// ---- exports ----

let hashes = 0;
/** A new image signature (32 hex), with how the image server answers it. */
function hashOf(server: ImageServer, how: Behaviour = 'ok') {
  const hash = createHash('md5').update(`img-${++hashes}-${Math.random()}`).digest('hex');
  server.behaviour.set(hash, how);
  return hash;
}

let pinIds = 5_000_000_000;
const nextPinId = () => String(++pinIds);

/** A current export's Pins page (the export reader's fixture builder), as a single HTML upload. */
const exportHtml = (pins: FixturePin[]) => Buffer.from(currentPageHtml(pins));

// ---- the API ----

async function upload(c: TestClient, file: Buffer, fields: Record<string, string> = {}, filename = 'pins.html') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([file]), filename);
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  const payload = Buffer.from(await encoded.arrayBuffer());
  const res = await c.request('POST', '/v3/imports/', { payload, headers: { 'content-type': encoded.headers.get('content-type') ?? '' } });
  return { status: res.statusCode, body: res.json() as { status: string; data: { id: string; status: string }; message_key?: string; error?: unknown } };
}

interface ImportAnswer {
  id: string;
  status: string;
  total: number;
  done: number;
  boards_created: number;
  pins_imported: number;
  pins_skipped_dead: number;
  duplicates_collapsed: number;
  images_failed: number;
  failures: { pin_url: string; title: string; reason: string }[];
}

async function progress(c: TestClient, id: string) {
  const res = await c.request('GET', `/v3/imports/${id}/`);
  return { status: res.statusCode, data: (res.json() as { data: ImportAnswer }).data };
}

async function finished(c: TestClient, id: string, timeout = 60_000) {
  let last: ImportAnswer | null = null;
  await vi.waitFor(
    async () => {
      last = (await progress(c, id)).data;
      expect(['done', 'failed']).toContain(last.status);
    },
    { timeout, interval: 50 },
  );
  return last!;
}

const ENV = (images: ImageServer): Record<string, string> => ({
  FETCH_ALLOW_PRIVATE_ADDRESSES: 'true',
  IMPORT_IMAGE_BASE_URL: images.base,
  IMPORT_FETCH_CONCURRENCY: '2',
  IMPORT_FETCH_TIMEOUT_MS: '400',
});

async function pinsOf(t: TestApp, userId: string) {
  return t.db.query<{
    id: string;
    title: string;
    description: string;
    link: string;
    alt_text: string;
    method: string;
    created_at: Date;
    board_id: string | null;
    section_id: string | null;
  }>('SELECT id, title, description, link, alt_text, method, created_at, board_id, section_id FROM pins WHERE pinner_id = $1 ORDER BY id', [userId]);
}

async function boardsOf(t: TestApp, userId: string) {
  return t.db.query<{ id: string; name: string; privacy: string }>(
    'SELECT id, name, privacy FROM boards WHERE owner_id = $1 AND deleted_at IS NULL ORDER BY id',
    [userId],
  );
}

/** Every file under the media folder whose path names imports. */
function importFiles(t: TestApp) {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.includes('imports')) out.push(p);
    }
  };
  walk(t.config.dataDir);
  return out;
}

describe('importing a Pinterest export', () => {
  let t: TestApp;
  let images: ImageServer;
  let people = 0;
  const person = (name: string): Promise<TestPerson> => t.person(name, `imp${++people}`);

  beforeAll(async () => {
    images = new ImageServer();
    await images.start();
    t = await buildTestApp(ENV(images));
  });
  afterAll(async () => {
    await t?.close();
    await images?.close();
  });

  it('makes the boards and Pins, keeps their fields, skips dead Pins, collapses duplicates, lists failures; Retry failed tries them again', async () => {
    const me = await person('Ann Porter');
    const ok = [hashOf(images), hashOf(images), hashOf(images, 'flaky')];
    const video = hashOf(images);
    const dead = hashOf(images);
    const gone = hashOf(images, 'gone');
    const slow = hashOf(images, 'hang');
    const story = [hashOf(images), hashOf(images)];
    const kitchen = { boardId: '7001', boardName: 'Kitchen Ideas' };
    const garden = { boardId: '7002', boardName: 'Garden' };
    const first = nextPinId();
    const pins: FixturePin[] = [
      {
        id: first,
        title: 'Lemon tart',
        details: 'With a thin crust',
        image: ok[0],
        ...kitchen,
        altText: 'A tart on a plate',
        link: 'https://example.com/tart',
        createdAt: '2020/05/06 07:08:09',
      },
      { id: nextPinId(), title: 'Same tart again', image: ok[0], ...kitchen, createdAt: '2020/05/07 07:08:09' },
      { id: nextPinId(), title: 'Flaky image', image: ok[2], ...kitchen, createdAt: '2020/05/08 07:08:09' },
      { id: nextPinId(), title: 'A video', image: video, ...garden, isVideo: true, createdAt: '2021/01/01 00:00:00' },
      { id: nextPinId(), title: 'Dead one', image: dead, ...garden, alive: false, createdAt: '2021/01/02 00:00:00' },
      { id: nextPinId(), title: 'Gone image', image: gone, ...garden, createdAt: '2021/01/03 00:00:00' },
      { id: nextPinId(), title: 'Slow image', image: slow, ...garden, createdAt: '2021/01/04 00:00:00' },
      { id: nextPinId(), title: 'An idea Pin', image: null, story, ...garden, createdAt: '2021/01/05 00:00:00' },
      { id: nextPinId(), title: 'Plain one', image: ok[1], ...garden, createdAt: '2021/01/06 00:00:00' },
    ];
    const started = await upload(me.c, exportHtml(pins));
    expect(started.status).toBe(202);
    expect(started.body.data).toEqual({ id: expect.any(String), status: 'queued' });
    const done = await finished(me.c, started.body.data.id);
    expect(done).toMatchObject({
      status: 'done',
      total: 9,
      done: 9,
      boards_created: 2,
      pins_imported: 5,
      pins_skipped_dead: 1,
      duplicates_collapsed: 1,
      images_failed: 2,
    });
    expect(routeOutputOf('GET', '/v3/imports/:id/')!.safeParse(done).success).toBe(true);
    expect(done.failures.map((f) => [f.title, f.reason]).sort()).toEqual([
      ['Gone image', 'not_found'],
      ['Slow image', 'timeout'],
    ]);
    expect(done.failures[0]!.pin_url).toMatch(/^https:\/\/www\.pinterest\.com\/pin\/\d+\/$/);

    // Dead Pins are never fetched; a 404 is not tried again; a 500 and a timeout are.
    expect(images.requests.get(dead)).toBeUndefined();
    expect(images.requests.get(gone)).toBe(1);
    expect(images.requests.get(ok[2]!)).toBe(2);
    expect(images.requests.get(slow)).toBe(3);
    // At most IMPORT_FETCH_CONCURRENCY requests at once.
    expect(images.maxInFlight).toBeLessThanOrEqual(2);
    // An Idea Pin is imported as an image Pin of its first page.
    expect(images.requests.get(story[0]!)).toBe(1);
    expect(images.requests.get(story[1]!)).toBeUndefined();

    const boards = await boardsOf(t, me.id);
    expect(boards.map((b) => [b.name, b.privacy])).toEqual([
      ['Kitchen Ideas', 'secret'],
      ['Garden', 'secret'],
    ]);
    const made = await pinsOf(t, me.id);
    expect(made).toHaveLength(5);
    const tart = made.find((p) => p.title === 'Lemon tart')!;
    expect(tart).toMatchObject({
      description: 'With a thin crust',
      link: 'https://example.com/tart',
      alt_text: 'A tart on a plate',
      method: 'imported',
      board_id: boards[0]!.id,
    });
    expect(tart.created_at.toISOString()).toBe('2020-05-06T07:08:09.000Z');
    expect(made.find((p) => p.title === 'A video')).toMatchObject({ method: 'imported_video', board_id: boards[1]!.id });
    expect(made.map((p) => p.title).sort()).toEqual(['A video', 'An idea Pin', 'Flaky image', 'Lemon tart', 'Plain one']);
    // The Pin as the API answers it.
    const read = await me.c.resource('PinResource', 'get', { id: tart.id });
    expect(read.data).toMatchObject({ title: 'Lemon tart', method: 'imported', created_at: '2020-05-06T07:08:09.000Z', alt_text: 'A tart on a plate' });

    // A notification, mailed at once.
    await t.jobsSettled('notify', 'mail');
    const notes = await me.c.resource('NotificationsResource', 'get', {});
    expect(notes.data.map((n: { kind: string }) => n.kind)).toContain('import_done');
    const outbox = join(t.config.dataDir, 'outbox');
    const mails = readdirSync(outbox).filter((f) => f.endsWith('.json'));
    expect(mails.some((f) => readFileSync(join(outbox, f), 'utf8').includes('Your import is done'))).toBe(true);

    // The export file is removed once the run is done.
    expect(importFiles(t)).toEqual([]);

    // Retry failed: the gone image is back, the slow one answers now.
    images.behaviour.set(gone, 'ok');
    images.behaviour.set(slow, 'ok');
    const retried = await me.c.request('POST', `/v3/imports/${done.id}/retry/`);
    expect(retried.statusCode).toBe(202);
    const after = await finished(me.c, done.id);
    expect(after).toMatchObject({ status: 'done', done: 9, pins_imported: 7, images_failed: 0, failures: [] });
    expect(await pinsOf(t, me.id)).toHaveLength(7);
    // Nothing left to retry.
    expect((await me.c.request('POST', `/v3/imports/${done.id}/retry/`)).statusCode).toBe(400);

    // Importing the same export again adds nothing.
    const again = await upload(me.c, exportHtml(pins));
    expect(again.status).toBe(202);
    const second = await finished(me.c, again.body.data.id);
    expect(second).toMatchObject({ status: 'done', total: 9, done: 9, boards_created: 0, pins_imported: 0, images_failed: 0 });
    expect(await pinsOf(t, me.id)).toHaveLength(7);
    expect(await boardsOf(t, me.id)).toHaveLength(2);

    // The list: newest first, one's own only.
    const list = await me.c.request('GET', '/v3/imports/');
    expect((list.json() as { data: ImportAnswer[] }).data.map((i) => i.id)).toEqual([again.body.data.id, done.id]);
  }, 120_000);

  it('reuses boards by Board Id, else by name (without case); never a second board of a name; public when asked', async () => {
    const me = await person('Bo Reuse');
    const own = await me.c.resource('BoardResource', 'create', { name: 'kitchen ideas', privacy: 'public' });
    expect(own.httpStatus).toBe(200);
    const first = await upload(
      me.c,
      exportHtml([
        { id: nextPinId(), title: 'One', image: hashOf(images), boardId: '8001', boardName: 'Kitchen Ideas' },
        { id: nextPinId(), title: 'Two', image: hashOf(images), boardId: '8002', boardName: 'Travel' },
      ]),
      { board_privacy: 'public' },
    );
    expect(first.status).toBe(202);
    expect(await finished(me.c, first.body.data.id)).toMatchObject({ boards_created: 1, pins_imported: 2 });
    const boards = await boardsOf(t, me.id);
    expect(boards.map((b) => [b.name, b.privacy])).toEqual([
      ['kitchen ideas', 'public'],
      ['Travel', 'public'],
    ]);
    // Renamed on Pinterest since: the same Board Id goes to the same board.
    const second = await upload(me.c, exportHtml([{ id: nextPinId(), title: 'Three', image: hashOf(images), boardId: '8002', boardName: 'Trips abroad' }]));
    expect(await finished(me.c, second.body.data.id)).toMatchObject({ boards_created: 0, pins_imported: 1 });
    expect(await boardsOf(t, me.id)).toHaveLength(2);
    const three = (await pinsOf(t, me.id)).find((p) => p.title === 'Three')!;
    expect(three.board_id).toBe(boards[1]!.id);
  }, 60_000);

  it('runs one import per person at once; another person sees none of it (404)', async () => {
    const me = await person('One Atatime');
    const other = await person('Nosy Neighbour');
    const held = hashOf(images, 'held');
    const started = await upload(me.c, exportHtml([{ id: nextPinId(), title: 'Held', image: held, boardId: '9001', boardName: 'Held' }]));
    expect(started.status).toBe(202);
    const id = started.body.data.id;
    const second = await upload(me.c, exportHtml([{ id: nextPinId(), title: 'Another', image: hashOf(images), boardId: '9002', boardName: 'B' }]));
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ status: 'failure', message_key: 'imports.oneAtATime' });
    // Someone else's import, its progress and its retry: 404, as a missing one.
    expect((await other.c.request('GET', `/v3/imports/${id}/`)).statusCode).toBe(404);
    expect((await other.c.request('POST', `/v3/imports/${id}/retry/`)).statusCode).toBe(404);
    expect((await other.c.request('GET', '/v3/imports/999999999/')).statusCode).toBe(404);
    expect(((await other.c.request('GET', '/v3/imports/')).json() as { data: unknown[] }).data).toEqual([]);
    // Signed out: no import.
    expect((await t.client().request('GET', `/v3/imports/${id}/`)).statusCode).toBe(401);
    await vi.waitFor(() => expect(images.waiting).toBeGreaterThan(0), { timeout: 30_000, interval: 25 });
    images.release();
    expect(await finished(me.c, id)).toMatchObject({ status: 'done', pins_imported: 1 });
    // Done: another may start.
    const third = await upload(me.c, exportHtml([{ id: nextPinId(), title: 'Later', image: hashOf(images), boardId: '9003', boardName: 'C' }]));
    expect(third.status).toBe(202);
    await finished(me.c, third.body.data.id);
  }, 60_000);

  it("reads a ZIP export; a CSV's sections are made on its board and reused", async () => {
    const me = await person('Zip Csv');
    const dir = mkdtempSync(join(tmpdir(), 'pinboard-import-test-'));
    try {
      const zipped = await writeCurrentExport(dir, [
        [{ id: nextPinId(), title: 'From a ZIP', image: hashOf(images), boardId: '5101', boardName: 'Zipped', createdAt: '2023/02/03 04:05:06' }],
        [{ id: nextPinId(), title: 'Second page', image: hashOf(images), boardId: '5101', boardName: 'Zipped' }],
      ]);
      const first = await upload(me.c, readFileSync(zipped.file), {}, 'export.zip');
      expect(first.status).toBe(202);
      expect(await finished(me.c, first.body.data.id)).toMatchObject({ status: 'done', total: 2, pins_imported: 2, boards_created: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const imageUrl = (hash: string) => `${images.base}/736x/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash.slice(4, 6)}/${hash}.jpg`;
    const csv = legacyCsv([
      { pinUrl: `https://www.pinterest.com/pin/${nextPinId()}/`, board: 'Recipes', section: 'Cakes', title: 'Carrot cake', imageUrl: imageUrl(hashOf(images)) },
      { pinUrl: `https://www.pinterest.com/pin/${nextPinId()}/`, board: 'Recipes', section: 'cakes', title: 'Sponge', imageUrl: imageUrl(hashOf(images)) },
      { pinUrl: `https://www.pinterest.com/pin/${nextPinId()}/`, board: 'Recipes', section: 'Soups', title: 'Leek soup', imageUrl: imageUrl(hashOf(images)) },
    ]);
    const second = await upload(me.c, Buffer.from(csv), {}, 'pins.csv');
    expect(second.status).toBe(202);
    expect(await finished(me.c, second.body.data.id)).toMatchObject({ status: 'done', total: 3, pins_imported: 3, boards_created: 1 });
    const recipes = (await boardsOf(t, me.id)).find((b) => b.name === 'Recipes')!;
    const sections = await t.db.query<{ id: string; title: string }>('SELECT id, title FROM board_sections WHERE board_id = $1 ORDER BY id', [recipes.id]);
    expect(sections.map((x) => x.title)).toEqual(['Cakes', 'Soups']);
    const made = await pinsOf(t, me.id);
    expect(
      made
        .filter((p) => p.section_id === sections[0]!.id)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Carrot cake', 'Sponge']);
    expect(made.find((p) => p.title === 'Leek soup')!.section_id).toBe(sections[1]!.id);
  }, 60_000);

  it('refuses a zip bomb and a path-traversal entry with 400 before any work, and writes nothing', async () => {
    const me = await person('Bomb Thrower');
    const dir = mkdtempSync(join(tmpdir(), 'pinboard-import-test-'));
    try {
      // 16 MB of one byte deflates to a few KB: far past any export's ratio.
      const bomb = await writeZip(join(dir, 'bomb.zip'), [{ name: 'pins/0001.html', data: Buffer.alloc(16 * 1024 * 1024, 0x20) }]);
      const res = await upload(me.c, readFileSync(bomb), {}, 'bomb.zip');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'failure', message_key: 'imports.rejected.zip_bomb' });
      // yazl refuses to write `..`: the name is written the same length and changed in the bytes after.
      const safe = await writeZip(join(dir, 'escape.zip'), [
        { name: 'xx/evil.html', data: currentPageHtml([{ id: nextPinId(), title: 'x', image: hashOf(images) }]) },
      ]);
      const bytes = readFileSync(safe);
      const escaping = Buffer.from(bytes.toString('latin1').replaceAll('xx/evil.html', '../evil.html'), 'latin1');
      const traversal = await upload(me.c, escaping, {}, 'escape.zip');
      expect(traversal.status).toBe(400);
      expect(traversal.body).toMatchObject({ status: 'failure', message_key: 'imports.rejected.unsafe_path' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await t.db.query('SELECT 1 FROM imports WHERE user_id = $1', [me.id])).toEqual([]);
    expect(await boardsOf(t, me.id)).toEqual([]);
    expect(importFiles(t)).toEqual([]);
  });

  it('refuses a file that is not an export with 400 and writes nothing', async () => {
    const me = await person('Not Anexport');
    const res = await upload(me.c, Buffer.from('just some words, not an export'), {}, 'notes.txt');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'failure', message_key: 'imports.rejected.unrecognised' });
    const bad = await upload(me.c, exportHtml([{ id: nextPinId(), title: 'x', image: hashOf(images) }]), { board_privacy: 'everyone' });
    expect(bad.status).toBe(400);
    expect(await t.db.query('SELECT 1 FROM imports WHERE user_id = $1', [me.id])).toEqual([]);
    expect(importFiles(t)).toEqual([]);
  });
});

describe('an import across a restart', () => {
  it('a server that stops mid-way hands the import back; another server on the same database finishes it without doubles', async () => {
    const images = new ImageServer();
    await images.start();
    const env = { ...ENV(images), IMPORT_FETCH_CONCURRENCY: '1' };
    const t = await buildTestApp(env);
    let b: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      const me = await t.person('Re Start', 'restart');
      const pins: FixturePin[] = [];
      for (let i = 0; i < 8; i++) {
        pins.push({
          id: nextPinId(),
          title: `Pin ${i}`,
          image: hashOf(images, i < 3 ? 'ok' : 'held'),
          boardId: '6001',
          boardName: 'Restarted',
          createdAt: `2022/01/0${i + 1} 10:00:00`,
        });
      }
      const started = await upload(me.c, exportHtml(pins));
      const id = started.body.data.id;
      // Three Pins made, the fourth's image requested and held: the run is mid-way.
      await vi.waitFor(
        async () => {
          expect((await progress(me.c, id)).data.done).toBe(3);
          expect(images.waiting).toBe(1);
        },
        { timeout: 30_000, interval: 25 },
      );
      await t.app.close();
      images.release();
      const [job] = await t.jobs.jobs('import');
      expect(job!.state).toBe('retry');

      const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.config.dataDir, WEB_DIST_DIR: t.config.webDistDir, ...env });
      b = await buildApp({ config, db: t.db, media: t.media, limiter: new MemoryRateLimiter() }, { logger: false });
      await b.app.ready();
      const c = new TestClient(b.app);
      for (const [k, v] of me.c.cookies) c.cookies.set(k, v);
      const done = await finished(c, id);
      expect(done).toMatchObject({ status: 'done', total: 8, done: 8, pins_imported: 8, boards_created: 1, images_failed: 0 });
      const made = await pinsOf(t, me.id);
      expect(made.map((p) => p.title)).toEqual(pins.map((p) => p.title));
      expect(await boardsOf(t, me.id)).toHaveLength(1);
      await jobsSettled(t.jobs, ['import']); // the job is recorded done just after the import
      const [after] = await t.jobs.jobs('import');
      expect(after).toMatchObject({ state: 'completed', retry_count: 1 });
    } finally {
      await b?.app.close();
      await t.close();
      await images.close();
    }
  }, 120_000);
});
