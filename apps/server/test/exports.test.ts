/**
 * Data exports (decision 096): a person asks for one, the job on the queue
 * writes the ZIP into the media store, the owner downloads it (others and the
 * signed-out get 404, an expired link a keyed 404), its `export.json` passes
 * the shared schema and holds one's own content only, every image is in it
 * byte for byte, one export queued or running per person, and the owner is
 * told (the `export_done` notification, mailed at once with its link).
 */
import { zExportManifest, type ExportManifest } from '@pinboard/shared/schemas/export-format';
import { zExportOut } from '@pinboard/shared/schemas/exports';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { newId } from '../src/lib/ids';
import { openExport } from '../src/modules/imports/export-reader';
import { isPinboardExport, readPinboardExport } from '../src/modules/imports/export-reader/pinboard-layout';
import {
  block,
  follow,
  followBoard,
  makeBoard,
  makeCollaborator,
  makeComment,
  makePin,
  makeSection,
  makeStoredImage,
  type StoredImage,
} from '../src/seed/factories';
import { closeSmtp, listenSmtp, smtpCatcher, type CaughtMail } from './smtp-catcher';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let smtp: SMTPServer;
const caught: CaughtMail[] = [];
let imageA: StoredImage;
let imageB: StoredImage;

beforeAll(async () => {
  smtp = smtpCatcher(caught);
  const port = await listenSmtp(smtp, 0);
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500', SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://pins.example' });
  imageA = await makeStoredImage(t.media, { seed: 961, width: 300, height: 200 });
  imageB = await makeStoredImage(t.media, { seed: 962, width: 200, height: 320 });
});
afterAll(async () => {
  await t?.close();
  if (smtp) await closeSmtp(smtp);
});

const person = (name: string) => t.person(name, 'ex');
const settled = () => t.jobsSettled('export', 'notify', 'mail');

/** The ZIP's entries by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
          stream.on('error', reject);
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

async function requestExport(c: TestClient) {
  const res = await c.request('POST', '/v3/exports/', { payload: {} });
  return { status: res.statusCode, data: (res.json() as { data: { id: string; status: string } }).data };
}

const exportOf = async (c: TestClient, id: string) => {
  const res = await c.request('GET', `/v3/exports/${id}/`);
  return { status: res.statusCode, body: res.json() as { data?: unknown; message_key?: string } };
};

/** The original image's bytes as the store has them. */
async function original(image: StoredImage) {
  const url = image.images.orig!.url;
  const stored = await t.media.get(url.slice(url.indexOf(image.mediaBase)));
  return stored!.data;
}

describe('an export', () => {
  let me: TestPerson;
  let friend: TestPerson;
  let foe: TestPerson;
  let exportId: string;
  let zip: Map<string, Buffer>;
  let zipBytes: Buffer;
  let manifest: ExportManifest;
  const ids = {} as Record<
    | 'garden'
    | 'plans'
    | 'ideas'
    | 'gardenPin'
    | 'secretPin'
    | 'profilePin'
    | 'friendsPinOnMine'
    | 'friendBoard'
    | 'friendPin'
    | 'myComment'
    | 'myCommentElsewhere'
    | 'friendsComment',
    string
  >;

  beforeAll(async () => {
    [me, friend, foe] = [await person('Exa Porter'), await person('Fri End'), await person('Foe Man')];
    ids.garden = (await makeBoard(t.db, me.id, { name: 'Garden', description: 'Roses and more' })).id;
    ids.plans = (await makeBoard(t.db, me.id, { name: 'Plans', privacy: 'secret' })).id;
    ids.ideas = await makeSection(t.db, ids.plans, 'Ideas', 0);
    ids.gardenPin = await makePin(t.db, { pinnerId: me.id, boardId: ids.garden, image: imageA, title: 'A rose', link: 'https://roses.example/a' });
    ids.secretPin = await makePin(t.db, { pinnerId: me.id, boardId: ids.plans, sectionId: ids.ideas, image: imageB, title: 'Surprise' });
    ids.profilePin = await makePin(t.db, { pinnerId: me.id, image: imageA, title: 'On my profile' });
    // A collaborator's Pin on my board is theirs, not mine.
    await makeCollaborator(t.db, ids.garden, friend.id);
    ids.friendsPinOnMine = await makePin(t.db, { pinnerId: friend.id, boardId: ids.garden, image: imageB, title: 'Friend’s tulip' });
    ids.friendBoard = (await makeBoard(t.db, friend.id, { name: 'Tulips' })).id;
    ids.friendPin = await makePin(t.db, { pinnerId: friend.id, boardId: ids.friendBoard, image: imageB, title: 'Tulip' });
    ids.myComment = await makeComment(t.db, { pinId: ids.gardenPin, authorId: me.id, text: 'My own rose' });
    ids.myCommentElsewhere = await makeComment(t.db, { pinId: ids.friendPin, authorId: me.id, text: 'Lovely tulip' });
    ids.friendsComment = await makeComment(t.db, { pinId: ids.gardenPin, authorId: friend.id, text: 'Nice rose from friend' });
    await follow(t.db, me.id, friend.id);
    await followBoard(t.db, me.id, ids.friendBoard);
    // Followed, then blocked: no longer named.
    const foeBoard = (await makeBoard(t.db, foe.id, { name: 'Foe board' })).id;
    await follow(t.db, me.id, foe.id);
    await followBoard(t.db, me.id, foeBoard);
    await block(t.db, me.id, foe.id);

    const asked = await requestExport(me.c);
    expect(asked.status).toBe(202);
    expect(asked.data.status).toBe('queued');
    exportId = asked.data.id;
    await settled();
  });

  it('is done, with a download link good for 7 days, and listed', async () => {
    const got = await exportOf(me.c, exportId);
    expect(got.status).toBe(200);
    const out = zExportOut.parse(got.body.data);
    expect(out).toMatchObject({ id: exportId, status: 'done', download_url: `/v3/exports/${exportId}/download/` });
    const days = (Date.parse(out.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const list = await me.c.request('GET', '/v3/exports/');
    expect((list.json() as { data: { id: string }[] }).data.map((e) => e.id)).toEqual([exportId]);
  });

  it('downloads to its owner: export.json passes the schema and holds one’s own content, every image byte for byte', async () => {
    const res = await me.c.request('GET', `/v3/exports/${exportId}/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pinboard-export-/);
    zipBytes = res.rawPayload;
    zip = await unzip(zipBytes);
    manifest = zExportManifest.parse(JSON.parse(zip.get('export.json')!.toString('utf8')));
    expect(manifest).toMatchObject({ format: 'pinboard-export', version: 1, server: 'https://pins.example', profile: { username: me.username } });

    expect(manifest.boards.map((b) => [b.name, b.privacy, b.description])).toEqual([
      ['Garden', 'public', 'Roses and more'],
      ['Plans', 'secret', ''],
    ]);
    expect(manifest.boards[1]!.sections.map((s) => [s.id, s.title])).toEqual([[ids.ideas, 'Ideas']]);
    const pins = new Map(manifest.pins.map((p) => [p.id, p]));
    expect([...pins.keys()].sort()).toEqual([ids.gardenPin, ids.secretPin, ids.profilePin].sort());
    expect(pins.get(ids.gardenPin)).toMatchObject({ board_id: ids.garden, section_id: null, title: 'A rose', link: 'https://roses.example/a' });
    expect(pins.get(ids.secretPin)).toMatchObject({ board_id: ids.plans, section_id: ids.ideas, title: 'Surprise' });
    expect(pins.get(ids.profilePin)).toMatchObject({ board_id: null, section_id: null });

    // Each image once, byte for byte the stored original; two Pins of one image share its entry.
    expect(pins.get(ids.gardenPin)!.media!.path).toBe(pins.get(ids.profilePin)!.media!.path);
    expect(zip.get(pins.get(ids.gardenPin)!.media!.path)!.equals(await original(imageA))).toBe(true);
    expect(zip.get(pins.get(ids.secretPin)!.media!.path)!.equals(await original(imageB))).toBe(true);
    expect(pins.get(ids.secretPin)!.media).toMatchObject({ content_type: 'image/jpeg', width: imageB.width, height: imageB.height });
    expect([...zip.keys()].filter((k) => k.startsWith('media/'))).toHaveLength(2);

    // One's own comments only: on one's Pin by its id, on someone else's by its address.
    expect(manifest.comments.map((c) => [c.text, c.pin_id, c.pin_url])).toEqual([
      ['My own rose', ids.gardenPin, null],
      ['Lovely tulip', null, `https://pins.example/pin/${ids.friendPin}/`],
    ]);
    const raw = zip.get('export.json')!.toString('utf8');
    expect(raw).not.toContain('Nice rose from friend');
    expect(raw).not.toContain('Friend’s tulip');

    // Follows still in view: not the person blocked since, nor their board.
    expect(manifest.follows.people.map((f) => f.username)).toEqual([friend.username]);
    expect(manifest.follows.boards.map((f) => [f.owner_username, f.name])).toEqual([[friend.username, 'Tulips']]);
    expect(raw).not.toContain(foe.username);
  });

  it('has an index.html that shows the boards and images from relative paths, without scripts', () => {
    const html = zip.get('index.html')!.toString('utf8');
    expect(html).toContain('Garden');
    expect(html).toContain('Plans');
    expect(html).toContain('Ideas');
    for (const p of manifest.pins) expect(html).toContain(`src="${p.media!.path}"`);
    expect(html).not.toMatch(/<script|src="https?:|href="\/\//i);
  });

  it('reads back through the export reader (openExport) into the same boards, sections and Pins, images from the ZIP', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pinboard-export-test-'));
    const file = join(dir, 'export.zip');
    await writeFile(file, zipBytes);
    const archive = await openExport(file);
    try {
      expect(archive.layout).toBe('pinboard');
      expect(archive.boards).toEqual([
        { key: `id:${ids.garden}`, pinterestId: null, name: 'Garden', description: 'Roses and more', privacy: 'public', sections: [] },
        { key: `id:${ids.plans}`, pinterestId: null, name: 'Plans', description: null, privacy: 'secret', sections: ['Ideas'] },
      ]);
      const pins = new Map(archive.pins.map((p) => [p.pinterestId, p]));
      expect([...pins.keys()].sort()).toEqual([ids.gardenPin, ids.secretPin, ids.profilePin].sort());
      expect(pins.get(ids.gardenPin)).toMatchObject({
        boardKey: `id:${ids.garden}`,
        section: null,
        title: 'A rose',
        link: 'https://roses.example/a',
        private: false,
      });
      expect(pins.get(ids.secretPin)).toMatchObject({ boardKey: `id:${ids.plans}`, section: 'Ideas', title: 'Surprise', private: true });
      expect(pins.get(ids.profilePin)).toMatchObject({ boardKey: null, section: null, title: 'On my profile' });
      const [row] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM pins WHERE id = $1', [ids.secretPin]);
      expect(pins.get(ids.secretPin)!.createdAt).toEqual(row!.created_at);
      for (const p of archive.pins) expect(p.image?.kind).toBe('zip_entry');
      const secretImage = pins.get(ids.secretPin)!.image as { kind: 'zip_entry'; path: string };
      expect((await archive.readEntry(secretImage.path)).equals(await original(imageB))).toBe(true);
    } finally {
      await archive.close();
    }
    await expect(openExport(file, { maxPins: 2 })).rejects.toMatchObject({ reason: 'too_many_pins' });
    // A manifest that does not parse is refused; another product's ZIP is not this layout.
    const names = [...zip.keys()];
    await expect(readPinboardExport(names, async () => Buffer.from('{"format":"pinboard-export","version":2}'), 1000)).rejects.toMatchObject({
      reason: 'corrupt',
    });
    expect(isPinboardExport(['pins/pins.html'])).toBe(false);
    await rm(dir, { recursive: true, force: true });
  });

  it('is its owner’s alone: others and the signed-out get 404 for its state and its download', async () => {
    for (const c of [friend.c, foe.c, t.client()]) {
      expect((await exportOf(c, exportId)).status).toBe(404);
      const dl = await c.request('GET', `/v3/exports/${exportId}/download/`);
      expect(dl.statusCode).toBe(404);
      expect(dl.headers['content-type']).toMatch(/json/);
    }
    expect((await friend.c.request('GET', '/v3/exports/')).json()).toMatchObject({ data: [] });
    expect((await t.client().request('GET', '/v3/exports/')).statusCode).toBe(401);
    expect((await t.client().request('POST', '/v3/exports/', { payload: {} })).statusCode).toBe(401);
    expect((await exportOf(me.c, 'nonsense')).status).toBe(404);
  });

  it('tells its owner: the export_done notification, and a mail with the download link', async () => {
    await settled();
    const notes = await me.c.resource('NotificationsResource', 'get', {});
    expect((notes.data as { kind: string }[]).map((n) => n.kind)).toContain('export_done');
    const mails = caught.filter((m) => m.to.includes(me.email) && m.raw.includes('List-Unsubscribe'));
    expect(mails).toHaveLength(1);
    const body = mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`https://pins.example/v3/exports/${exportId}/download/`);
  });

  it('refuses an expired link with a keyed 404, and housekeeping deletes its file', async () => {
    await t.db.query(`UPDATE exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [exportId]);
    const dl = await me.c.request('GET', `/v3/exports/${exportId}/download/`);
    expect(dl.statusCode).toBe(404);
    expect(dl.json()).toMatchObject({ message_key: 'exports.expired' });
    const got = zExportOut.parse((await exportOf(me.c, exportId)).body.data);
    expect(got.status).toBe('done');
    expect(got.download_url).toBeUndefined();
    const [row] = await t.db.query<{ object_key: string }>('SELECT object_key FROM exports WHERE id = $1', [exportId]);
    expect(await t.media.openRead(row!.object_key)).not.toBeNull();
    expect(await t.services.exports.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await t.media.openRead(row!.object_key)).toBeNull();
  });
});

describe('one export at a time', () => {
  it('answers the export already queued or running instead of starting another', async () => {
    const busy = await person('Bu Sy');
    const runningId = newId();
    await t.db.query(`INSERT INTO exports (id, user_id, status) VALUES ($1, $2, 'running')`, [runningId, busy.id]);
    const asked = await requestExport(busy.c);
    expect(asked.status).toBe(202);
    expect(asked.data).toEqual({ id: runningId, status: 'running' });
    const [{ n }] = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM exports WHERE user_id = $1', [busy.id])) as [{ n: number }];
    expect(n).toBe(1);
    // The database holds the rule too.
    await expect(t.db.query(`INSERT INTO exports (id, user_id) VALUES ($1, $2)`, [newId(), busy.id])).rejects.toThrow(/exports_one_open_per_user/);
    // One whose job died with its servers (open past the job's every try) counts as failed: a new one starts.
    await t.db.query(`UPDATE exports SET created_at = now() - interval '8 hours' WHERE id = $1`, [runningId]);
    const afterStale = await requestExport(busy.c);
    expect(afterStale.data.id).not.toBe(runningId);
    expect((await exportOf(busy.c, runningId)).body.data).toMatchObject({ status: 'failed' });
    await settled();
    expect(zExportOut.parse((await exportOf(busy.c, afterStale.data.id)).body.data).status).toBe('done');
    // Once it is over, a new one may start.
    const again = await requestExport(busy.c);
    expect(again.data.id).not.toBe(afterStale.data.id);
    await settled();
  });
});
