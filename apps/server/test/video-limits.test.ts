/**
 * The 10-minute limit holds whatever a video's container says (decision
 * 056): a 12-minute WebM whose header claims 5 s is refused at upload by its
 * packets' timestamps, a transcode stops at the limit and fails instead of
 * running to the end, and the upload budget is taken before the file is
 * written or probed.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { VIDEO_MAX_DURATION_MS } from '@pinboard/shared/constants/limits';
import { findVideoTools, runTool, type VideoTools } from '../src/media-pipeline/ffmpeg';
import { packetDurationMs, probeVideo, VideoRejectedError } from '../src/media-pipeline/probe-video';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { transcodeVideo } from '../src/media-pipeline/transcode-video';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let tools: VideoTools;
let dir: string;
let lying: Buffer;
let lyingFile: string;
let mp4: Buffer;

/** A WebM whose Segment Info says it lasts `claimedMs`: its Duration element (0x4489, an 8-byte float of milliseconds) rewritten. */
function withClaimedDuration(webm: Buffer, claimedMs: number): Buffer {
  const out = Buffer.from(webm);
  const at = out.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0 || at > 4096) throw new Error('no Duration element in the WebM header');
  out.writeDoubleBE(claimedMs, at + 3);
  return out;
}

beforeAll(async () => {
  tools = findVideoTools()!;
  expect(tools).toBeTruthy();
  dir = await mkdtemp(path.join(tmpdir(), 'pinboard-video-limits-'));
  // Twelve minutes of 32×24 pictures at one a second: small and quick to make, long by its packets.
  lying = withClaimedDuration(await makeTestVideo({ seconds: 12 * 60, width: 32, height: 24, format: 'webm', fps: 1 }), 5000);
  lyingFile = path.join(dir, 'lying.webm');
  await writeFile(lyingFile, lying);
  mp4 = await makeTestVideo({ seconds: 1, width: 64, height: 48 });
  t = await buildTestApp({ RATE_LIMIT_VIDEO_UPLOAD: '2', VIDEO_TRANSCODE_CONCURRENCY: '0' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a video whose header lies about its length', () => {
  it('says 5 s in its header and lasts 12 minutes by its packets', async () => {
    const header = await runTool(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', lyingFile], { timeoutMs: 20_000 });
    expect(Number(header.toString().trim())).toBe(5);
    expect(await packetDurationMs(tools, lyingFile)).toBe(12 * 60 * 1000);
  });

  it('is refused by the probe, and at upload before any Pin or job is made', async () => {
    await expect(probeVideo(tools, lyingFile)).rejects.toMatchObject({ reason: 'too_long' });
    const c = t.client();
    await c.signUp({ email: 'liar@example.com', username: 'liar' });
    const jobs = async () => (await t.jobs.jobs('transcode')).length;
    const before = await jobs();
    const res = await c.upload('PinResource', 'create', {}, lying, 'clip.webm', 'video');
    expect([res.httpStatus, res.error?.field, res.error?.message_key]).toEqual([400, 'video', 'media.videoTooLong']);
    expect(await jobs()).toBe(before);
  });

  it('stops a transcode at the limit and fails it, never transcoding to the end', async () => {
    const out = await mkdtemp(path.join(dir, 'out-'));
    const started = Date.now();
    // The limit lowered to 20 s: the pass must stop about there, not run 12 minutes of pictures.
    const failed = await transcodeVideo(tools, lyingFile, { width: 32, height: 24, hasAudio: false }, out, 'v', {
      timeoutMs: 120_000,
      maxDurationMs: 20_000,
    }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(failed).toBeInstanceOf(VideoRejectedError);
    expect((failed as VideoRejectedError).reason).toBe('too_long');
    // Only the capped first pass was written: no HLS rendition was started.
    const files = await readdir(out);
    expect(files).toEqual(['v_720p.mp4']);
    const written = await packetDurationMs(tools, path.join(out, 'v_720p.mp4'));
    expect(written).toBeLessThanOrEqual(21_100);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('transcodes a video within the limit as before', async () => {
    const out = await mkdtemp(path.join(dir, 'ok-'));
    const source = path.join(dir, 'ok.mp4');
    await writeFile(source, mp4);
    const done = await transcodeVideo(tools, source, { width: 64, height: 48, hasAudio: false }, out, 'v', {
      timeoutMs: 120_000,
      maxDurationMs: VIDEO_MAX_DURATION_MS,
    });
    expect(done.durationMs).toBeGreaterThan(900);
    expect(done.durationMs).toBeLessThan(1200);
    expect(done.files.map((f) => f.name)).toEqual(expect.arrayContaining(['v_720p.mp4', 'v_hlsv4.m3u8', 'v_hlsv3.m3u8', 'v_hls720.m3u8', 'v_hls360.m3u8']));
  }, 120_000);
});

describe('the video upload budget', () => {
  it('is taken before the upload is written or probed: refused files count, and past it nothing is probed', async () => {
    const c: TestClient = t.client();
    await c.signUp({ email: 'budget@example.com', username: 'budget' });
    const junk = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(512, 0x42)]);
    // Two refused uploads spend the budget of two...
    for (let i = 0; i < 2; i++) expect((await c.upload('PinResource', 'create', {}, junk, 'clip.webm', 'video')).httpStatus).toBe(400);
    // ...so a good video is refused, and so is junk, before either is probed.
    for (const [bytes, name] of [
      [mp4, 'clip.mp4'],
      [junk, 'clip.webm'],
    ] as const) {
      const res = await c.upload('PinResource', 'create', {}, bytes, name, 'video');
      expect([res.httpStatus, res.code ?? res.error?.code]).toEqual([429, ERROR_CODES.RATE_LIMITED.code]);
    }
    const page = await c.upload('StoryPinMediaResource', 'create', {}, mp4, 'clip.mp4', 'video');
    expect(page.httpStatus).toBe(429);
    // Images are not videos: their own budget.
    expect((await c.upload('StoryPinMediaResource', 'create', {}, null)).httpStatus).toBe(400);
  });
});
