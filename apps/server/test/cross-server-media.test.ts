/**
 * Two app servers on one database and one bucket, each with its own DATA_DIR (decision 052):
 * what one stores the other serves, byte for byte, under the same visibility rules.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { bucketKeys, startS3Server, type TestS3 } from './s3-server';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let s3: TestS3;
let a: TestApp;
let b: TestApp;
let owner: TestClient;
let visitorB: TestClient;

beforeAll(async () => {
  s3 = await startS3Server();
  // Neither server transcodes here: the queue's scheduling is not what this file tests.
  const env = { ...s3.env, VIDEO_TRANSCODE_CONCURRENCY: '0' };
  a = await buildTestApp(env);
  b = await buildTestApp(env, { db: a.db });
  owner = a.client();
  await owner.signUp({ email: 'two-servers@example.com', username: 'twoservers' });
  visitorB = b.client();
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(?:jpg|png|webp|gif|mp4|ts|m3u8|vtt|src)$/.test(e.name))
    .map((e) => e.name);
}

describe('two servers, one bucket', () => {
  it('an image Pin uploaded through A is served by B byte for byte, every rendition, from the bucket', async () => {
    const board = (await owner.resource('BoardResource', 'create', { name: 'Shared across servers' })).data;
    const jpeg = await makeTestImage({ width: 1400, height: 900, format: 'jpeg', seed: 11 });
    const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: 'Across' }, jpeg)).data;
    const urls = [...new Set(Object.values(pin.images as Record<string, { url: string }>).map((i) => i.url))];
    expect(urls.length).toBeGreaterThanOrEqual(5);
    const keys = await bucketKeys(a.media);
    for (const url of urls) {
      const key = url.slice('/media/'.length);
      expect(keys, key).toContain(key);
      const fromA = await a.client().request('GET', url);
      const fromB = await visitorB.request('GET', url);
      expect(fromB.statusCode, url).toBe(200);
      expect(fromB.rawPayload.equals(fromA.rawPayload), url).toBe(true);
      expect(fromB.rawPayload.equals((await a.media.get(key))!.data), url).toBe(true);
    }
    // Nothing went to either server's own folder.
    expect(filesUnder(a.config.dataDir)).toEqual([]);
    expect(filesUnder(b.config.dataDir)).toEqual([]);
  });

  it('a board made secret through A answers 404 on B for its images within a second', async () => {
    const board = (await owner.resource('BoardResource', 'create', { name: 'Soon secret' })).data;
    const jpeg = await makeTestImage({ width: 500, height: 400, format: 'jpeg', seed: 12 });
    const pin = (await owner.upload('PinResource', 'create', { board_id: board.id, title: 'Hide me' }, jpeg)).data;
    const url = pin.images['236x'].url as string;
    expect((await visitorB.request('GET', url)).statusCode).toBe(200);
    expect((await visitorB.request('GET', url)).statusCode).toBe(200); // now known public on B, and in its memory
    expect((await owner.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' })).httpStatus).toBe(200);
    const changed = Date.now();
    let status = 200;
    while (Date.now() - changed < 1000) {
      status = (await visitorB.request('GET', url)).statusCode;
      if (status === 404) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).toBe(404);
    expect(Date.now() - changed).toBeLessThan(1000);
  });

  it("a video's source uploaded through A is readable from B's store", async () => {
    const board = (await owner.resource('BoardResource', 'create', { name: 'Clips across' })).data;
    const mp4 = await makeTestVideo({ seconds: 1, width: 160, height: 120, audio: false });
    const made = await owner.upload('PinResource', 'create', { board_id: board.id, title: 'Clip' }, mp4, 'clip.mp4', 'video');
    expect(made.httpStatus).toBe(200);
    // The transcode job waits in the queue (B runs none here); it names the source's key.
    const job = (await a.jobs.jobs('transcode')).map((j) => j.data as { pin_id: string; source_key: string }).find((d) => d.pin_id === made.data.id);
    const dir = mkdtempSync(join(tmpdir(), 'cross-video-'));
    try {
      expect(await b.media.getToFile(job!.source_key, join(dir, 'source'))).toBe(true);
      expect(readFileSync(join(dir, 'source')).equals(mp4)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Its poster's renditions are served by B as well.
    const poster = made.data.images['236x'].url as string;
    expect((await visitorB.request('GET', poster)).statusCode).toBe(200);
  });
});
