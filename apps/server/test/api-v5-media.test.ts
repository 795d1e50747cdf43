/**
 * API v5 media uploads and video Pins (decision 100): `POST /v5/media` answers an absolute upload_url and form
 * fields; the file is posted there as a multipart part without a filename (no bearer token: the `policy` field is
 * the upload's own token); `GET /v5/media/{id}` goes registered → succeeded (or failed); `media_source.video_id`
 * makes a video Pin through the creation pipeline, its poster `cover_image_url` when given.
 */
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { buildTestApp, type TestApp } from './test-app';
import { personWithToken, v5 } from './api-v5-client';

let t: TestApp;
let fixture: Server;
let base: string;
let mp4: Buffer;
let cover: Buffer;

beforeAll(async () => {
  mp4 = await makeTestVideo({ seconds: 1, width: 160, height: 120, audio: false });
  cover = await makeTestImage({ width: 200, height: 300, format: 'jpeg', seed: 21 });
  fixture = createServer((req, res) => {
    if (req.url === '/cover.jpg') {
      res.setHeader('content-type', 'image/jpeg');
      res.end(cover);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  t = await buildTestApp({ FETCH_ALLOW_PRIVATE_ADDRESSES: 'true', SIGNUP_RATE_LIMIT_CLIENT: '500' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fixture.close(r));
});

/** A multipart body as Pinterest's quick-starts post it: the upload_parameters as fields, then the file as `file`, with no filename. */
function uploadForm(fields: Record<string, string>, file: Buffer | null, fileHeaders = '') {
  const boundary = '----v5form' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"\r\n${fileHeaders}\r\n`), file, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function postUpload(uploadUrl: string, fields: Record<string, string>, file: Buffer | null, fileHeaders = '') {
  const { payload, contentType } = uploadForm(fields, file, fileHeaders);
  const url = new URL(uploadUrl);
  const res = await t.app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': contentType }, payload });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

/** Reads the upload's status until it is no longer registered or processing. */
async function settledStatus(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await v5(t, token, 'GET', `/v5/media/${id}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'registered' && res.body.status !== 'processing') return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`media ${id} never settled`);
}

describe('API v5 media uploads', () => {
  it('registers an upload, takes its file without a filename, and makes a video Pin of it with its cover image', async () => {
    const p = await personWithToken(t, 'Vic Video');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Clips' })).body.id as string;
    const registered = await v5(t, p.token, 'POST', '/v5/media', { media_type: 'video' });
    expect(registered.status).toBe(201);
    const { media_id: id, upload_url: uploadUrl, upload_parameters: fields } = registered.body;
    expect(registered.body.media_type).toBe('video');
    expect(uploadUrl).toBe(`${t.config.publicUrl}/v5/media/uploads/${id}`);
    expect(Object.keys(fields).sort()).toEqual(['key', 'policy']);
    expect((await v5(t, p.token, 'GET', `/v5/media/${id}`)).body).toEqual({ media_id: id, media_type: 'video', status: 'registered' });

    // A wrong policy is refused and leaves the upload waiting; no file is a 400.
    expect((await postUpload(uploadUrl, { ...fields, policy: 'wrong' }, mp4)).status).toBe(403);
    expect((await postUpload(uploadUrl, fields, null)).status).toBe(400);
    expect((await v5(t, p.token, 'GET', `/v5/media/${id}`)).body.status).toBe('registered');
    // The file part has neither a filename nor a content type.
    expect((await postUpload(uploadUrl, fields, mp4)).status).toBe(204);
    expect(await settledStatus(p.token, id)).toEqual({ media_id: id, media_type: 'video', status: 'succeeded' });
    // Once received, the address takes no other file.
    expect((await postUpload(uploadUrl, fields, mp4)).status).toBe(403);

    const made = await v5(t, p.token, 'POST', '/v5/pins', {
      board_id: board,
      title: 'A clip',
      media_source: { source_type: 'video_id', media_id: id, cover_image_url: `${base}/cover.jpg` },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: 'A clip', creative_type: 'VIDEO', media: { media_type: 'video', width: 160, height: 120 } });
    // Its poster is the cover image given, whole.
    expect(made.body.media.images['1200x']).toMatchObject({ width: 200, height: 300 });
    expect(made.body.media.cover_image_url).toBe(made.body.media.images['1200x'].url);
    // An upload makes one Pin.
    const again = await v5(t, p.token, 'POST', '/v5/pins', { board_id: board, media_source: { source_type: 'video_id', media_id: id } });
    expect([again.status, again.body.message]).toEqual([400, 'media_source.media_id: a Pin already uses this media upload.']);
    // The transcode runs on the queue; then the Pin names its video.
    await t.jobsSettled('transcode');
    const ready = await v5(t, p.token, 'GET', `/v5/pins/${made.body.id}`);
    expect(ready.body.media.video_url).toMatch(new RegExp(`^${t.config.publicUrl}/media/.+\\.mp4$`));
  }, 60_000);

  it('a file that is no video fails; an upload not yet succeeded makes no Pin; another person reads none of it', async () => {
    const p = await personWithToken(t, 'Fay Fails');
    const other = await personWithToken(t, 'Gus Guest');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Nothing' })).body.id as string;
    const waiting = (await v5(t, p.token, 'POST', '/v5/media', { media_type: 'video' })).body;
    const early = await v5(t, p.token, 'POST', '/v5/pins', { board_id: board, media_source: { source_type: 'video_id', media_id: waiting.media_id } });
    expect([early.status, early.body.message]).toEqual([400, 'media_source.media_id: this media upload is registered, not ready for a Pin.']);
    const bad = (await v5(t, p.token, 'POST', '/v5/media', { media_type: 'video' })).body;
    expect((await postUpload(bad.upload_url, bad.upload_parameters, Buffer.from('not a video at all'), 'Content-Type: video/mp4\r\n')).status).toBe(204);
    expect((await settledStatus(p.token, bad.media_id)).status).toBe('failed');
    expect((await v5(t, p.token, 'POST', '/v5/pins', { board_id: board, media_source: { source_type: 'video_id', media_id: bad.media_id } })).status).toBe(400);
    expect((await v5(t, other.token, 'GET', `/v5/media/${bad.media_id}`)).status).toBe(404);
    const otherBoard = (await v5(t, other.token, 'POST', '/v5/boards', { name: 'Theirs' })).body.id as string;
    const taken = await v5(t, other.token, 'POST', '/v5/pins', { board_id: otherBoard, media_source: { source_type: 'video_id', media_id: waiting.media_id } });
    expect([taken.status, taken.body.message]).toEqual([400, 'media_source.media_id: you have no media upload with that id.']);
    expect((await v5(t, p.token, 'GET', '/v5/media/123')).status).toBe(404);
  });
});

describe('the housekeeping', () => {
  it('removes uploads untouched for a week with their stored files, and keeps newer ones', async () => {
    const p = await personWithToken(t, 'Ola Old Uploads');
    const register = async () => (await v5(t, p.token, 'POST', '/v5/media', { media_type: 'video' })).body;
    const old = await register();
    expect((await postUpload(old.upload_url, old.upload_parameters, mp4)).status).toBe(204);
    expect((await settledStatus(p.token, old.media_id)).status).toBe('succeeded');
    const never = await register();
    const fresh = await register();
    const key = (await t.db.one<{ source_key: string }>('SELECT source_key FROM api_media_uploads WHERE id = $1', [old.media_id]))!.source_key;
    expect(key).toBeTruthy();
    await t.db.query(`UPDATE api_media_uploads SET updated_at = now() - interval '8 days' WHERE id = ANY($1::bigint[])`, [[old.media_id, never.media_id]]);

    expect(await t.services.apiV5Uploads.purgeStale()).toBeGreaterThanOrEqual(2);
    expect((await v5(t, p.token, 'GET', `/v5/media/${old.media_id}`)).status).toBe(404);
    expect((await v5(t, p.token, 'GET', `/v5/media/${never.media_id}`)).status).toBe(404);
    expect((await v5(t, p.token, 'GET', `/v5/media/${fresh.media_id}`)).body.status).toBe('registered');
    expect(await t.media.getToFile(key, `${tmpdir()}/pinboard-purged-upload-${old.media_id}`)).toBe(false);
  });
});
