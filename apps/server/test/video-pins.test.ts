/**
 * Video Pins end to end: a real short video made here is uploaded, the Pin
 * answers at once as processing, the transcode job makes it ready, and its
 * MP4 (in ranges), HLS playlists and segments are served under the image
 * visibility rules. Bad files are refused or marked failed, leaving nothing
 * behind.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { zPinOut, zPinPageOut } from '@pinboard/shared/schemas/entities';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
let boardId: string;
let secretBoardId: string;
let mp4: Buffer;

const uploadVideo = (c: TestClient, options: Record<string, unknown>, bytes: Buffer, filename = 'clip.mp4') =>
  c.upload('PinResource', 'create', options, bytes, filename, 'video');
/** Polls the Pin until it leaves `processing` (the job runs in the app's worker). */
const settled = (c: TestClient, id: string) => c.settled('PinResource', id);

function storedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.includes('_'))
    .map((e) => join(e.parentPath, e.name));
}

/** Transcode jobs still waiting or running in the job queue (a finished or failed one is not). */
async function jobCount() {
  return (await t.jobs.jobs('transcode')).filter((j) => j.state === 'created' || j.state === 'retry' || j.state === 'active').length;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  other = t.client();
  await owner.signUp({ email: 'vowner@example.com', username: 'vowner' });
  await other.signUp({ email: 'vother@example.com', username: 'vother' });
  boardId = (await owner.resource('BoardResource', 'create', { name: 'Clips' })).data.id;
  secretBoardId = (await owner.resource('BoardResource', 'create', { name: 'Hidden clips', privacy: 'secret' })).data.id;
  mp4 = await makeTestVideo({ seconds: 2, width: 320, height: 240, audio: true });
}, 60_000);
afterAll(() => t.close());

describe('a video Pin', () => {
  it('answers at once as processing, becomes ready, and serves its MP4, HLS playlists and segments', async () => {
    const made = await uploadVideo(owner, { board_id: boardId, title: 'Test pattern' }, mp4);
    expect(made.httpStatus).toBe(200);
    expect(made.data).toMatchObject({ is_video: true, video_status: 'processing', videos: null, title: 'Test pattern', width: 320, height: 240 });
    expect(Object.keys(made.data.images).sort()).toEqual(['1200x', '170x', '236x', '474x', '736x', 'orig']);
    zPinOut.parse(made.data);

    const pin = await settled(owner, made.data.id);
    zPinPageOut.parse(pin);
    expect(pin.video_status).toBe('ready');
    const list = pin.videos.video_list;
    expect(Object.keys(list).sort()).toEqual(['V_720P', 'V_HLSV3_MOBILE', 'V_HLSV4']);
    for (const r of Object.values(list) as { url: string; thumbnail: string; width: number; height: number; duration: number }[]) {
      expect(r).toMatchObject({ width: 320, height: 240, thumbnail: pin.images['736x'].url });
      expect(r.duration).toBeGreaterThanOrEqual(1900);
      expect(r.duration).toBeLessThanOrEqual(2200);
    }

    // The MP4, whole and in a range.
    const whole = await other.request('GET', list.V_720P.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const size = whole.rawPayload.length;
    const part = await other.request('GET', list.V_720P.url, { headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);
    const tail = await other.request('GET', list.V_720P.url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    expect((await other.request('GET', list.V_720P.url, { headers: { range: `bytes=${size}-` } })).statusCode).toBe(416);

    // No metadata survives: the encoder's own tag only.
    expect(whole.rawPayload.includes(Buffer.from('Lavf'))).toBe(true);

    // The master playlist names both renditions; each names its segments, which are MPEG-TS.
    const master = await other.request('GET', list.V_HLSV4.url);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    const rungs = master.body.split('\n').filter((l) => l.endsWith('.m3u8'));
    expect(rungs).toHaveLength(2);
    const mobile = await other.request('GET', list.V_HLSV3_MOBILE.url);
    expect(mobile.body.split('\n').filter((l) => l.endsWith('.m3u8'))).toHaveLength(1);
    const dir = list.V_HLSV4.url.slice(0, list.V_HLSV4.url.lastIndexOf('/') + 1);
    for (const rung of rungs) {
      const playlist = await other.request('GET', dir + rung);
      expect(playlist.statusCode).toBe(200);
      const segments = playlist.body.split('\n').filter((l) => l.endsWith('.ts'));
      expect(segments.length).toBeGreaterThan(0);
      const seg = await other.request('GET', dir + segments[0]);
      expect(seg.statusCode).toBe(200);
      expect(seg.headers['content-type']).toBe('video/mp2t');
      expect(seg.rawPayload[0]).toBe(0x47); // the MPEG-TS sync byte
    }

    // The upload itself is gone once transcoded, and no job is left.
    expect(storedFiles(t.config.dataDir).some((f) => f.endsWith('.src'))).toBe(false);
    expect(await jobCount()).toBe(0);
  }, 120_000);

  it('on a secret board: its video, playlists and segments answer 404 to everyone else', async () => {
    const made = await uploadVideo(owner, { board_id: secretBoardId }, mp4);
    expect(made.httpStatus).toBe(200);
    const pin = await settled(owner, made.data.id);
    expect(pin.video_status).toBe('ready');
    const list = pin.videos.video_list;
    const dir = list.V_HLSV4.url.slice(0, list.V_HLSV4.url.lastIndexOf('/') + 1);
    const rung = (await owner.request('GET', list.V_HLSV4.url)).body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const segment = (await owner.request('GET', dir + rung)).body.split('\n').find((l) => l.endsWith('.ts'))!;
    const urls = [list.V_720P.url, list.V_HLSV4.url, list.V_HLSV3_MOBILE.url, dir + rung, dir + segment];
    for (const url of urls) {
      expect((await owner.request('GET', url)).statusCode).toBe(200);
      expect((await other.request('GET', url)).statusCode).toBe(404);
      expect((await t.client().request('GET', url)).statusCode).toBe(404);
    }
    expect((await owner.request('GET', list.V_720P.url)).headers['cache-control']).toContain('private');
  }, 120_000);

  it('takes WebM too', async () => {
    const webm = await makeTestVideo({ seconds: 1, width: 160, height: 120, format: 'webm' });
    const made = await uploadVideo(owner, { board_id: boardId }, webm, 'clip.webm');
    expect(made.httpStatus).toBe(200);
    expect((await settled(owner, made.data.id)).video_status).toBe('ready');
  }, 120_000);

  it('when deleted, leaves no files and no job behind', async () => {
    const before = storedFiles(t.config.dataDir).length;
    const made = await uploadVideo(owner, { board_id: boardId }, mp4);
    await settled(owner, made.data.id);
    expect(storedFiles(t.config.dataDir).length).toBeGreaterThan(before);
    expect((await owner.resource('PinResource', 'delete', { id: made.data.id })).httpStatus).toBe(200);
    expect(storedFiles(t.config.dataDir).length).toBe(before);
    await t.jobsSettled('transcode');
    expect(await jobCount()).toBe(0);
  }, 120_000);
});

describe('bad videos', () => {
  async function refused(bytes: Buffer, filename: string) {
    const before = storedFiles(t.config.dataDir).length;
    const pinsBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins'))[0]!.n;
    const r = await uploadVideo(owner, { board_id: boardId }, bytes, filename);
    expect(r.httpStatus).toBeGreaterThanOrEqual(400);
    expect(r.httpStatus).toBeLessThan(500);
    expect(r.error?.field).toBe('video');
    expect(storedFiles(t.config.dataDir).length).toBe(before);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins'))[0]!.n).toBe(pinsBefore);
    expect(await jobCount()).toBe(0);
    return r;
  }

  it('refuses HTML named .mp4 by its bytes', async () => {
    const r = await refused(Buffer.from('<!doctype html><html><body>not a video</body></html>'), 'clip.mp4');
    expect(r.error?.code).toBe(ERROR_CODES.UNSUPPORTED_MEDIA.code);
  });

  it('refuses an empty file', async () => {
    const r = await refused(Buffer.alloc(0), 'empty.mp4');
    expect(r.httpStatus).toBe(400);
  });

  it('refuses an MP4 cut short before its index', async () => {
    const late = await makeTestVideo({ seconds: 2, width: 160, height: 120, faststart: false });
    await refused(late.subarray(0, Math.floor(late.length / 2)), 'cut.mp4');
  });

  it('refuses a video in a codec we do not take', async () => {
    const png = await makeTestVideo({ seconds: 1, width: 64, height: 48, format: 'mov-png', fps: 4 });
    const r = await refused(png, 'frames.mov');
    expect(r.error?.code).toBe(ERROR_CODES.UNSUPPORTED_MEDIA.code);
  });

  it('refuses a video over ten minutes', async () => {
    const long = await makeTestVideo({ seconds: 601, width: 16, height: 16, fps: 1, source: 'color=c=blue' });
    const r = await refused(long, 'long.mp4');
    expect(r.error?.message).toContain('10 minutes');
  }, 60_000);

  it('marks a video cut short after its index failed, with a reason; its owner retries it or deletes it', async () => {
    const full = await makeTestVideo({ seconds: 2, width: 320, height: 240 });
    // The index is whole, the pictures after the first second are missing: only decoding tells.
    const cut = full.subarray(0, Math.floor(full.length * 0.6));
    const r = await uploadVideo(owner, { board_id: boardId }, cut, 'cut.mp4');
    if (r.httpStatus !== 200) {
      expect(r.httpStatus).toBeGreaterThanOrEqual(400);
      expect(r.httpStatus).toBeLessThan(500);
      return;
    }
    const pin = await settled(owner, r.data.id);
    expect(pin.video_status).toBe('failed');
    expect(pin.video_failure_reason).toBeTruthy();
    await t.jobsSettled('transcode');
    expect(await jobCount()).toBe(0);
    // The job failed for good (the same file fails the same way again) and keeps the reason.
    const failedJob = (await t.jobs.jobs('transcode')).filter((j) => (j.data as { pin_id: string }).pin_id === pin.id);
    expect(failedJob.map((j) => [j.state, j.output?.message])).toEqual([['failed', pin.video_failure_reason]]);
    // Only its pinner may retry.
    expect((await other.resource('PinResource', 'update', { id: pin.id, retry_video: true })).httpStatus).toBe(403);
    const again = await owner.resource('PinResource', 'update', { id: pin.id, retry_video: true });
    expect(again.data.video_status).toBe('processing');
    expect((await settled(owner, pin.id)).video_status).toBe('failed');
    const before = storedFiles(t.config.dataDir).length;
    expect((await owner.resource('PinResource', 'delete', { id: pin.id })).httpStatus).toBe(200);
    expect(storedFiles(t.config.dataDir).length).toBeLessThan(before);
    await t.jobsSettled('transcode');
    expect(await jobCount()).toBe(0);
  }, 120_000);

  it('a retry of a video that did not fail is refused, naming the field', async () => {
    const made = await uploadVideo(owner, { board_id: boardId }, mp4);
    await settled(owner, made.data.id);
    const r = await owner.resource('PinResource', 'update', { id: made.data.id, retry_video: true });
    expect(r.httpStatus).toBe(400);
    expect(r.error?.message).toContain('retry_video');
  }, 120_000);
});
