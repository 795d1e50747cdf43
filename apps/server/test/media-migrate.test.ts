/**
 * `npm run media:migrate -- --to s3`: a disk store copied to a bucket while the app serves from
 * disk, resumable (what the bucket has with the same size is skipped), and then served from the
 * bucket by a server configured for it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { migrateDiskToS3 } from '../src/media-pipeline/migrate-media';
import { S3MediaStore } from '../src/media-pipeline/s3-media-store';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { startS3Server, type TestS3 } from './s3-server';
import { buildTestApp, type TestApp } from './test-app';

let s3: TestS3;
let onDisk: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  onDisk = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await onDisk?.close();
  await s3?.close();
});

async function uploadPins(n: number) {
  const owner = onDisk.client();
  await owner.signUp({ email: `migrate${Date.now()}@example.com` });
  const board = (await owner.resource('BoardResource', 'create', { name: 'Before the move' })).data;
  const urls: string[] = [];
  for (let i = 0; i < n; i++) {
    const jpeg = await makeTestImage({ width: 600, height: 400, format: 'jpeg', seed: 100 + i });
    const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: `Pin ${i}` }, jpeg)).data;
    urls.push(...new Set(Object.values(pin.images as Record<string, { url: string }>).map((img) => img.url)));
  }
  return urls;
}

describe('media:migrate', () => {
  it('copies the disk store while the app serves it, resumes, and a bucket server then serves the same bytes', async () => {
    const urls = await uploadPins(4);
    const disk = onDisk.media as DiskMediaStore;
    const keys = urls.map((u) => u.slice('/media/'.length));
    const bucket = new S3MediaStore(await s3.bucket('migrated'));

    // An earlier run was cut short: one object is there already (same size, so skipped: its bytes stay as they are);
    // another is there cut off (another size, so copied again).
    const already = (await disk.get(keys[0]!))!.data;
    const marker = Buffer.alloc(already.length, 7);
    await bucket.put(keys[0]!, marker, 'image/jpeg');
    await bucket.put(keys[1]!, Buffer.from('partial'), 'image/jpeg');

    // The app keeps serving from disk while the copy runs.
    let serving = true;
    const statuses: number[] = [];
    const reader = (async () => {
      while (serving) {
        for (const url of urls) statuses.push((await onDisk.client().request('GET', url)).statusCode);
        await new Promise((r) => setImmediate(r)); // answers from memory never wait for I/O: let the copy's I/O run
      }
    })();
    const first = await migrateDiskToS3(disk, bucket, { concurrency: 3 });
    serving = false;
    await reader;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200)).toBe(true);

    expect(first).toMatchObject({ copied: keys.length - 1, skipped: 1, failed: [] });
    expect((await bucket.get(keys[0]!))!.data.equals(marker)).toBe(true);
    for (const key of keys.slice(1)) expect((await bucket.get(key))!.data.equals((await disk.get(key))!.data), key).toBe(true);

    // Run again: nothing left to copy. One more upload since: only it is copied.
    expect(await migrateDiskToS3(disk, bucket)).toMatchObject({ copied: 0, skipped: keys.length, failed: [] });
    const later = await uploadPins(1);
    const second = await migrateDiskToS3(disk, bucket);
    expect(second.copied).toBe(later.length);

    // A server switched to the bucket (same database) serves what was on disk.
    await bucket.put(keys[0]!, already, 'image/jpeg'); // this test's stand-in bytes put back
    const env = { ...s3.env, S3_BUCKET: 'migrated' };
    const onBucket = await buildTestApp(env, { db: onDisk.db });
    try {
      for (const url of [...urls, ...later]) {
        const res = await onBucket.client().request('GET', url);
        expect(res.statusCode, url).toBe(200);
        expect(res.rawPayload.equals((await disk.get(url.slice('/media/'.length)))!.data), url).toBe(true);
      }
    } finally {
      await onBucket.close();
      bucket.close();
    }
  });

  it('the command copies DATA_DIR/media to the configured bucket and says what it did', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'migrate-cli-'));
    try {
      const disk = new (await import('../src/media-pipeline/disk-media-store')).DiskMediaStore(join(dataDir, 'media'));
      await disk.put('aa/bb/one.jpg', Buffer.from('one'), 'image/jpeg');
      writeFileSync(join(dataDir, 'media', 'aa', 'bb', 'two.jpg.123.tmp'), 'half-written');
      await s3.bucket('from-cli');
      const env = { ...process.env, ...s3.env, S3_BUCKET: 'from-cli', DATA_DIR: dataDir, NODE_NO_WARNINGS: '1' };
      const run = (args: string[]) =>
        promisify(execFile)('npx', ['tsx', 'apps/server/src/cli/media-migrate.ts', ...args], { env, cwd: join(__dirname, '../../..') });
      const out = await run(['--to', 's3']);
      expect(out.stdout).toMatch(/1 copied .*, 0 already in the bucket, 0 failed/);
      expect((await run(['--to', 's3'])).stdout).toMatch(/0 copied .*, 1 already in the bucket, 0 failed/);
      await expect(run([])).rejects.toMatchObject({ code: 2 });
      const bucket = new S3MediaStore({ ...s3.settings, bucket: 'from-cli' });
      expect((await bucket.get('aa/bb/one.jpg'))!.data.toString()).toBe('one');
      bucket.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // three runs of the command, each starting tsx
});
