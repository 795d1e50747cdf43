/**
 * A client that retries a Pin create or a save (its answer lost, a timeout)
 * gets the first result back instead of a second Pin: the Pin creation
 * input's guid, or an Idempotency-Key header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let me: TestClient;
let board: string;
let jpeg: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  me = t.client();
  await me.signUp({ email: 'retry@example.com' });
  board = (await me.resource('BoardResource', 'create', { name: 'Retries' })).data.id;
  jpeg = await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 11 });
});
afterAll(() => t.close());

const pinsOnBoard = async () =>
  (await t.db.one<{ n: number; c: number }>('SELECT count(*)::int AS n, (SELECT pin_count FROM boards WHERE id = $1) AS c FROM pins WHERE board_id = $1', [
    board,
  ]))!;

describe('retried Pin creation', () => {
  it('with the same guid returns the first Pin and makes no second one', async () => {
    const before = await pinsOnBoard();
    const first = await me.upload('PinResource', 'create', { board_id: board, title: 'Once', guid: 'guid-1' }, jpeg);
    const again = await me.upload('PinResource', 'create', { board_id: board, title: 'Once', guid: 'guid-1' }, jpeg);
    expect(first.httpStatus).toBe(200);
    expect(again.httpStatus).toBe(200);
    expect(again.data.id).toBe(first.data.id);
    const after = await pinsOnBoard();
    expect(after.n).toBe(before.n + 1);
    expect(after.c).toBe(before.c + 1);
  });

  it('sent five times at once with one Idempotency-Key makes one Pin', async () => {
    const before = await pinsOnBoard();
    // A picture of its own: the same picture on the same board is answered its Pin whatever the key (decision 095).
    const burst = await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 12 });
    const body = `data:image/jpeg;base64,${burst.toString('base64')}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        me.request('POST', '/resource/PinResource/create/', {
          payload: { options: { board_id: board, title: 'Burst', image_base64: body } },
          headers: { 'idempotency-key': 'burst-key-1' },
        }),
      ),
    );
    const ids = new Set(answers.map((a) => a.json().resource_response.data?.id));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    expect((await pinsOnBoard()).n).toBe(before.n + 1);
    // No image files of the losing attempts are left behind.
    const keys = await t.db.query<{ media_base: string }>('SELECT DISTINCT media_base FROM pins');
    const { readdirSync } = await import('node:fs');
    const files = readdirSync((t.media as DiskMediaStore).root, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jpg') || f.endsWith('.webp'));
    const bases = new Set(files.map((f) => f.split('/').pop()!.split('_')[0] ?? ''));
    expect([...bases].filter((b) => !keys.some((k) => k.media_base.endsWith(b)))).toEqual([]);
  });

  it('keys are per person: another person with the same guid makes their own Pin', async () => {
    const other = t.client();
    await other.signUp({ email: 'retry-other@example.com' });
    const theirs = await other.upload('PinResource', 'create', { title: 'Mine', guid: 'guid-1' }, jpeg);
    expect(theirs.httpStatus).toBe(200);
    const mine = await t.db.one<{ id: string }>("SELECT id FROM pins WHERE client_guid = 'guid-1' AND pinner_id <> $1", [theirs.data.pinner.id]);
    expect(theirs.data.id).not.toBe(mine?.id);
  });
});

describe('a retried save', () => {
  it('with the same Idempotency-Key returns the first saved Pin and counts one save', async () => {
    const picture = await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 13 });
    const source = (await me.upload('PinResource', 'create', { title: 'Source' }, picture)).data.id;
    const save = () =>
      me.request('POST', '/resource/RepinResource/create/', {
        payload: { options: { pin_id: source, board_id: board } },
        headers: { 'idempotency-key': 'save-1' },
      });
    const [a, b] = await Promise.all([save(), save()]);
    const c = await save();
    const ids = new Set([a, b, c].map((r) => r.json().resource_response.data.id));
    expect(ids.size).toBe(1);
    expect((await t.db.one<{ repin_count: number }>('SELECT repin_count FROM pins WHERE id = $1', [source]))!.repin_count).toBe(1);
  });

  it('refuses a malformed Idempotency-Key, naming it', async () => {
    const res = await me.request('POST', '/resource/RepinResource/create/', {
      payload: { options: { pin_id: '1', board_id: board } },
      headers: { 'idempotency-key': 'has spaces in it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().resource_response.error.message).toMatch(/^Idempotency-Key: /);
  });
});
