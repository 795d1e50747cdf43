import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePngHeaderOnly, makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let boardId: string;
let jpeg: Buffer;

function countFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : e.name.includes('_') ? 1 : 0), 0);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  await owner.signUp({ email: 'owner@example.com', username: 'owner' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Kitchens' })).data.id;
  jpeg = await makeTestImage({ width: 1000, height: 500, format: 'jpeg', seed: 3 });
});
afterAll(() => t.close());

describe('Pin creation by upload', () => {
  it('makes every image variant, the dominant colour and the size, and links the Pin to the board', async () => {
    const res = await owner.upload('PinResource', 'create', { board_id: boardId, title: '  Blue kitchen ', link: 'example.com/kitchen' }, jpeg);
    expect(res.httpStatus).toBe(200);
    const pin = res.data;
    expect(pin).toMatchObject({
      title: 'Blue kitchen',
      width: 1000,
      height: 500,
      link: 'example.com/kitchen',
      board: { id: boardId, name: 'Kitchens', url: '/owner/kitchens/' },
    });
    expect(pin.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(Object.keys(pin.images).sort()).toEqual(['1200x', '170x', '236x', '474x', '736x', 'orig']);
    expect(pin.images['236x']).toMatchObject({ width: 236, height: 118 });
    expect(pin.images['1200x']).toMatchObject({ width: 1000, height: 500 });
    const img = await owner.request('GET', pin.images['474x'].url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.width).toBe(474);
    expect(meta.exif).toBeUndefined();
    const board = await owner.resource('BoardResource', 'get', { board_id: boardId });
    expect(board.data.pin_count).toBe(1);
    expect(board.data.image_cover_url).toBe(pin.images['236x'].url);
  });

  it('accepts the image as a base64 data URL', async () => {
    const png = await makeTestImage({ width: 300, height: 400, format: 'png', seed: 4 });
    const res = await owner.resource('PinResource', 'create', { board_id: boardId, image_base64: `data:image/png;base64,${png.toString('base64')}` });
    expect(res.httpStatus).toBe(200);
    expect(res.data.images.orig).toMatchObject({ width: 300, height: 400 });
  });

  it('saves to the profile (boardless) when no board is given', async () => {
    const res = await owner.upload('PinResource', 'create', { title: 'Loose idea' }, jpeg);
    expect(res.httpStatus).toBe(200);
    expect(res.data.board).toBeNull();
  });

  it('refuses bad uploads with a 4xx, leaves nothing behind and stays up', async () => {
    const valid = await makeTestImage({ width: 400, height: 300, format: 'jpeg', seed: 9 });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const cases: [string, Buffer, string, number][] = [
      ['html named .jpg', Buffer.from('<!doctype html><html><body>hi</body></html>'), 'evil.jpg', 415],
      ['truncated JPEG', valid.subarray(0, Math.floor(valid.length / 2)), 'half.jpg', 400],
      ['zero bytes', Buffer.alloc(0), 'empty.jpg', 400],
      ['huge declared pixel count', makePngHeaderOnly(100_000, 100_000), 'huge.png', 413],
      ['SVG', svg, 'vector.svg', 415],
    ];
    const pinsBefore = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins'))!.n;
    const filesBefore = countFiles(t.config.dataDir);
    for (const [what, bytes, filename, status] of cases) {
      const res = await owner.upload('PinResource', 'create', { board_id: boardId }, bytes, filename);
      expect(res.httpStatus, what).toBe(status);
      expect(res.status, what).toBe('failure');
      expect(res.error?.message, what).toBeTruthy();
    }
    const missing = await owner.upload('PinResource', 'create', { board_id: boardId }, null);
    expect(missing.httpStatus).toBe(400);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins'))!.n).toBe(pinsBefore);
    expect(countFiles(t.config.dataDir)).toBe(filesBefore);
    expect((await owner.request('GET', '/healthz')).statusCode).toBe(200);
  });

  it('refuses an oversize upload with 413', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(21 * 1024 * 1024)]);
    const res = await owner.upload('PinResource', 'create', { board_id: boardId }, big);
    expect(res.httpStatus).toBe(413);
  });

  it("refuses Pins to someone else's board and to a board one cannot see", async () => {
    const other = t.client();
    await other.signUp({ email: 'other@example.com' });
    const res = await other.upload('PinResource', 'create', { board_id: boardId }, jpeg);
    expect(res.httpStatus).toBe(403);
    const secret = (await owner.resource('BoardResource', 'create', { name: 'Hidden', privacy: 'secret' })).data.id;
    const hidden = await other.upload('PinResource', 'create', { board_id: secret }, jpeg);
    expect(hidden.httpStatus).toBe(404);
    const anon = await t.client().upload('PinResource', 'create', { board_id: boardId }, jpeg);
    expect(anon.httpStatus).toBe(401);
  });

  it('validates text options with the spec texts', async () => {
    const res = await owner.upload('PinResource', 'create', { board_id: boardId, link: 'not a link' }, jpeg);
    expect(res.httpStatus).toBe(400);
    expect(res.error).toMatchObject({ field: 'link', message: 'Oops! Please enter a valid URL.' });
    const long = await owner.upload('PinResource', 'create', { board_id: boardId, title: 'x'.repeat(101) }, jpeg);
    expect(long.error?.message).toBe('Please enter no more than 100 characters.');
  });
});
