/**
 * A video Pin with its media in a bucket (decision 052): the transcode copies its source out of
 * the bucket, runs ffmpeg on local files and puts the MP4 and HLS files back; a second server
 * on the same database and bucket serves them, the MP4 in byte ranges read from the bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { bucketKeys, startS3Server, type TestS3 } from './s3-server';
import { buildTestApp, type TestApp } from './test-app';

let s3: TestS3;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await buildTestApp(s3.env); // transcodes (one at a time, the default)
  b = await buildTestApp({ ...s3.env, VIDEO_TRANSCODE_CONCURRENCY: '0' }, { db: a.db });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

describe('a video Pin in a bucket', () => {
  it('is transcoded from the bucket into the bucket, and served by another server in ranges', async () => {
    const owner = a.client();
    await owner.signUp({ email: 'video-s3@example.com', username: 'videos3' });
    const board = (await owner.resource('BoardResource', 'create', { name: 'Clips in a bucket' })).data;
    const mp4 = await makeTestVideo({ seconds: 2, width: 320, height: 240, audio: true });
    const made = await owner.upload('PinResource', 'create', { board_id: board.id, title: 'Bucket clip' }, mp4, 'clip.mp4', 'video');
    expect(made.httpStatus).toBe(200);
    const pin = await owner.settled('PinResource', made.data.id);
    expect(pin.video_status).toBe('ready');
    const list = pin.videos.video_list;

    const keys = await bucketKeys(a.media);
    expect(keys).toContain(list.V_720P.url.slice('/media/'.length));
    expect(keys.some((k) => k.endsWith('.ts'))).toBe(true);
    expect(keys.some((k) => k.endsWith('.src'))).toBe(false); // the upload is gone once transcoded

    const viewer = b.client();
    const whole = await viewer.request('GET', list.V_720P.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const size = whole.rawPayload.length;
    const part = await viewer.request('GET', list.V_720P.url, { headers: { range: 'bytes=100-4195' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4195/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 4196))).toBe(true);
    const tail = await viewer.request('GET', list.V_720P.url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);
    expect((await viewer.request('GET', list.V_720P.url, { headers: { range: `bytes=${size}-` } })).statusCode).toBe(416);

    const master = await viewer.request('GET', list.V_HLSV4.url);
    expect(master.statusCode).toBe(200);
    const dir = list.V_HLSV4.url.slice(0, list.V_HLSV4.url.lastIndexOf('/') + 1);
    const rung = master.body.split('\n').find((l) => l.endsWith('.m3u8'))!;
    const playlist = await viewer.request('GET', dir + rung);
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const seg = await viewer.request('GET', dir + segment);
    expect(seg.statusCode).toBe(200);
    expect(seg.rawPayload[0]).toBe(0x47); // the MPEG-TS sync byte
  }, 180_000);
});
