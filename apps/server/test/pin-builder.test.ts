/**
 * Pins from a website link: the server fetches a page served by a local
 * fixture (allowed only by the tests' configuration switch), offers its
 * images og:image first, and makes the Pin from the chosen image URL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { IMAGE_PREVIEW_PATH } from '../src/modules/pin-builder/pin-builder.routes';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let fixture: Server;
let base: string;
let open: TestApp;
let guarded: TestApp;
let photo: Buffer;
let withExif: Buffer;

beforeAll(async () => {
  photo = await makeTestImage({ width: 640, height: 480, format: 'jpeg', seed: 12 });
  withExif = await sharp(photo)
    .withExif({ IFD0: { Artist: 'Someone private' } })
    .jpeg()
    .toBuffer();
  fixture = createServer((req, res) => {
    if (req.url === '/recipe') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html><head><title>Lemon tart</title>
        <meta property="og:image" content="/images/hero.jpg"><meta name="description" content="Bright and sharp">
        </head><body><img src="/images/step.jpg" width="300" height="200"><img src="/pixel.gif" width="1" height="1"></body></html>`);
    } else if (req.url === '/hostile') {
      // Built to be slow to read: a run of commas inside one srcset URL.
      res.setHeader('content-type', 'text/html');
      res.end(`<title>Commas</title><img srcset="a${','.repeat(50_000)}b, /images/c.jpg 10w"><img src="/images/fallback.jpg">`);
    } else if (req.url === '/empty') {
      res.setHeader('content-type', 'text/html');
      res.end('<html><body><p>No pictures here.</p></body></html>');
    } else if (req.url?.startsWith('/images/')) {
      res.setHeader('content-type', 'image/jpeg');
      res.end(photo);
    } else if (req.url === '/exif.jpg') {
      res.setHeader('content-type', 'image/jpeg');
      res.end(withExif);
    } else if (req.url === '/fake.jpg') {
      res.setHeader('content-type', 'image/jpeg');
      res.end('<html>not an image</html>');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  open = await buildTestApp({ FETCH_ALLOW_PRIVATE_ADDRESSES: 'true', RATE_LIMIT_PIN_BUILDER_PREVIEW: '20' });
  guarded = await buildTestApp();
});
afterAll(async () => {
  await open.close();
  await guarded.close();
  await new Promise((r) => fixture.close(r));
});

async function signedIn(t: TestApp, email: string): Promise<[TestClient, string]> {
  const c = t.client();
  await c.signUp({ email });
  const board = (await c.resource('BoardResource', 'create', { name: 'From the web' })).data;
  return [c, board.id];
}

describe('the Pin builder', () => {
  it("offers a page's images, og:image first, and makes a scraped Pin from one", async () => {
    const [c, boardId] = await signedIn(open, 'builder@example.com');
    const found = await c.resource('PinBuilderResource', 'get', { link: `${base}/recipe` });
    expect(found.httpStatus).toBe(200);
    expect(found.data).toMatchObject({ title: 'Lemon tart', description: 'Bright and sharp' });
    expect(found.data.images.map((i: { url: string }) => i.url)).toEqual([`${base}/images/hero.jpg`, `${base}/images/step.jpg`]);
    const pin = await c.resource('PinResource', 'create', {
      board_id: boardId,
      image_url: found.data.images[0].url,
      link: `${base}/recipe`.replace('http://', 'https://'),
      title: 'Lemon tart',
    });
    expect(pin.httpStatus).toBe(200);
    expect(pin.data).toMatchObject({ method: 'scraped', width: 640, height: 480, title: 'Lemon tart' });
  });

  it('says clearly when a page has no usable image or the image is not one', async () => {
    const [c, boardId] = await signedIn(open, 'builder2@example.com');
    const empty = await c.resource('PinBuilderResource', 'get', { link: `${base}/empty` });
    expect(empty.httpStatus).toBe(400);
    expect(empty.error?.message).toMatch(/couldn't find any images/i);
    const before = (await open.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins'))!.n;
    const fake = await c.resource('PinResource', 'create', { board_id: boardId, image_url: `${base}/fake.jpg` });
    expect(fake.httpStatus).toBe(415);
    const missing = await c.resource('PinResource', 'create', { board_id: boardId, image_url: `${base}/nothing.jpg` });
    expect(missing.httpStatus).toBe(400);
    expect((await open.db.one<{ n: number }>('SELECT count(*)::int AS n FROM pins'))!.n).toBe(before);
  });

  it('never fetches loopback or private addresses without the test switch', async () => {
    const [c, boardId] = await signedIn(guarded, 'guarded@example.com');
    for (const link of [`${base}/recipe`, 'http://localhost/recipe', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/x']) {
      const r = await c.resource('PinBuilderResource', 'get', { link });
      expect(r.httpStatus, link).toBe(400);
      expect(r.status).toBe('failure');
      // A loopback or private link is a valid URL: the refusal says why it is refused, keyed for every locale.
      expect(r.error, link).toMatchObject({
        message: "We can't save from this address: it points to a private network.",
        message_key: 'pinBuilder.privateAddress',
      });
    }
    // A public host on another port is refused for its port, not called private.
    const port = await c.resource('PinBuilderResource', 'get', { link: 'http://93.184.215.14:8080/recipe' });
    expect(port.error).toMatchObject({ message_key: 'pinBuilder.blockedPort' });
    const pin = await c.resource('PinResource', 'create', { board_id: boardId, image_url: `${base}/images/hero.jpg` });
    expect(pin.httpStatus).toBe(400);
    expect(await guarded.db.one('SELECT 1 FROM pins LIMIT 1')).toBeNull();
  });

  it('reads a page built to be slow to read without holding up the server', async () => {
    const [c] = await signedIn(open, 'hostile@example.com');
    const res = await c.resource('PinBuilderResource', 'get', { link: `${base}/hostile` });
    expect(res.httpStatus).toBe(200);
    expect(res.data.images.map((i: { url: string }) => i.url)).toContain(`${base}/images/fallback.jpg`);
  });

  it('refuses links that are not links', async () => {
    const [c] = await signedIn(open, 'builder3@example.com');
    const r = await c.resource('PinBuilderResource', 'get', { link: 'not a link' });
    expect(r.error).toMatchObject({ field: 'link', message: 'Oops! Please enter a valid URL.' });
  });

  describe('image previews (served from our own origin for the builder)', () => {
    const preview = (c: TestClient, url: string) => c.request('GET', `${IMAGE_PREVIEW_PATH}?url=${encodeURIComponent(url)}`);

    it('re-encodes the image as a small WebP without its metadata', async () => {
      const [c] = await signedIn(open, 'preview@example.com');
      const res = await preview(c, `${base}/exif.jpg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 236, height: 177 });
      expect(meta.exif).toBeUndefined();
      expect(res.rawPayload.includes(Buffer.from('Someone private'))).toBe(false);
    });

    it('is for signed-in people only', async () => {
      const res = await preview(open.client(), `${base}/images/hero.jpg`);
      expect(res.statusCode).toBe(401);
    });

    it('refuses what is not an image, and what may not be fetched, with the reason', async () => {
      const [c] = await signedIn(open, 'preview2@example.com');
      const fake = await preview(c, `${base}/fake.jpg`);
      expect(fake.statusCode).toBe(415);
      expect(fake.headers['content-type']).toMatch(/json/);
      const missing = await preview(c, `${base}/nothing.jpg`);
      expect(missing.statusCode).toBe(400);
      const [g] = await signedIn(guarded, 'preview3@example.com');
      for (const url of [`${base}/images/hero.jpg`, 'http://169.254.169.254/latest/meta-data/', 'javascript:alert(1)']) {
        expect((await preview(g, url)).statusCode, url).toBe(400);
      }
      expect((await c.request('GET', IMAGE_PREVIEW_PATH)).statusCode).toBe(400);
      expect((await c.request('GET', `${IMAGE_PREVIEW_PATH}?url=x&size=9`)).statusCode).toBe(400);
    });

    it('limits how many previews one person fetches; a cached one does not count', async () => {
      const [c] = await signedIn(open, 'preview4@example.com');
      const { limit, windowSeconds } = open.config.actionLimits.pin_builder_preview;
      expect(limit).toBe(20);
      for (let i = 0; i < limit; i++) {
        expect((await preview(c, `${base}/images/${i}.jpg`)).statusCode).toBe(200);
      }
      expect((await preview(c, `${base}/images/0.jpg`)).statusCode).toBe(200);
      const over = await preview(c, `${base}/images/new.jpg`);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.RATE_LIMITED.code });
      // One more comes back every window/limit seconds.
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(windowSeconds / limit);
    });
  });
});
