/**
 * Duplicates that hold (decision 095): the same link (tracking and spelling aside), the same bytes, and the same
 * picture resized or re-encoded are found; the database keeps one Pin of a picture per person and board, even for
 * two saves sent at once; "Same picture elsewhere" shows only what the viewer may see.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { duplicateOnBoard } from '../src/modules/pins';
import { makePin, makeStoredImage, storeImageBuffer } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let me: TestPerson;
let other: TestPerson;
let blocked: TestPerson;
let recipes: string;
let dinners: string;
let soups: string;
let picture: Buffer;
let resized: Buffer;
let different: Buffer;

const board = async (p: TestPerson, name: string, privacy?: string) =>
  (await p.c.resource('BoardResource', 'create', { name, ...(privacy ? { privacy } : {}) })).data.id as string;
const upload = (p: TestPerson, image: Buffer, options: Record<string, unknown>) => p.c.upload('PinResource', 'create', options, image);
const alreadySaved = async (p: TestPerson, options: Record<string, unknown>) => {
  const r = await p.c.resource('AlreadySavedResource', 'get', options);
  expect(r.httpStatus).toBe(200);
  return (r.data.boards as { name: string }[]).map((b) => b.name);
};
const sameImage = async (p: TestPerson | null, pinId: string) => {
  const res = await (p?.c ?? t.client()).request('GET', `/v3/pins/${pinId}/same_image/`);
  return { status: res.statusCode, ids: res.statusCode === 200 ? (res.json().data as { id: string }[]).map((x) => x.id) : [] };
};
const pinsOn = async (boardId: string) => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE board_id = $1', [boardId]))!.n;

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.person('Dee Dupe', 'dup');
  other = await t.person('Otto Other', 'dup');
  blocked = await t.person('Bea Blocked', 'dup');
  [recipes, dinners, soups] = [await board(me, 'Recipes'), await board(me, 'Dinners'), await board(me, 'Soups')];
  picture = await makeTestImage({ width: 640, height: 480, format: 'png', seed: 11 });
  resized = await sharp(picture).resize(320).jpeg({ quality: 70 }).toBuffer();
  different = await makeTestImage({ width: 640, height: 480, format: 'png', seed: 40 });
});
afterAll(() => t.close());

describe('the link layer', () => {
  it('finds a Pin of the same page whatever its scheme, www., trailing slash, tracking parameters or fragment', async () => {
    const pin = await upload(me, await makeTestImage({ width: 200, height: 200, format: 'jpeg', seed: 5 }), {
      board_id: dinners,
      link: 'https://www.example.com/soup/?utm_source=news&fbclid=abc#step',
    });
    expect(pin.httpStatus).toBe(200);
    expect(await alreadySaved(me, { link: 'http://example.com/soup?gclid=xyz' })).toEqual(['Dinners']);
    expect(await alreadySaved(me, { link: 'https://example.com/stew' })).toEqual([]);
    // Another person's Pins of that page are never named to them.
    expect(await alreadySaved(other, { link: 'http://example.com/soup' })).toEqual([]);
    // An edited link has a new key.
    await me.c.resource('PinResource', 'update', { id: pin.data.id, link: 'example.com/stew' });
    expect(await alreadySaved(me, { link: 'https://example.com/stew/' })).toEqual(['Dinners']);
    expect(await alreadySaved(me, { link: 'http://example.com/soup' })).toEqual([]);
  });

  it("keys older Pins' links in the hourly housekeeping, and passes by a link that has no key", async () => {
    const image = await makeStoredImage(t.media, { seed: 32, width: 200, height: 200 });
    const old = await makePin(t.db, { pinnerId: me.id, boardId: recipes, image, link: 'https://www.example.com/old-page/?utm_medium=x' });
    const mail = await makePin(t.db, { pinnerId: me.id, boardId: recipes, image, link: 'mailto:cook@example.com' });
    // As a Pin made before migration 0052.
    await t.db.query('UPDATE pins SET link_key = NULL WHERE id = ANY($1::bigint[])', [[old, mail]]);
    expect(await alreadySaved(me, { link: 'example.com/old-page' })).toEqual([]);
    expect(await t.services.pins.keyOlderLinks()).toBeGreaterThanOrEqual(2);
    expect(await alreadySaved(me, { link: 'example.com/old-page' })).toEqual(['Recipes']);
    const keys = await t.db.query<{ id: string; link_key: string }>('SELECT id, link_key FROM pins WHERE id = ANY($1::bigint[]) ORDER BY id', [[old, mail]]);
    expect(keys.find((k) => k.id === mail)!.link_key).toBe('');
    expect(await t.services.pins.keyOlderLinks()).toBe(0);
  });

  it('refuses a question that names nothing', async () => {
    const r = await me.c.resource('AlreadySavedResource', 'get', {});
    expect(r.httpStatus).toBe(400);
  });
});

describe('the content layer', () => {
  it('names the boards holding the same bytes, to the Pin builder (by hash) and on the closeup (by Pin)', async () => {
    const first = await upload(me, picture, { board_id: recipes, title: 'First' });
    expect(first.httpStatus).toBe(200);
    const second = await upload(me, picture, { board_id: soups, title: 'Again' });
    expect(second.data.id).not.toBe(first.data.id);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(picture).digest('hex');
    expect((await alreadySaved(me, { content_sha256: sha })).sort()).toEqual(['Recipes', 'Soups']);
    // On a Pin's closeup: its other boards, the Pin itself aside.
    expect(await alreadySaved(me, { pin_id: first.data.id })).toEqual(['Soups']);
    // Someone else looking at the same Pin sees none of the pinner's boards.
    expect(await alreadySaved(other, { pin_id: first.data.id })).toEqual([]);
  });

  it('keeps one Pin of a picture per person and board: the same bytes again answer the first Pin', async () => {
    const before = await pinsOn(recipes);
    const again = await upload(me, picture, { board_id: recipes, title: 'Third time' });
    expect(again.httpStatus).toBe(200);
    expect(again.data.title).toBe('First');
    expect(await pinsOn(recipes)).toBe(before);
    // The database holds the rule whatever the app does.
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM pins WHERE id = $1', [again.data.id]);
    await expect(
      t.db.query(
        'INSERT INTO pins (id, pinner_id, board_id, media_base, images, dominant_color, width, height, content_sha256) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
        [
          '9000000000000001',
          row!.pinner_id,
          row!.board_id,
          row!.media_base,
          JSON.stringify(row!.images),
          row!.dominant_color,
          row!.width,
          row!.height,
          row!.content_sha256,
        ],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'pins_same_picture_idx' });
  });

  it('two identical saves sent together make one Pin, and both are answered it', async () => {
    const race = await board(me, 'Race');
    const image = await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 21 });
    const body = `data:image/jpeg;base64,${image.toString('base64')}`;
    const answers = await Promise.all(
      [1, 2].map(() => me.c.request('POST', '/resource/PinResource/create/', { payload: { options: { board_id: race, image_base64: body } } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.json().resource_response.data.id)).size).toBe(1);
    expect(await pinsOn(race)).toBe(1);
    expect((await t.db.one<{ pin_count: number }>('SELECT pin_count FROM boards WHERE id = $1', [race]))!.pin_count).toBe(1);
  });

  it('a save of a Pin to a board that has its picture answers the Pin there; moving one onto it is a keyed conflict', async () => {
    const theirs = await upload(other, picture, { title: 'Theirs' });
    const saved = await me.c.resource('RepinResource', 'create', { pin_id: theirs.data.id, board_id: recipes });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.title).toBe('First');
    const soupsPin = (await t.db.one<{ id: string }>('SELECT id FROM pins WHERE board_id = $1 AND content_sha256 IS NOT NULL ORDER BY id LIMIT 1', [soups]))!
      .id;
    const moved = await me.c.resource('PinResource', 'update', { id: soupsPin, board_id: recipes });
    expect(moved.httpStatus).toBe(409);
    expect(moved.error?.message_key).toBe('pins.pictureAlreadyOnBoard');
  });

  it('gives an import the Pin a board already holds with the same bytes or link', async () => {
    expect(await duplicateOnBoard(t.db, { pinnerId: me.id, boardId: recipes, bytes: picture })).not.toBeNull();
    expect(await duplicateOnBoard(t.db, { pinnerId: me.id, boardId: recipes, bytes: different })).toBeNull();
    expect(await duplicateOnBoard(t.db, { pinnerId: me.id, boardId: dinners, link: 'http://www.example.com/stew#x' })).not.toBeNull();
    expect(await duplicateOnBoard(t.db, { pinnerId: other.id, boardId: dinners, link: 'http://example.com/stew' })).toBeNull();
  });
});

describe('the perceptual layer: same picture elsewhere', () => {
  let mine: string;
  let near: string;
  let far: string;
  let secret: string;
  let blockedPin: string;

  beforeAll(async () => {
    const open = await board(other, 'Open');
    mine = (await upload(me, picture, { board_id: dinners, title: 'Mine' })).data.id;
    near = (await upload(other, resized, { board_id: open, title: 'Smaller copy' })).data.id;
    far = (await upload(other, different, { board_id: open, title: 'Another picture' })).data.id;
    secret = (await upload(other, resized, { board_id: await board(other, 'Hidden', 'secret'), title: 'Secret copy' })).data.id;
    blockedPin = (await upload(blocked, resized, { board_id: await board(blocked, 'Theirs'), title: 'Blocked copy' })).data.id;
  });

  it('lists the exact and near copies the viewer may see, nearest first, never a different picture', async () => {
    const { status, ids } = await sameImage(me, mine);
    expect(status).toBe(200);
    expect(ids).toContain(near);
    expect(ids).not.toContain(far);
    expect(ids).not.toContain(mine);
    // Exact copies (the same bytes, distance 0) come before the near one.
    expect(ids.indexOf(near)).toBeGreaterThan(0);
    expect(ids.slice(0, ids.indexOf(near)).length).toBeGreaterThanOrEqual(2);
    // A near copy finds the original too, through the chunk indexes.
    expect((await sameImage(other, near)).ids).toContain(mine);
  });

  it('never shows a Pin on another person’s secret board, nor one of a blocked person', async () => {
    expect((await sameImage(me, mine)).ids).toContain(blockedPin);
    expect((await sameImage(me, mine)).ids).not.toContain(secret);
    expect((await sameImage(null, mine)).ids).not.toContain(secret);
    await me.c.resource('UserBlockResource', 'create', { blocked_user_id: blocked.id });
    expect((await sameImage(me, mine)).ids).not.toContain(blockedPin);
    // Its owner does see their secret copy.
    expect((await sameImage(other, near)).ids).toContain(secret);
  });

  it('finds Pins sharing a stored image (older Pins, without keys) as exact copies', async () => {
    const image = await makeStoredImage(t.media, { seed: 31, width: 200, height: 200 });
    const a = await makePin(t.db, { pinnerId: other.id, boardId: await board(other, 'Stored'), image, title: 'Stored once' });
    const b = await makePin(t.db, { pinnerId: me.id, boardId: soups, image, title: 'Stored twice' });
    expect((await sameImage(me, a)).ids).toEqual([b]);
    expect(await alreadySaved(me, { pin_id: a })).toEqual(['Soups']);
  });

  it('hashes older Pins’ pictures from their stored originals, so near copies find them; an unreadable one is passed over once', async () => {
    const older = await makePin(t.db, { pinnerId: me.id, boardId: soups, image: await storeImageBuffer(t.media, picture), title: 'Older copy' });
    const lost = await storeImageBuffer(t.media, different);
    const gone = await makePin(t.db, { pinnerId: me.id, boardId: soups, image: lost, title: 'Original gone' });
    await t.media.delete([lost.images.orig!.url.replace('/media/', '')]);
    const phashOf = async (id: string) => (await t.db.one<{ phash: string | null }>('SELECT phash FROM pins WHERE id = $1', [id]))!.phash;
    expect(await phashOf(older)).toBeNull();
    expect((await sameImage(other, near)).ids).not.toContain(older);

    expect(await t.services.pins.hashOlderPictures()).toBeGreaterThanOrEqual(1);
    expect(await phashOf(older)).not.toBeNull();
    expect(await phashOf(gone)).toBeNull();
    expect((await sameImage(other, near)).ids).toContain(older);
    // The next run starts after them: nothing is read again.
    const cursor = await t.db.one<{ last_id: string }>(`SELECT last_id FROM housekeeping_progress WHERE task = 'picture_hashes'`);
    expect(BigInt(cursor!.last_id)).toBeGreaterThanOrEqual(BigInt(gone));
    expect(await t.services.pins.hashOlderPictures()).toBe(0);
  });

  it('answers 404 for a Pin the viewer may not see, the same through the resource', async () => {
    expect((await sameImage(me, secret)).status).toBe(404);
    expect((await me.c.resource('SameImagePinsResource', 'get', { pin_id: secret })).httpStatus).toBe(404);
    expect((await other.c.resource('SameImagePinsResource', 'get', { pin_id: secret })).httpStatus).toBe(200);
  });
});
