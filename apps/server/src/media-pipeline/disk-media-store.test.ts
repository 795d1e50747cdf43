import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskMediaStore } from './disk-media-store';
import { InvalidMediaKeyError, contentTypeForKey, isValidMediaKey } from './media-store';
import { processImage } from './process-image';
import { mediaBaseFromKey, storeImage } from './store-image';
import { makeTestImage } from './test-images';

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

let root: string;
let store: DiskMediaStore;

beforeEach(() => {
  root = path.join(mkdtempSync(path.join(tmpdir(), 'media-test-')), 'store');
  store = new DiskMediaStore(root); // creates the (nested) directory
});

afterEach(() => {
  rmSync(path.dirname(root), { recursive: true, force: true });
});

describe('DiskMediaStore', () => {
  it('creates its root directory', () => {
    expect(statSync(root).isDirectory()).toBe(true);
  });

  it('put / get / delete round trip', async () => {
    const key = 'ab/cd/abcdef0123456789abcdef0123456789_236x.jpg';
    const data = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await store.put(key, data, 'image/jpeg');
    expect(await store.get(key)).toEqual({ data, contentType: 'image/jpeg', modifiedAt: expect.any(Date) });
    expect(listFiles(root)).toEqual([key]); // no temp files left behind

    // Overwrite is atomic (rename) and leaves only the final file.
    await store.put(key, Buffer.from('second'), 'image/jpeg');
    expect((await store.get(key))?.data.toString()).toBe('second');
    expect(listFiles(root)).toEqual([key]);

    await store.delete([key]);
    expect(await store.get(key)).toBeNull();
    expect(listFiles(root)).toEqual([]);
  });

  it('derives the content type from the extension', async () => {
    await store.put('x/a.png', Buffer.from('p'), 'image/png');
    await store.put('x/a.webp', Buffer.from('w'), 'image/webp');
    await store.put('x/a.gif', Buffer.from('g'), 'image/gif');
    expect((await store.get('x/a.png'))?.contentType).toBe('image/png');
    expect((await store.get('x/a.webp'))?.contentType).toBe('image/webp');
    expect((await store.get('x/a.gif'))?.contentType).toBe('image/gif');
    await expect(store.put('x/b.png', Buffer.from('p'), 'image/jpeg')).rejects.toThrow(/does not match/);
  });

  it('get of a missing key or a directory is null; deleting missing keys is fine', async () => {
    expect(await store.get('no/such/file.jpg')).toBeNull();
    await store.put('dir/f.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await store.get('dir.jpg')).toBeNull();
    await expect(store.delete(['no/such/file.jpg', 'dir/f.jpg'])).resolves.toBeUndefined();
    expect(await store.get('dir/f.jpg')).toBeNull();
  });

  it('refuses keys that could escape the root or are not media', async () => {
    const bad = [
      '../x',
      '../x.jpg',
      'a/../../x.jpg',
      'a/..',
      '..',
      '/etc/passwd.jpg',
      '/abs.jpg',
      'a\\..\\x.jpg',
      'a//b.jpg',
      'a/./b.jpg',
      '.hidden.jpg',
      'a/b.jpg\0.png',
      'a%2F..%2Fb.jpg',
      'a/b.html',
      'a/b.jpg.tmp',
      'noext',
      '',
    ];
    for (const key of bad) {
      expect(isValidMediaKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
      expect(await store.get(key), key).toBeNull();
      await expect(store.delete([key]), key).rejects.toBeInstanceOf(InvalidMediaKeyError);
    }
    expect(readdirSync(path.dirname(root))).toEqual(['store']); // nothing written outside
    expect(listFiles(root)).toEqual([]);
  });

  it('contentTypeForKey', () => {
    expect(contentTypeForKey('a/b_236x.jpg')).toBe('image/jpeg');
    expect(contentTypeForKey('a/b.JPEG')).toBe('image/jpeg');
    expect(contentTypeForKey('a.b/c')).toBeNull();
    expect(contentTypeForKey('a/b.svg')).toBeNull();
  });
});

describe('storeImage', () => {
  it('stores every variant under one sharded random name and returns URLs + keys', async () => {
    const processed = await processImage(await makeTestImage({ width: 1000, height: 500, format: 'jpeg', seed: 3 }));
    const stored = await storeImage(store, processed);

    expect(stored.base).toMatch(/^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{28}$/);
    expect(stored.width).toBe(1000);
    expect(stored.height).toBe(500);
    expect(stored.dominantColor).toBe(processed.dominantColor);
    expect(Object.keys(stored.images).sort()).toEqual(['1200x', '170x', '236x', '474x', '736x', 'orig']);
    expect(stored.images['236x']).toMatchObject({ width: 236, height: 118 });
    expect(stored.images['1200x']).toMatchObject({ width: 1000, height: 500 });
    expect(stored.images.orig).toMatchObject({ width: 1000, height: 500 });

    const prefix = `${stored.base}_`;
    for (const key of stored.keys) {
      expect(key.startsWith(prefix)).toBe(true);
      expect(mediaBaseFromKey(key)).toBe(stored.base);
    }
    // 1200x and orig are the same encoding here, so written once.
    expect(stored.images['1200x'].url).toBe(stored.images.orig.url);
    expect(stored.keys).toHaveLength(5);
    expect(listFiles(root)).toEqual([...stored.keys].sort());

    for (const [name, img] of Object.entries(stored.images)) {
      expect(img.url.startsWith(`/media/${prefix}`), name).toBe(true);
      const got = await store.get(img.url.slice('/media/'.length));
      expect(got?.contentType).toBe('image/jpeg');
      const meta = await sharp(got!.data).metadata();
      expect([meta.width, meta.height], name).toEqual([img.width, img.height]);
    }

    await store.delete(stored.keys);
    expect(listFiles(root)).toEqual([]);
  });

  it('uses a fresh name every time and honours the URL prefix', async () => {
    const processed = await processImage(await makeTestImage({ width: 50, height: 50, format: 'png', alpha: true }));
    const a = await storeImage(store, processed, 'https://cdn.example/m/');
    const b = await storeImage(store, processed, 'https://cdn.example/m/');
    expect(a.base).not.toBe(b.base);
    expect(a.images.orig.url).toMatch(/^https:\/\/cdn\.example\/m\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}_orig\.png$/);
    expect(a.keys).toHaveLength(2); // one shared JPEG for the width variants + the PNG orig
  });

  it('removes what it wrote when a write fails', async () => {
    class FlakyStore extends DiskMediaStore {
      override async put(key: string, data: Buffer, contentType: string): Promise<void> {
        if (key.endsWith('_orig.jpg')) throw new Error('disk full');
        return super.put(key, data, contentType);
      }
    }
    const flaky = new FlakyStore(root);
    const processed = await processImage(await makeTestImage({ width: 2000, height: 1000, format: 'jpeg' }));
    await expect(storeImage(flaky, processed)).rejects.toThrow('disk full');
    expect(listFiles(root)).toEqual([]);
  });

  it('mediaBaseFromKey rejects other shapes', () => {
    const name = '0123456789abcdef0123456789abcdef';
    expect(mediaBaseFromKey(`01/23/${name}_236x.jpg`)).toBe(`01/23/${name}`);
    expect(mediaBaseFromKey(`01/23/${name}_orig.png`)).toBe(`01/23/${name}`);
    expect(mediaBaseFromKey(`ff/23/${name}_236x.jpg`)).toBeNull();
    expect(mediaBaseFromKey(`01/23/${name}.jpg`)).toBeNull();
    expect(mediaBaseFromKey(`01/23/${name}_999x.jpg`)).toBeNull();
    expect(mediaBaseFromKey(`../01/23/${name}_236x.jpg`)).toBeNull();
  });
});
