/**
 * Moving between servers is one file (decisions 094, 096): a person's export
 * from one server, with its own database and media store, imported by them on
 * another, recreates the same boards (names, descriptions, who sees them),
 * sections and Pins (title, description, link, board, section, saved date),
 * each made from its original picture byte for byte (the new Pin's content
 * hash is the old original's); importing it again adds nothing.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeBoard, makePin, makeSection, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let from: TestApp;
let to: TestApp;

beforeAll(async () => {
  [from, to] = await Promise.all([buildTestApp(), buildTestApp()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([from?.close(), to?.close()]);
});

async function upload(c: TestClient, file: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([file]), 'pinboard-export.zip');
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  const payload = Buffer.from(await encoded.arrayBuffer());
  const res = await c.request('POST', '/v3/imports/', { payload, headers: { 'content-type': encoded.headers.get('content-type') ?? '' } });
  expect(res.statusCode).toBe(202);
  return (res.json() as { data: { id: string } }).data.id;
}

async function importDone(c: TestClient, id: string) {
  let last: { status: string; pins_imported: number; boards_created: number } | null = null;
  await vi.waitFor(
    async () => {
      last = ((await c.request('GET', `/v3/imports/${id}/`)).json() as { data: NonNullable<typeof last> }).data;
      expect(last.status).toBe('done');
    },
    { timeout: 60_000, interval: 50 },
  );
  return last!;
}

/** What a person's content is, without ids: boards with their sections, and Pins with where they are. */
async function contentOf(t: TestApp, userId: string) {
  const boards = await t.db.query<{ name: string; description: string; privacy: string; sections: string[] | null }>(
    `SELECT b.name, b.description, b.privacy,
       (SELECT array_agg(s.title ORDER BY s.title) FROM board_sections s WHERE s.board_id = b.id) AS sections
     FROM boards b WHERE b.owner_id = $1 AND b.deleted_at IS NULL ORDER BY b.name`,
    [userId],
  );
  const pins = await t.db.query<{
    title: string;
    description: string;
    link: string;
    board: string | null;
    section: string | null;
    saved: Date;
    images: { orig?: { url: string } };
  }>(
    `SELECT p.title, p.description, p.link, b.name AS board, s.title AS section, p.created_at AS saved, p.images
     FROM pins p LEFT JOIN boards b ON b.id = p.board_id LEFT JOIN board_sections s ON s.id = p.section_id
     WHERE p.pinner_id = $1 ORDER BY p.title`,
    [userId],
  );
  return { boards, pins };
}

/** The original picture of a Pin as its server's media store holds it. */
async function originalOf(t: TestApp, images: { orig?: { url: string } }) {
  const url = images.orig!.url;
  const stored = await t.media.get(url.slice(url.indexOf('/media/') + '/media/'.length));
  return stored?.data ?? null;
}

describe('moving to another server', () => {
  it('recreates the same boards, sections and Pins with their pictures from one export file; a second import adds nothing', async () => {
    const mover = await from.person('Mona Mover', 'mv');
    const pictures: StoredImage[] = [];
    for (const seed of [7101, 7102, 7103, 7104]) pictures.push(await makeStoredImage(from.media, { seed, width: 320, height: 400 }));
    const kitchen = await makeBoard(from.db, mover.id, { name: 'Kitchen ideas', description: 'Warm wood and brass' });
    const secret = await makeBoard(from.db, mover.id, { name: 'Gift plans', privacy: 'secret' });
    const shelves = await makeSection(from.db, kitchen.id, 'Shelves');
    const day = (d: number) => new Date(Date.UTC(2023, 4, d, 9, 30));
    await makePin(from.db, {
      pinnerId: mover.id,
      boardId: kitchen.id,
      sectionId: shelves,
      image: pictures[0]!,
      title: 'Open shelf',
      description: 'Oak',
      link: 'https://example.com/shelf',
      createdAt: day(1),
    });
    await makePin(from.db, { pinnerId: mover.id, boardId: kitchen.id, image: pictures[1]!, title: 'Brass tap', createdAt: day(2) });
    await makePin(from.db, { pinnerId: mover.id, boardId: secret.id, image: pictures[2]!, title: 'Scarf for Ann', createdAt: day(3) });
    await makePin(from.db, { pinnerId: mover.id, boardId: secret.id, image: pictures[3]!, title: 'Book for Ben', createdAt: day(4) });

    const requested = await mover.c.request('POST', '/v3/exports/', { payload: {} });
    expect(requested.statusCode).toBe(202);
    const exportId = (requested.json() as { data: { id: string } }).data.id;
    await from.jobsSettled('export');
    const zip = await mover.c.request('GET', `/v3/exports/${exportId}/download/`);
    expect(zip.statusCode).toBe(200);
    const file = zip.rawPayload;

    const arrived = await to.person('Mona Mover', 'mv');
    const first = await importDone(arrived.c, await upload(arrived.c, file));
    expect(first).toMatchObject({ pins_imported: 4, boards_created: 2 });

    const before = await contentOf(from, mover.id);
    const after = await contentOf(to, arrived.id);
    expect(after.boards).toEqual(before.boards);
    const facts = (p: (typeof before.pins)[number]) => ({ ...p, images: undefined, saved: p.saved.toISOString() });
    expect(after.pins.map(facts)).toEqual(before.pins.map(facts));
    const hashes = await to.db.query<{ title: string; sha: string }>(
      `SELECT title, encode(content_sha256, 'hex') AS sha FROM pins WHERE pinner_id = $1 ORDER BY title`,
      [arrived.id],
    );
    for (const [i, pin] of before.pins.entries()) {
      const original = await originalOf(from, pin.images);
      expect(hashes[i]).toEqual({ title: pin.title, sha: createHash('sha256').update(original!).digest('hex') });
    }

    await to.jobsSettled('notify', 'mail');
    const again = await importDone(arrived.c, await upload(arrived.c, file));
    expect(again.pins_imported).toBe(0);
    expect((await contentOf(to, arrived.id)).pins).toHaveLength(4);
    expect((await contentOf(to, arrived.id)).boards).toHaveLength(2);
  });
});
