/**
 * The built web app as the server sends it: precompressed assets (.br and
 * .gz written beside each file by the web build) in the encoding that
 * Accept-Encoding prefers, with Vary and the cache headers of hashed assets.
 * WEB_DIST_DIR points at a small fake build made here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../src/plugins/web-app';
import { buildTestApp, type TestApp } from './test-app';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;
const STYLE = `.card { display: grid; gap: 8px; }\n`.repeat(200);
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${'<path d="M12 2a10 10 0 1 0 0 20"/>'.repeat(20)}</svg>`;
const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;

let dist: string;
let t: TestApp;

/** A file with its .br and .gz, as the web build writes them. */
function writeWithVariants(path: string, body: string) {
  writeFileSync(path, body);
  writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(body)));
  writeFileSync(`${path}.gz`, gzipSync(Buffer.from(body)));
}

const WORKER = "self.addEventListener('push', () => {});\n";
const MANIFEST = '{"name":"Pinboard","start_url":"/"}\n';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'pinboard-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeWithVariants(join(dist, 'index.html'), HTML);
  writeWithVariants(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeWithVariants(join(dist, 'assets', 'app-abc123.css'), STYLE);
  writeWithVariants(join(dist, 'favicon.svg'), ICON);
  // The raster icons have no compressed variants.
  writeFileSync(join(dist, 'favicon.ico'), Buffer.from([0, 0, 1, 0, 0, 0]));
  writeFileSync(join(dist, 'apple-touch-icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, 'sw.js'), WORKER);
  writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
  mkdirSync(join(dist, 'icons'));
  writeFileSync(join(dist, 'icons', 'maskable-512.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // A file whose variants were not worth writing: sent as it is.
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), 'export{};\n');
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('hashed assets', () => {
  it('sends Brotli when the browser accepts it, with Vary and the immutable cache header', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends gzip to a client that does not take Brotli', async () => {
    const res = await get('/assets/app-abc123.css', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(STYLE);
  });

  it('follows q-values: gzip preferred over Brotli, and a refused encoding is not sent', async () => {
    expect((await get('/assets/app-abc123.js', 'br;q=0.5, gzip;q=1')).headers['content-encoding']).toBe('gzip');
    expect((await get('/assets/app-abc123.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
  });

  it('sends the file itself without Accept-Encoding, or when only identity is accepted, still with Vary', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.payload).toBe(SCRIPT);
    }
  });

  it('sends the file itself when the build wrote no compressed variant', async () => {
    const res = await get('/assets/tiny-def456.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe('export{};\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for an asset that is not there', async () => {
    expect((await get('/assets/missing-000000.js', 'br')).statusCode).toBe(404);
  });
});

describe('root files', () => {
  it('sends favicon.svg in the accepted encoding, with Vary and its one-day cache', async () => {
    const br = await get('/favicon.svg', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=86400');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ICON);

    const gz = await get('/favicon.svg', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ICON);

    const plain = await get('/favicon.svg');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(ICON);
  });

  it('sends favicon.ico and apple-touch-icon.png as they are, with their types and the one-day cache', async () => {
    const ico = await get('/favicon.ico', 'gzip, br');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['content-encoding']).toBeUndefined();
    expect(ico.headers['cache-control']).toBe('public, max-age=86400');
    expect([...ico.rawPayload]).toEqual([0, 0, 1, 0, 0, 0]);
    const touch = await get('/apple-touch-icon.png', 'gzip, br');
    expect(touch.headers['content-type']).toBe('image/png');
  });

  it('sends the service worker from the root, revalidated on every visit (decision 087)', async () => {
    const res = await get('/sw.js', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(WORKER);
  });
});

describe('the installable app (decision 101)', () => {
  it('sends the web manifest from the root with its type, and its icons from /icons/', async () => {
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
    expect(manifest.payload).toBe(MANIFEST);
    const icon = await get('/icons/maskable-512.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });
});

describe('pages', () => {
  it('still renders index.html with the page head for an HTML GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.payload).toContain('<script type="module" src="/assets/app-abc123.js">');
    expect(res.payload).toContain('<title>');
  });
});

describe('what asks for the page', () => {
  it('serves it to any GET that does not ask for JSON (curl, */*, no Accept); JSON and the API keep the JSON 404', async () => {
    for (const accept of [undefined, '*/*', 'text/plain, */*']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: accept === undefined ? {} : { accept } });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    for (const accept of ['application/json', 'application/problem+json, */*;q=0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept } });
      expect(res.statusCode, accept).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    for (const url of ['/v3/no-such-thing/', '/resource/NoSuchResource/get/', '/media/nothing.jpg', '/assets/missing.js']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
    expect((await t.app.inject({ method: 'POST', url: '/nothing/', headers: { accept: '*/*' } })).statusCode).not.toBe(200);
  });
});

describe('negotiateEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it('prefers Brotli, then gzip, by q-value', () => {
    expect(negotiateEncoding('gzip, deflate, br', both)).toBe('br');
    expect(negotiateEncoding('gzip', both)).toBe('gzip');
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8', both)).toBe('gzip');
    expect(negotiateEncoding('*', both)).toBe('br');
    expect(negotiateEncoding('*, br;q=0', both)).toBe('gzip');
    expect(negotiateEncoding('x-gzip', ['gzip'])).toBe('gzip');
  });
  it('falls back to identity', () => {
    expect(negotiateEncoding(undefined, both)).toBe('identity');
    expect(negotiateEncoding('', both)).toBe('identity');
    expect(negotiateEncoding('deflate, zstd', both)).toBe('identity');
    expect(negotiateEncoding('gzip;q=0, br;q=0', both)).toBe('identity');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
  });
});

describe("a signed-in page's Viewer in the first HTML", () => {
  const viewerDataOf = (html: string) => {
    const match = /<script id="viewer-data" type="application\/json">(.*?)<\/script>/s.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
  };

  it('carries the same Viewer as UserSessionResource, with `<` escaped so no name can close the script', async () => {
    const c = t.client();
    const { id, username } = await c.signUp({ email: 'html_viewer@example.com', username: 'html_viewer', full_name: 'Ada </script><script>alert(1)</script>' });
    const person = { c, id, username };
    const res = await person.c.request('GET', '/', { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.payload).not.toContain('</script><script>alert(1)');
    const embedded = viewerDataOf(res.payload);
    const answered = (await person.c.resource('UserSessionResource', 'get')).data;
    expect(embedded).toEqual(answered);
    expect(embedded).toMatchObject({ isAuth: true, id: person.id, username: person.username, full_name: 'Ada </script><script>alert(1)</script>' });
  });

  it('is left out of a signed-out page, whose HTML every visitor shares', async () => {
    const res = await t.client().request('GET', '/', { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.payload).not.toContain('viewer-data');
  });
});
