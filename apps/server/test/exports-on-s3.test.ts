/**
 * A data export in a bucket (decision 096): the job writes the ZIP into the bucket the servers share, and the
 * owner's download works from any server, the same bytes from each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage } from '../src/seed/factories';
import { bucketKeys, startS3Server, type TestS3 } from './s3-server';
import { buildTestApp, type TestApp } from './test-app';

let s3: TestS3;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await buildTestApp(s3.env);
  b = await buildTestApp(s3.env, { db: a.db });
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

describe('an export in a bucket', () => {
  it('is written into the bucket and downloads from either server to its owner alone', async () => {
    const me = await a.person('Bucket Porter', 'exs3');
    const image = await makeStoredImage(a.media, { seed: 9631, width: 240, height: 180 });
    const board = await makeBoard(a.db, me.id, { name: 'In a bucket' });
    await makePin(a.db, { pinnerId: me.id, boardId: board.id, image, title: 'Bucket Pin' });

    const asked = await me.c.request('POST', '/v3/exports/', { payload: {} });
    expect(asked.statusCode).toBe(202);
    const { id } = (asked.json() as { data: { id: string } }).data;
    await a.jobsSettled('export');
    await b.jobsSettled('export');
    const [row] = await a.db.query<{ status: string; object_key: string }>('SELECT status, object_key FROM exports WHERE id = $1', [id]);
    expect(row!.status).toBe('done');
    expect(await bucketKeys(a.media)).toContain(row!.object_key);

    const fromA = await me.c.request('GET', `/v3/exports/${id}/download/`);
    // The same session on the other server.
    const onB = b.client();
    for (const [k, v] of me.c.cookies) onB.cookies.set(k, v);
    const fromB = await onB.request('GET', `/v3/exports/${id}/download/`);
    expect(fromA.statusCode).toBe(200);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromA.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const stranger = await b.person('Bucket Stranger', 'exs3');
    expect((await stranger.c.request('GET', `/v3/exports/${id}/download/`)).statusCode).toBe(404);
  });
});
