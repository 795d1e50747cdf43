/**
 * MEDIA_PUBLIC_URL (decision 052): public images are named at the CDN host, private ones stay
 * here; a CDN may keep a public image a minute, then must ask again, and is answered 404 (never
 * 304) once the image has left public view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

const CDN = 'https://cdn.pins.example';
let t: TestApp;
let owner: TestClient;
let cdn: TestClient; // what the CDN is to this server: a signed-out client
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp({ MEDIA_PUBLIC_URL: `${CDN}/` });
  owner = t.client();
  cdn = t.client();
  await owner.signUp({ email: 'cdn-owner@example.com', username: 'cdnowner' });
  jpeg = await makeTestImage({ width: 400, height: 300, format: 'jpeg', seed: 21 });
});
afterAll(() => t.close());

async function pinOn(privacy: 'public' | 'secret', name: string) {
  const board = (await owner.resource('BoardResource', 'create', { name, privacy })).data;
  const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: name }, jpeg)).data;
  return { board: board.id as string, pin: pin.id as string, image: pin.images['236x'].url as string };
}

const local = (url: string) => url.slice(url.indexOf('/media/'));

describe('public images on a CDN', () => {
  it('names public images at the CDN for signed-out readers, and keeps secret ones here for their owner', async () => {
    const open = await pinOn('public', 'On the CDN');
    const hidden = await pinOn('secret', 'Not on the CDN');
    const seen = (await t.client().resource('PinResource', 'get', { id: open.pin })).data;
    for (const img of Object.values(seen.images as Record<string, { url: string }>)) expect(img.url.startsWith(`${CDN}/media/`)).toBe(true);

    const own = (await owner.resource('PinResource', 'get', { id: hidden.pin })).data;
    expect(own.images['236x'].url).toMatch(/^\/media\//);
    expect((await owner.request('GET', own.images['236x'].url)).statusCode).toBe(200);

    // Signed in, an image goes to the CDN once this server knows it public.
    expect((await cdn.request('GET', local(seen.images['236x'].url))).statusCode).toBe(200);
    expect((await owner.resource('PinResource', 'get', { id: open.pin })).data.images['236x'].url).toBe(`${CDN}${open.image}`);
    // The page allows images from the CDN.
    expect(
      String(
        (await owner.request('GET', '/resource/PinResource/get/?data=' + encodeURIComponent(JSON.stringify({ options: { id: open.pin } })))).headers[
          'content-security-policy'
        ],
      ),
    ).toContain(`img-src 'self' data: blob: ${CDN}`);
  });

  it('lets the CDN keep a public image a minute, and answers its revalidation 404 once the board is secret', async () => {
    const { board, image } = await pinOn('public', 'Soon secret');
    const first = await cdn.request('GET', image);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = String(first.headers.etag);
    expect((await cdn.request('GET', image, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    expect((await owner.resource('BoardResource', 'update', { board_id: board, privacy: 'secret' })).httpStatus).toBe(200);
    expect((await cdn.request('GET', image, { headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    expect((await cdn.request('GET', image)).statusCode).toBe(404);
    const own = await owner.request('GET', image);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toMatch(/^private/);
  });

  it('sends the same minute from the raw door in front of the framework', async () => {
    const { image } = await pinOn('public', 'From memory');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await fetch(base + image);
    const second = await fetch(base + image);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('cache-control')).toBe('public, max-age=60');
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
  });
});

describe('without a CDN', () => {
  it('keeps images here, cached for a year', async () => {
    const plain = await buildTestApp();
    try {
      const c = plain.client();
      await c.signUp({ email: 'no-cdn@example.com', username: 'nocdn' });
      const board = (await c.resource('BoardResource', 'create', { name: 'Here' })).data;
      const pin = (await c.upload('PinResource', 'create', { board_id: board.id, title: 'Here' }, jpeg)).data;
      expect(pin.images['236x'].url).toMatch(/^\/media\//);
      expect((await plain.client().request('GET', pin.images['236x'].url)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await plain.close();
    }
  });
});
