/**
 * API v5 Pins (decision 100): made by the one creation pipeline from each `media_source` type, read with
 * `media.images` under Pinterest's keys (absolute, never larger than the original, the largest uncropped), changed,
 * deleted and saved through the pins service; one's own Pins on secret boards need the secret scopes, another
 * person's answer 404 like missing ones; our own image URLs are read from storage, never fetched.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { makeBoard, makePin, makeStoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';
import { ALL_SCOPES, PUBLIC_SCOPES, personWithToken, tokenFor, v5 } from './api-v5-client';

let t: TestApp;
let fixture: Server;
let base: string;
let photo: Buffer;
let wide: Buffer;
/** Every path the local HTTP server was asked for. */
const asked: string[] = [];

beforeAll(async () => {
  photo = await makeTestImage({ width: 300, height: 200, format: 'jpeg', seed: 3 });
  wide = await makeTestImage({ width: 1600, height: 1000, format: 'jpeg', seed: 4 });
  fixture = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.startsWith('/images/')) {
      res.setHeader('content-type', 'image/jpeg');
      res.end(req.url.includes('wide') ? wide : photo);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  // The server's public address is the local server's: a fetch of one of our own image URLs would reach it and be counted.
  t = await buildTestApp({ FETCH_ALLOW_PRIVATE_ADDRESSES: 'true', PUBLIC_URL: base, SIGNUP_RATE_LIMIT_CLIENT: '500' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fixture.close(r));
});

/** An image answer's bytes, asked of the app itself by its path. */
async function imageAt(url: string, cookie = '') {
  expect(url.startsWith(`${base}/media/`)).toBe(true);
  const res = await t.app.inject({ method: 'GET', url: url.slice(base.length), headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return sharp(res.rawPayload).metadata();
}

const KEYS = ['150x150', '400x300', '600x', '1200x'];

describe('API v5 Pins from each media source', () => {
  it('image_url: fetched by the guarded fetcher; media.images under Pinterest keys, absolute, never larger than the original', async () => {
    const p = await personWithToken(t, 'Ivy Images');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Pictures' })).body.id as string;
    for (const [name, width, height] of [
      ['photo', 300, 200],
      ['wide', 1600, 1000],
    ] as const) {
      const made = await v5(t, p.token, 'POST', '/v5/pins', {
        board_id: board,
        title: `A ${name}`,
        link: 'https://example.com/recipe',
        media_source: { source_type: 'image_url', url: `${base}/images/${name}.jpg` },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({
        board_id: board,
        title: `A ${name}`,
        link: 'https://example.com/recipe',
        is_owner: true,
        board_owner: { username: p.username },
      });
      expect(made.body.media.media_type).toBe('image');
      const images = made.body.media.images as Record<string, { url: string; width: number; height: number }>;
      expect(Object.keys(images)).toEqual(KEYS);
      for (const key of KEYS) {
        expect(images[key]!.url.startsWith(`${base}/media/`)).toBe(true);
        expect(images[key]!.width).toBeLessThanOrEqual(width);
        expect(images[key]!.height).toBeLessThanOrEqual(height);
        const meta = await imageAt(images[key]!.url);
        expect([meta.width, meta.height]).toEqual([images[key]!.width, images[key]!.height]);
      }
      // The largest is the whole picture: uncropped, the original's proportions.
      const largest = images['1200x']!;
      expect(largest.width).toBe(Math.min(width, 1200));
      expect(Math.abs(largest.height / largest.width - height / width)).toBeLessThan(0.01);
      const read = await v5(t, p.token, 'GET', `/v5/pins/${made.body.id}`);
      expect(read.body.media.images).toEqual(images);
    }
    expect(asked.filter((a) => a.startsWith('/images/'))).toHaveLength(2);
  });

  it('image_base64: bytes like an upload', async () => {
    const p = await personWithToken(t, 'Bash Base');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Encoded' })).body.id as string;
    const png = await makeTestImage({ width: 120, height: 90, format: 'png', seed: 8 });
    const made = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: board,
      description: 'From bytes',
      media_source: { source_type: 'image_base64', content_type: 'image/png', data: png.toString('base64') },
    });
    expect([made.status, made.body.description, made.body.media.images['1200x'].width, made.body.media.images['1200x'].height]).toEqual([
      201,
      'From bytes',
      120,
      90,
    ]);
  });

  it('multiple_image_urls: an Idea Pin with one page per picture', async () => {
    const p = await personWithToken(t, 'Cara Carousel');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Carousel' })).body.id as string;
    const made = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: board,
      title: 'Three steps',
      media_source: {
        source_type: 'multiple_image_urls',
        items: [{ url: `${base}/images/one.jpg` }, { url: `${base}/images/wide.jpg` }, { url: `${base}/images/three.jpg` }],
      },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ creative_type: 'IDEA', media: { media_type: 'multiple_images' } });
    expect(made.body.media.items).toHaveLength(3);
    expect(made.body.media.items[1].images['1200x']).toMatchObject({ width: 1200, height: 750 });
    for (const item of made.body.media.items) expect(Object.keys(item.images)).toEqual(KEYS);
  });

  it('one of our own image URLs is read from storage, never fetched over HTTP, and only when its person may see it', async () => {
    const p = await personWithToken(t, 'Oona Own');
    const other = await personWithToken(t, 'Omar Other');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Again' })).body.id as string;
    const first = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: board,
      media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: wide.toString('base64') },
    });
    const ownUrl = first.body.media.images['600x'].url as string;
    expect(ownUrl.startsWith(`${base}/media/`)).toBe(true);
    const before = asked.length;
    const otherBoard = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Elsewhere' })).body.id as string;
    const again = await v5(t, p.token, 'POST', '/v5/pins', { board_id: otherBoard, media_source: { source_type: 'image_url', url: ownUrl } });
    expect(again.status).toBe(201);
    expect(asked.length).toBe(before);
    // Read from the original: the new Pin's largest is as large as the first's.
    expect(again.body.media.images['1200x']).toMatchObject({ width: 1200, height: 750 });
    // A picture of a secret board is not another person's to take by its address.
    const secret = await makeBoard(t.db, p.id, { name: 'Hidden pictures', privacy: 'secret' });
    const hidden = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: secret.id,
      media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') },
    });
    const hiddenUrl = hidden.body.media.images['1200x'].url as string;
    const otherBoardId = (await v5(t, other.token, 'POST', '/v5/boards', { name: 'Mine' })).body.id as string;
    const refused = await v5(t, other.token, 'POST', '/v5/pins', { board_id: otherBoardId, media_source: { source_type: 'image_url', url: hiddenUrl } });
    expect([refused.status, refused.body.message]).toEqual([400, 'media_source.url: that image could not be read.']);
    expect(asked.length).toBe(before);
  });
});

describe('API v5 Pins read, changed, deleted and saved', () => {
  it("lists one's Pins; own Pins on a secret board need pins:read_secret; another person's answer 404 like missing ones", async () => {
    const p = await personWithToken(t, 'Pia Pins');
    const open = await tokenFor(t, p, PUBLIC_SCOPES);
    const image = await makeStoredImage(t.media, { width: 50, height: 40 });
    const pub = await makeBoard(t.db, p.id, { name: 'Out' });
    const secret = await makeBoard(t.db, p.id, { name: 'In', privacy: 'secret' });
    const shown = await makePin(t.db, { pinnerId: p.id, boardId: pub.id, image });
    const hidden = await makePin(t.db, { pinnerId: p.id, boardId: secret.id, image });
    const ids = async (token: string) => (await v5(t, token, 'GET', '/v5/pins')).body.items.map((x: { id: string }) => x.id).sort();
    expect(await ids(p.token)).toEqual([shown, hidden].sort());
    expect(await ids(open)).toEqual([shown]);
    expect((await v5(t, p.token, 'GET', `/v5/pins/${hidden}`)).status).toBe(200);
    expect((await v5(t, open, 'GET', `/v5/pins/${hidden}`)).status).toBe(404);
    const onlyBoardsSecret = await tokenFor(t, p, [...PUBLIC_SCOPES, 'boards:read_secret']);
    expect((await v5(t, onlyBoardsSecret, 'GET', `/v5/boards/${secret.id}`)).status).toBe(200);
    expect((await v5(t, onlyBoardsSecret, 'GET', `/v5/boards/${secret.id}/pins`)).status).toBe(404);
    expect((await v5(t, onlyBoardsSecret, 'GET', `/v5/pins/${hidden}`)).status).toBe(404);
    // Another person, whatever their scopes.
    const other = await personWithToken(t, 'Pete Peek');
    const missing = await v5(t, other.token, 'GET', '/v5/pins/123456789');
    for (const [method, url, body] of [
      ['GET', `/v5/pins/${hidden}`],
      ['PATCH', `/v5/pins/${hidden}`, { title: 'Mine' }],
      ['DELETE', `/v5/pins/${hidden}`],
      ['POST', `/v5/pins/${hidden}/save`, {}],
    ] as const) {
      const res = await v5(t, other.token, method, url, body);
      expect([method, url, res.status, res.body]).toEqual([method, url, 404, missing.body]);
    }
    expect((await v5(t, other.token, 'GET', `/v5/pins/${shown}`)).body).toMatchObject({ id: shown, is_owner: false, board_owner: { username: p.username } });
  });

  it('writing Pins on a secret board needs pins:write_secret', async () => {
    const p = await personWithToken(t, 'Wes Writes');
    const noWriteSecret = await tokenFor(
      t,
      p,
      ALL_SCOPES.filter((s) => s !== 'pins:write_secret'),
    );
    const image = await makeStoredImage(t.media, { width: 50, height: 40 });
    const secret = await makeBoard(t.db, p.id, { name: 'Private', privacy: 'secret' });
    const pub = await makeBoard(t.db, p.id, { name: 'Public' });
    const pin = await makePin(t.db, { pinnerId: p.id, boardId: secret.id, image });
    const pubPin = await makePin(t.db, { pinnerId: p.id, boardId: pub.id, image });
    const source = { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') };
    expect((await v5(t, noWriteSecret, 'POST', '/v5/pins', { board_id: secret.id, media_source: source })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'PATCH', `/v5/pins/${pin}`, { title: 'x' })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'PATCH', `/v5/pins/${pubPin}`, { board_id: secret.id })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'DELETE', `/v5/pins/${pin}`)).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'POST', `/v5/pins/${pubPin}/save`, { board_id: secret.id })).status).toBe(403);
    expect((await v5(t, p.token, 'POST', '/v5/pins', { board_id: secret.id, media_source: source })).status).toBe(201);
  });

  it("changes and deletes one's own Pin; another person's public Pin is refused as the pins service does (403)", async () => {
    const p = await personWithToken(t, 'Cal Changes');
    const other = await personWithToken(t, 'Dee Denied');
    const first = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'First' })).body.id as string;
    const second = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Second' })).body.id as string;
    const section = (await v5(t, p.token, 'POST', `/v5/boards/${second}/sections`, { name: 'Part' })).body.id as string;
    const pin = (
      await v5(t, p.token, 'POST', '/v5/pins', {
        board_id: first,
        title: 'Before',
        media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') },
      })
    ).body.id as string;
    const changed = await v5(t, p.token, 'PATCH', `/v5/pins/${pin}`, { title: 'After', board_id: second, board_section_id: section, alt_text: 'A red square' });
    expect([changed.status, changed.body.title, changed.body.board_id, changed.body.board_section_id, changed.body.alt_text]).toEqual([
      200,
      'After',
      second,
      section,
      'A red square',
    ]);
    expect((await v5(t, other.token, 'PATCH', `/v5/pins/${pin}`, { title: 'Mine' })).status).toBe(403);
    expect((await v5(t, other.token, 'DELETE', `/v5/pins/${pin}`)).status).toBe(403);
    expect((await v5(t, p.token, 'DELETE', `/v5/pins/${pin}`)).status).toBe(204);
    expect((await v5(t, p.token, 'GET', `/v5/pins/${pin}`)).status).toBe(404);
  });

  it('saves a Pin to a board and a section of it', async () => {
    const p = await personWithToken(t, 'Sal Saves');
    const maker = await personWithToken(t, 'Max Maker');
    const theirs = (await v5(t, maker.token, 'POST', '/v5/boards', { name: 'Theirs' })).body.id as string;
    const pin = (
      await v5(t, maker.token, 'POST', '/v5/pins', {
        board_id: theirs,
        title: 'Worth saving',
        media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') },
      })
    ).body;
    const mine = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Saved' })).body.id as string;
    const section = (await v5(t, p.token, 'POST', `/v5/boards/${mine}/sections`, { name: 'Best' })).body.id as string;
    const saved = await v5(t, p.token, 'POST', `/v5/pins/${pin.id}/save`, { board_id: mine, board_section_id: section });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      board_id: mine,
      board_section_id: section,
      title: 'Worth saving',
      is_owner: true,
      board_owner: { username: p.username },
    });
    expect(saved.body.id).not.toBe(pin.id);
    expect(saved.body.media.images).toEqual(pin.media.images);
    // Onto another person's board: the pins service's refusal.
    expect((await v5(t, p.token, 'POST', `/v5/pins/${pin.id}/save`, { board_id: theirs })).status).toBe(403);
  });
});

describe('what a v5 Pin and board say beside the web app’s', () => {
  it('a saved Pin names the Pin it was saved from while its person may see it; a promoted Pin says so; a board counts its collaborators', async () => {
    const maker = await personWithToken(t, 'Mia Maker');
    const saver = await personWithToken(t, 'Sam Saver');
    const theirs = (await v5(t, maker.token, 'POST', '/v5/boards', { name: 'Originals' })).body.id as string;
    const original = (
      await v5(t, maker.token, 'POST', '/v5/pins', {
        board_id: theirs,
        title: 'The first one',
        media_source: { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') },
      })
    ).body;
    expect(original).toMatchObject({ parent_pin_id: null, has_been_promoted: false });
    const mine = (await v5(t, saver.token, 'POST', '/v5/boards', { name: 'Copies' })).body.id as string;
    const saved = (await v5(t, saver.token, 'POST', `/v5/pins/${original.id}/save`, { board_id: mine })).body;
    expect(saved.parent_pin_id).toBe(original.id);
    expect((await v5(t, saver.token, 'GET', `/v5/pins/${saved.id}`)).body.parent_pin_id).toBe(original.id);
    expect((await v5(t, saver.token, 'GET', `/v5/boards/${mine}/pins`)).body.items[0].parent_pin_id).toBe(original.id);
    // The original's board goes secret: its id is no longer said to the saver.
    expect((await v5(t, maker.token, 'PATCH', `/v5/boards/${theirs}`, { privacy: 'SECRET' })).status).toBe(200);
    expect((await v5(t, saver.token, 'GET', `/v5/pins/${saved.id}`)).body.parent_pin_id).toBeNull();

    // Promoted through the ads' quick promote.
    const shop = await t.person('Pia Promoter', 'v5ads');
    await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [shop.id]);
    const shopBoard = (await makeBoard(t.db, shop.id, { name: 'Shop' })).id;
    const promoted = await makePin(t.db, {
      pinnerId: shop.id,
      boardId: shopBoard,
      image: await makeStoredImage(t.media, { width: 60, height: 80 }),
      title: 'On sale',
    });
    const advertiser = (await shop.c.resource('AdvertiserResource', 'create', { name: 'Shop ads', country: 'US', currency: 'USD' })).data.id as string;
    const promote = await shop.c.request('POST', `/ads/v4/advertisers/${advertiser}/pins/${promoted}/quick_promote/`, {
      payload: {
        budget_in_micro_currency: 7 * BUDGET_MICRO_MULTIPLIER,
        campaign_name: 'Sale',
        destination_url: 'https://shop.example/sale',
        duration: 10,
        auto_targeting_enabled: true,
        is_ongoing: false,
        start_now: true,
        targeting_spec: { country: 'US', ages: [], genders: [], interests: [] },
        advertiser_id: advertiser,
        ads_client_type: 'quick_promote',
        pin_id: promoted,
        product_group_id: null,
        flexible_daily_budget_enabled: false,
      },
    });
    expect(promote.statusCode).toBe(200);
    expect((await v5(t, saver.token, 'GET', `/v5/pins/${promoted}`)).body.has_been_promoted).toBe(true);

    // A board's collaborators, counted.
    expect((await v5(t, maker.token, 'GET', `/v5/boards/${theirs}`)).body.collaborator_count).toBe(0);
    await t.db.query('INSERT INTO board_collaborators (board_id, user_id) VALUES ($1, $2)', [theirs, saver.id]);
    expect((await v5(t, maker.token, 'GET', `/v5/boards/${theirs}`)).body.collaborator_count).toBe(1);
    expect((await v5(t, maker.token, 'GET', '/v5/boards')).body.items.find((b: { id: string }) => b.id === theirs).collaborator_count).toBe(1);
  });
});

describe('GET /v5/pinboard/already_saved', () => {
  it("answers the token person's boards already holding a Pin of theirs with the link or the picture", async () => {
    const p = await personWithToken(t, 'Al Already');
    const other = await personWithToken(t, 'Bo Elsewhere');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Kept' })).body.id as string;
    const otherBoard = (await v5(t, other.token, 'POST', '/v5/boards', { name: 'Theirs' })).body.id as string;
    const source = { source_type: 'image_base64', content_type: 'image/jpeg', data: photo.toString('base64') };
    await v5(t, p.token, 'POST', '/v5/pins', { board_id: board, link: 'https://example.com/tart', media_source: source });
    await v5(t, other.token, 'POST', '/v5/pins', { board_id: otherBoard, link: 'https://example.com/tart', media_source: source });
    const expected = { boards: [{ id: board, name: 'Kept', url: `/${p.username}/kept/` }] };
    const byLink = await v5(t, p.token, 'GET', `/v5/pinboard/already_saved?link=${encodeURIComponent('https://www.example.com/tart/')}`);
    expect([byLink.status, byLink.body]).toEqual([200, expected]);
    const sha = createHash('sha256').update(photo).digest('hex');
    expect((await v5(t, p.token, 'GET', `/v5/pinboard/already_saved?content_sha256=${sha}`)).body).toEqual(expected);
    expect((await v5(t, p.token, 'GET', `/v5/pinboard/already_saved?link=${encodeURIComponent('https://example.com/other')}`)).body).toEqual({ boards: [] });
    const noPinsRead = await tokenFor(
      t,
      p,
      ALL_SCOPES.filter((s) => s !== 'pins:read'),
    );
    expect((await v5(t, noPinsRead, 'GET', `/v5/pinboard/already_saved?content_sha256=${sha}`)).status).toBe(403);
  });
});

describe('pin_metrics', () => {
  it("answers a Pin's saves and comments to its pinner when asked, and null otherwise or to anyone else", async () => {
    const pinner = await personWithToken(t, 'Mo Metrics');
    const other = await personWithToken(t, 'Ola Other');
    const board = (await makeBoard(t.db, pinner.id, { name: 'Counted' })).id;
    const pin = await makePin(t.db, { pinnerId: pinner.id, boardId: board, image: await makeStoredImage(t.media, { width: 50, height: 40 }) });
    expect(
      (await other.c.resource('RepinResource', 'create', { pin_id: pin, board_id: (await makeBoard(t.db, other.id, { name: 'Kept' })).id })).httpStatus,
    ).toBe(200);
    expect((await other.c.resource('PinCommentResource', 'create', { pin_id: pin, text: 'Lovely' })).httpStatus).toBe(200);
    const asked = await v5(t, pinner.token, 'GET', `/v5/pins/${pin}?pin_metrics=true`);
    expect([asked.status, asked.body.pin_metrics]).toEqual([200, { lifetime_metrics: { save: 1, comment: 1 } }]);
    expect((await v5(t, pinner.token, 'GET', `/v5/pins/${pin}`)).body.pin_metrics).toBeNull();
    expect((await v5(t, pinner.token, 'GET', `/v5/pins/${pin}?pin_metrics=false`)).body.pin_metrics).toBeNull();
    expect((await v5(t, other.token, 'GET', `/v5/pins/${pin}?pin_metrics=true`)).body.pin_metrics).toBeNull();
    expect((await v5(t, pinner.token, 'GET', `/v5/pins/${pin}?pin_metrics=yes`)).status).toBe(400);
  });
});
