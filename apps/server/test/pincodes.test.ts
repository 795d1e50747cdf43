/**
 * Pincodes (decision 061): a profile's and a board's code is a standard QR
 * code of its address that a reader decodes, with a picture in its middle;
 * only for a signed-in person, only of what they may see.
 */
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let owner: TestPerson;
let other: TestPerson;
let publicBoard: { id: string; url: string };
let secretBoard: { id: string; url: string };

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_PINCODE: '6' });
  owner = await t.person('Code Owner', 'pc');
  other = await t.person('Code Other', 'pc');
  const jpeg = await makeTestImage({ width: 400, height: 400, format: 'jpeg', seed: 3 });
  publicBoard = (await owner.c.resource('BoardResource', 'create', { name: 'Scan me', privacy: 'public' })).data;
  secretBoard = (await owner.c.resource('BoardResource', 'create', { name: 'Not for you', privacy: 'secret' })).data;
  await owner.c.upload('PinResource', 'create', { board_id: publicBoard.id, title: 'Cover Pin' }, jpeg);
});
afterAll(() => t.close());

/** What a QR reader makes of a picture (PNG or SVG), or null. */
async function decode(picture: Buffer): Promise<string | null> {
  const { data, info } = await sharp(picture).resize(600, 600).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('Pincodes', () => {
  it("a profile's PNG and SVG decode to its address, with a picture in the middle", async () => {
    const png = await other.c.request('GET', `/v3/users/${owner.username}/pincode/?format=png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('private, no-store');
    expect(await decode(png.rawPayload)).toBe(`${t.config.publicUrl}/${owner.username}/`);
    const svg = await other.c.request('GET', `/v3/users/${owner.username}/pincode/`);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).not.toMatch(/<script|href="http/i);
    expect(svg.body).toMatch(/<circle[^>]+fill="#/);
    expect(await decode(svg.rawPayload)).toBe(`${t.config.publicUrl}/${owner.username}/`);
  });

  it("a board's code decodes to the board and carries its cover; download names the file", async () => {
    const res = await other.c.request('GET', `/v3/boards/${publicBoard.id}/pincode/?format=png&download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pinboard-${owner.username}-scan-me-pincode.png"`);
    expect(await decode(res.rawPayload)).toBe(`${t.config.publicUrl}${publicBoard.url}`);
    const svg = await other.c.request('GET', `/v3/boards/${publicBoard.id}/pincode/`);
    expect(svg.body).toContain('<image href="data:image/png;base64,');
  });

  it('a secret board answers 404 to others and its code to its owner', async () => {
    const refused = await other.c.request('GET', `/v3/boards/${secretBoard.id}/pincode/`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ status: 'failure' });
    const own = await owner.c.request('GET', `/v3/boards/${secretBoard.id}/pincode/?format=png`);
    expect(await decode(own.rawPayload)).toBe(`${t.config.publicUrl}${secretBoard.url}`);
    expect((await other.c.request('GET', `/v3/users/nobody-here-${Date.now()}/pincode/`)).statusCode).toBe(404);
  });

  it('needs a signed-in person and a known format', async () => {
    expect((await t.client().request('GET', `/v3/users/${owner.username}/pincode/`)).statusCode).toBe(401);
    expect((await owner.c.request('GET', `/v3/users/${owner.username}/pincode/?format=gif`)).statusCode).toBe(400);
  });

  it('drawing codes is limited per person', async () => {
    const person = await t.person('Code Counter', 'pc');
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await person.c.request('GET', `/v3/users/${owner.username}/pincode/`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.at(-1)).toBe(429);
  });
});
