/**
 * API v5 boards and sections (decision 100): the account, boards and sections read and changed through the
 * boards and sections services; a person's own secret board needs boards:read_secret (and boards:write_secret
 * to change), another person's secret board answers 404 like a missing one; Pinterest's paging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeSection, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';
import { ALL_SCOPES, PUBLIC_SCOPES, personWithToken, tokenFor, v5 } from './api-v5-client';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500' });
  image = await makeStoredImage(t.media, { width: 300, height: 200 });
});
afterAll(async () => {
  await t?.close();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('API v5 account and boards', () => {
  it("answers the token's person as an Account", async () => {
    const p = await personWithToken(t, 'Una Account');
    const res = await v5(t, p.token, 'GET', '/v5/user_account');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, username: p.username, account_type: 'PINNER', board_count: 0, pin_count: 0, follower_count: 0 });
  });

  it('creates, reads, changes and deletes a board; boards carry owner.username and an ISO created_at', async () => {
    const p = await personWithToken(t, 'Bo Boards');
    const made = await v5(t, p.token, 'POST', '/v5/boards', { name: 'Summer recipes', description: 'Light food', privacy: 'PUBLIC' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Summer recipes', description: 'Light food', privacy: 'PUBLIC', owner: { username: p.username }, pin_count: 0 });
    expect(made.body.created_at).toMatch(ISO);
    expect(made.body.id).toMatch(/^\d+$/);
    const read = await v5(t, p.token, 'GET', `/v5/boards/${made.body.id}`);
    expect(read.body).toMatchObject({ id: made.body.id, owner: { username: p.username } });
    expect(read.body.created_at).toMatch(ISO);
    const changed = await v5(t, p.token, 'PATCH', `/v5/boards/${made.body.id}`, { name: 'Winter recipes', description: null });
    expect([changed.status, changed.body.name, changed.body.description]).toEqual([200, 'Winter recipes', null]);
    // The web app sees the same board: one service.
    expect((await p.c.resource('BoardResource', 'get', { board_id: made.body.id })).data.name).toBe('Winter recipes');
    const listed = await v5(t, p.token, 'GET', '/v5/boards');
    expect(listed.body.items.map((b: { id: string }) => b.id)).toEqual([made.body.id]);
    expect(listed.body.bookmark).toBeNull();
    expect((await v5(t, p.token, 'DELETE', `/v5/boards/${made.body.id}`)).status).toBe(204);
    expect((await v5(t, p.token, 'GET', `/v5/boards/${made.body.id}`)).status).toBe(404);
    // A name the person already uses is the service's refusal, in v5's shape.
    await v5(t, p.token, 'POST', '/v5/boards', { name: 'Twice' });
    const twice = await v5(t, p.token, 'POST', '/v5/boards', { name: 'Twice' });
    expect([twice.status, Object.keys(twice.body).sort()]).toEqual([409, ['code', 'message']]);
  });

  it("shows one's own secret board only with boards:read_secret, and changes it only with boards:write_secret", async () => {
    const p = await personWithToken(t, 'Sid Secret');
    const open = await tokenFor(t, p, PUBLIC_SCOPES);
    const secret = await makeBoard(t.db, p.id, { name: 'Surprise party', privacy: 'secret' });
    const pub = await makeBoard(t.db, p.id, { name: 'Open board' });
    expect((await v5(t, p.token, 'GET', `/v5/boards/${secret.id}`)).body).toMatchObject({ id: secret.id, privacy: 'SECRET' });
    expect((await v5(t, open, 'GET', `/v5/boards/${secret.id}`)).status).toBe(404);
    const all = await v5(t, p.token, 'GET', '/v5/boards');
    expect(all.body.items.map((b: { id: string }) => b.id).sort()).toEqual([secret.id, pub.id].sort());
    const shown = await v5(t, open, 'GET', '/v5/boards');
    expect(shown.body.items.map((b: { id: string }) => b.id)).toEqual([pub.id]);
    expect((await v5(t, open, 'GET', '/v5/boards?privacy=SECRET')).status).toBe(403);
    expect((await v5(t, p.token, 'GET', '/v5/boards?privacy=SECRET')).body.items.map((b: { id: string }) => b.id)).toEqual([secret.id]);
    // Its Pins and sections likewise.
    expect((await v5(t, open, 'GET', `/v5/boards/${secret.id}/pins`)).status).toBe(404);
    expect((await v5(t, open, 'GET', `/v5/boards/${secret.id}/sections`)).status).toBe(404);
    expect((await v5(t, p.token, 'GET', `/v5/boards/${secret.id}/pins`)).status).toBe(200);
    // Writing to it, or making a board secret, needs boards:write_secret.
    const noWriteSecret = await tokenFor(
      t,
      p,
      ALL_SCOPES.filter((s) => s !== 'boards:write_secret'),
    );
    expect((await v5(t, noWriteSecret, 'PATCH', `/v5/boards/${secret.id}`, { description: 'x' })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'PATCH', `/v5/boards/${pub.id}`, { privacy: 'SECRET' })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'POST', '/v5/boards', { name: 'Hidden', privacy: 'SECRET' })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'POST', `/v5/boards/${secret.id}/sections`, { name: 'Guests' })).status).toBe(403);
    expect((await v5(t, noWriteSecret, 'DELETE', `/v5/boards/${secret.id}`)).status).toBe(403);
    expect((await v5(t, p.token, 'PATCH', `/v5/boards/${secret.id}`, { description: 'x' })).status).toBe(200);
    expect((await v5(t, p.token, 'POST', '/v5/boards', { name: 'Hidden', privacy: 'SECRET' })).body.privacy).toBe('SECRET');
  });

  it("answers another person's secret board 404 exactly like a missing one, even with every scope", async () => {
    const owner = await t.person('Olive Owner', 'v5');
    const other = await personWithToken(t, 'Otto Other');
    const secret = await makeBoard(t.db, owner.id, { name: 'Not yours', privacy: 'secret' });
    const section = await makeSection(t.db, secret.id, 'Inside');
    const missing = await v5(t, other.token, 'GET', '/v5/boards/123456789');
    for (const [method, url, body] of [
      ['GET', `/v5/boards/${secret.id}`],
      ['GET', `/v5/boards/${secret.id}/pins`],
      ['GET', `/v5/boards/${secret.id}/sections`],
      ['GET', `/v5/boards/${secret.id}/sections/${section}/pins`],
      ['PATCH', `/v5/boards/${secret.id}`, { name: 'Mine now' }],
      ['DELETE', `/v5/boards/${secret.id}`],
      ['POST', `/v5/boards/${secret.id}/sections`, { name: 'Mine' }],
      ['PATCH', `/v5/boards/${secret.id}/sections/${section}`, { name: 'Mine' }],
      ['DELETE', `/v5/boards/${secret.id}/sections/${section}`],
    ] as const) {
      const res = await v5(t, other.token, method, url, body);
      expect([method, url, res.status, res.body]).toEqual([method, url, 404, missing.body]);
    }
  });

  it("refuses changes to another person's public board as the boards service does (403), and reads it", async () => {
    const owner = await t.person('Pat Public', 'v5');
    const other = await personWithToken(t, 'Quinn Quick');
    const board = await makeBoard(t.db, owner.id, { name: 'Everyone sees' });
    const section = await makeSection(t.db, board.id, 'Part one');
    expect((await v5(t, other.token, 'GET', `/v5/boards/${board.id}`)).body).toMatchObject({ owner: { username: owner.username } });
    expect((await v5(t, other.token, 'PATCH', `/v5/boards/${board.id}`, { name: 'Taken' })).status).toBe(403);
    expect((await v5(t, other.token, 'DELETE', `/v5/boards/${board.id}`)).status).toBe(403);
    expect((await v5(t, other.token, 'POST', `/v5/boards/${board.id}/sections`, { name: 'Mine' })).status).toBe(403);
    expect((await v5(t, other.token, 'PATCH', `/v5/boards/${board.id}/sections/${section}`, { name: 'Mine' })).status).toBe(403);
    expect((await v5(t, other.token, 'DELETE', `/v5/boards/${board.id}/sections/${section}`)).status).toBe(403);
    expect((await v5(t, other.token, 'GET', `/v5/boards/${board.id}/sections`)).body.items).toEqual([{ id: section, name: 'Part one' }]);
  });
});

describe('API v5 sections', () => {
  it("creates, lists, renames and deletes a board's sections, and reads a section's Pins", async () => {
    const p = await personWithToken(t, 'Sue Sections');
    const board = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Garden' })).body.id as string;
    const made = await v5(t, p.token, 'POST', `/v5/boards/${board}/sections`, { name: 'Roses' });
    expect([made.status, made.body]).toEqual([201, { id: expect.stringMatching(/^\d+$/), name: 'Roses' }]);
    await v5(t, p.token, 'POST', `/v5/boards/${board}/sections`, { name: 'Tulips' });
    await v5(t, p.token, 'POST', `/v5/boards/${board}/sections`, { name: 'Herbs' });
    const first = await v5(t, p.token, 'GET', `/v5/boards/${board}/sections?page_size=2`);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.bookmark).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await v5(t, p.token, 'GET', `/v5/boards/${board}/sections?page_size=2&bookmark=${first.body.bookmark}`);
    expect([second.body.items.length, second.body.bookmark]).toEqual([1, null]);
    expect([...first.body.items, ...second.body.items].map((s: { name: string }) => s.name).sort()).toEqual(['Herbs', 'Roses', 'Tulips']);
    const renamed = await v5(t, p.token, 'PATCH', `/v5/boards/${board}/sections/${made.body.id}`, { name: 'Climbing roses' });
    expect(renamed.body).toEqual({ id: made.body.id, name: 'Climbing roses' });
    await makePin(t.db, { pinnerId: p.id, boardId: board, sectionId: made.body.id, image });
    const pins = await v5(t, p.token, 'GET', `/v5/boards/${board}/sections/${made.body.id}/pins`);
    expect([pins.status, pins.body.items.length, pins.body.bookmark]).toEqual([200, 1, null]);
    // A section of another board in the path is missing.
    const otherBoard = (await v5(t, p.token, 'POST', '/v5/boards', { name: 'Kitchen' })).body.id as string;
    expect((await v5(t, p.token, 'GET', `/v5/boards/${otherBoard}/sections/${made.body.id}/pins`)).status).toBe(404);
    expect((await v5(t, p.token, 'DELETE', `/v5/boards/${otherBoard}/sections/${made.body.id}`)).status).toBe(404);
    expect((await v5(t, p.token, 'DELETE', `/v5/boards/${board}/sections/${made.body.id}`)).status).toBe(204);
    expect((await v5(t, p.token, 'GET', `/v5/boards/${board}/sections`)).body.items.map((s: { name: string }) => s.name).sort()).toEqual(['Herbs', 'Tulips']);
  });
});

describe('API v5 paging', () => {
  it('pages more than 250 Pins by page_size (at most 250, default 25) and a URL-safe bookmark; the last page has none', async () => {
    const p = await personWithToken(t, 'Paige Pages');
    const board = await makeBoard(t.db, p.id, { name: 'Many' });
    const made = new Set<string>();
    for (let i = 0; i < 260; i++) made.add(await makePin(t.db, { pinnerId: p.id, boardId: board.id, image }));
    const byDefault = await v5(t, p.token, 'GET', `/v5/boards/${board.id}/pins`);
    expect(byDefault.body.items).toHaveLength(25);
    for (const url of [`/v5/boards/${board.id}/pins`, '/v5/pins']) {
      const seen: string[] = [];
      let bookmark: string | null = null;
      let pages = 0;
      do {
        const res = await v5(t, p.token, 'GET', `${url}?page_size=250${bookmark ? `&bookmark=${bookmark}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(250);
        seen.push(...res.body.items.map((x: { id: string }) => x.id));
        bookmark = res.body.bookmark;
        if (bookmark) expect(encodeURIComponent(bookmark)).toBe(bookmark);
        pages++;
      } while (bookmark);
      expect([url, pages, seen.length, new Set(seen).size]).toEqual([url, 2, 260, 260]);
      expect(new Set(seen)).toEqual(made);
    }
    expect((await v5(t, p.token, 'GET', `/v5/boards/${board.id}/pins?page_size=251`)).status).toBe(400);
  });

  it('pages boards', async () => {
    const p = await personWithToken(t, 'Bea Boards');
    for (let i = 0; i < 5; i++) await makeBoard(t.db, p.id, { name: `Board ${i}` });
    const first = await v5(t, p.token, 'GET', '/v5/boards?page_size=3');
    const second = await v5(t, p.token, 'GET', `/v5/boards?page_size=3&bookmark=${first.body.bookmark}`);
    expect([first.body.items.length, second.body.items.length, second.body.bookmark]).toEqual([3, 2, null]);
  });
});

describe("a board's media.pin_thumbnail_urls", () => {
  it("lists the thumbnails of the board's newest Pins, at most four, as absolute URLs; none for an empty board", async () => {
    const owner = await t.person('Tia Thumbs', 'v5ad');
    const token = await tokenFor(t, owner, ALL_SCOPES);
    const board = (await makeBoard(t.db, owner.id, { name: 'Thumbs' })).id;
    const empty = (await makeBoard(t.db, owner.id, { name: 'Empty' })).id;
    const pins: string[] = [];
    for (let i = 0; i < 5; i++) {
      pins.push(await makePin(t.db, { pinnerId: owner.id, boardId: board, image: await makeStoredImage(t.media, { width: 300 + i, height: 200 }) }));
    }
    const [one] = await t.db.query<{ images: Record<string, { url: string }> }>('SELECT images FROM pins WHERE id = $1', [pins[4]]);
    const got = (await v5(t, token, 'GET', `/v5/boards/${board}`)).body.media.pin_thumbnail_urls as string[];
    expect(got).toHaveLength(4);
    expect(got[0]).toBe(`${t.config.publicUrl}${one!.images['170x']!.url}`);
    expect(new Set(got).size).toBe(4);
    const listed = (await v5(t, token, 'GET', '/v5/boards')).body.items as { id: string; media: { pin_thumbnail_urls: string[] } }[];
    expect(listed.find((b) => b.id === board)!.media.pin_thumbnail_urls).toEqual(got);
    expect(listed.find((b) => b.id === empty)!.media.pin_thumbnail_urls).toEqual([]);
  });
});
