/**
 * What every MediaStore does, run on each store: files on disk, and a bucket on a real
 * S3-compatible server (s3rver, started by the test: test/s3-server.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3 } from '../../test/s3-server';
import { DiskMediaStore } from './disk-media-store';
import { InvalidMediaKeyError, type MediaStore } from './media-store';
import { processImage } from './process-image';
import { S3MediaStore } from './s3-media-store';
import { storeImage } from './store-image';
import { makeTestImage } from './test-images';

let s3: TestS3;
let buckets = 0;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

const STORES: { name: string; make: (dir: string) => Promise<MediaStore> }[] = [
  { name: 'disk', make: async (dir) => new DiskMediaStore(path.join(dir, 'store')) },
  { name: 's3', make: async () => new S3MediaStore(await s3.bucket(`contract-${++buckets}`)) },
];

describe.each(STORES)('MediaStore contract: $name', ({ make }) => {
  let dir: string;
  let store: MediaStore;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'media-contract-'));
    store = await make(dir);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives back exactly the bytes it was given (small, binary, and over 1 MB)', async () => {
    for (const size of [0, 1, 6, 65_536 + 7, 1_300_000]) {
      const key = `ab/cd/abcdef0123456789abcdef0123456789_${size}.jpg`;
      const data = randomBytes(size);
      await store.put(key, data, 'image/jpeg');
      const got = await store.get(key);
      expect(got?.contentType, `${size}`).toBe('image/jpeg');
      expect(got?.data.equals(data), `${size} bytes`).toBe(true);
      expect(got?.modifiedAt).toBeInstanceOf(Date);
    }
  });

  it('an overwrite replaces the bytes; a delete removes them; missing keys read null and delete quietly', async () => {
    const key = 'x/y/over.jpg';
    await store.put(key, Buffer.from('first'), 'image/jpeg');
    await store.put(key, Buffer.from('second'), 'image/jpeg');
    expect((await store.get(key))?.data.toString()).toBe('second');
    await store.delete([key, 'no/such/file.jpg']);
    expect(await store.get(key)).toBeNull();
    expect(await store.get('no/such/file.jpg')).toBeNull();
    expect(await store.openRead('no/such/file.mp4')).toBeNull();
    expect(await store.getToFile('no/such/file.src', path.join(dir, 'out'))).toBe(false);
    await expect(store.delete([])).resolves.toBeUndefined();
  });

  it('derives the content type from the extension and refuses a mismatch', async () => {
    await store.put('x/a.png', Buffer.from('p'), 'image/png');
    await store.put('x/a.webp', Buffer.from('w'), 'image/webp');
    await store.put('x/a.vtt', Buffer.from('WEBVTT\n'), 'text/vtt; charset=utf-8');
    expect((await store.get('x/a.png'))?.contentType).toBe('image/png');
    expect((await store.get('x/a.webp'))?.contentType).toBe('image/webp');
    expect((await store.get('x/a.vtt'))?.contentType).toBe('text/vtt; charset=utf-8');
    await expect(store.put('x/b.png', Buffer.from('p'), 'image/jpeg')).rejects.toThrow(/does not match/);
  });

  it('refuses keys that are not media keys', async () => {
    for (const key of ['../x.jpg', 'a/../../x.jpg', '/abs.jpg', 'a//b.jpg', '.hidden.jpg', 'a/b.html', 'a/b.jpg.tmp', '']) {
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
      expect(await store.get(key), key).toBeNull();
      expect(await store.openRead(key), key).toBeNull();
      await expect(store.delete([key]), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
    }
  });

  it('stores a file and copies one out (a video source), byte for byte', async () => {
    const data = randomBytes(3_000_001);
    const source = path.join(dir, 'upload.bin');
    writeFileSync(source, data);
    await store.putFile('vv/ww/video.src', source, 'application/octet-stream');
    const target = path.join(dir, 'copy.bin');
    expect(await store.getToFile('vv/ww/video.src', target)).toBe(true);
    expect(readFileSync(target).equals(data)).toBe(true);
  });

  it('reads byte ranges of a large object', async () => {
    const data = randomBytes(2_000_000);
    const source = path.join(dir, 'v.mp4');
    writeFileSync(source, data);
    await store.putFile('vv/ww/v_720p.mp4', source, 'video/mp4');
    const reader = await store.openRead('vv/ww/v_720p.mp4');
    expect(reader).toMatchObject({ size: data.length, contentType: 'video/mp4' });
    expect((await collect(reader!.stream(0, data.length - 1))).equals(data)).toBe(true);
    // Safari's first probe (bytes=0-1); s3rver reads a range ending at byte 0 as "to the end", S3 does not.
    expect((await collect(reader!.stream(0, 1))).equals(data.subarray(0, 2))).toBe(true);
    expect((await collect(reader!.stream(1_000_000, 1_500_123))).equals(data.subarray(1_000_000, 1_500_124))).toBe(true);
    expect((await collect(reader!.stream(data.length - 10, data.length - 1))).equals(data.subarray(data.length - 10))).toBe(true);
  });

  it('reads a small text object in full through openRead', async () => {
    await store.put('vv/ww/v.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n'), 'text/vtt; charset=utf-8');
    const reader = await store.openRead('vv/ww/v.vtt');
    expect(await text(reader!.stream(0, reader!.size - 1))).toContain('hi');
  });

  it('storeImage writes every variant, each readable and decodable', async () => {
    const processed = await processImage(await makeTestImage({ width: 1000, height: 500, format: 'jpeg', seed: 3 }));
    const stored = await storeImage(store, processed);
    expect(stored.keys).toHaveLength(5);
    for (const [name, img] of Object.entries(stored.images)) {
      const got = await store.get(img.url.slice('/media/'.length));
      const meta = await sharp(got!.data).metadata();
      expect([meta.width, meta.height], name).toEqual([img.width, img.height]);
    }
    await store.delete(stored.keys);
    for (const key of stored.keys) expect(await store.get(key)).toBeNull();
  });

  it('storeImage removes what it wrote when a write fails', async () => {
    const flaky: MediaStore = {
      ...store,
      put: (key, data, contentType) => (key.endsWith('_orig.jpg') ? Promise.reject(new Error('disk full')) : store.put(key, data, contentType)),
      get: (key) => store.get(key),
      delete: (keys) => store.delete(keys),
    };
    const processed = await processImage(await makeTestImage({ width: 2000, height: 1000, format: 'jpeg' }));
    let written: string[] = [];
    const watching: MediaStore = { ...flaky, put: (key, data, type) => ((written = [...written, key]), flaky.put(key, data, type)) };
    await expect(storeImage(watching, processed)).rejects.toThrow('disk full');
    expect(written.length).toBeGreaterThan(1);
    for (const key of written) expect(await store.get(key), key).toBeNull();
  });
});
