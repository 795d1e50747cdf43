/**
 * The answers match the shared contract (packages/shared/src/schemas/entities.ts)
 * to the letter: strict schemas, so a field the server adds or drops without
 * the contract fails here, as does a failure envelope of another shape.
 */
import { zBoardOut, zBoardPageOut, zPinOut, zPinPageOut, zProfileOut, zResourceFailure, zSectionOut, zSpecFailure } from '@pinboard/shared/schemas/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePin, makeStoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let owner: TestPerson;
let boardId: string;
let sectionId: string;
let pinId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.person('Shape Owner', 'shape');
  const board = await owner.c.resource('BoardResource', 'create', { name: 'Shapes' });
  boardId = (board.data as { id: string }).id;
  const section = await owner.c.resource('BoardSectionResource', 'create', { board_id: boardId, title: 'Circles' });
  sectionId = (section.data as { id: string }).id;
  const image = await makeStoredImage(t.media, { seed: 77, width: 120, height: 90 });
  pinId = await makePin(t.db, { pinnerId: owner.id, boardId, image, title: 'A shape' });
});
afterAll(() => t.close());

describe('entities as the contract spells them', () => {
  it('a Pin, alone and in a feed', async () => {
    const res = await owner.c.resource('PinResource', 'get', { id: pinId });
    expect(zPinPageOut.parse(res.data).is_favorite).toBe(false);
    const feed = await owner.c.resource('BoardFeedResource', 'get', { board_id: boardId });
    expect(
      zPinOut
        .array()
        .parse(feed.data)
        .map((p) => p.id),
    ).toEqual([pinId]);
  });

  it('a Board, to its owner and to a visitor', async () => {
    const mine = await owner.c.resource('BoardResource', 'get', { board_id: boardId });
    expect(zBoardPageOut.parse(mine.data).is_owner).toBe(true);
    const visitor = await t.person('Shape Visitor', 'shape');
    const theirs = await visitor.c.resource('BoardResource', 'get', { board_id: boardId });
    expect(zBoardPageOut.parse(theirs.data).is_owner).toBe(false);
    const list = await owner.c.resource('BoardsResource', 'get', { username: owner.username });
    expect(zBoardOut.array().parse(list.data)).toHaveLength(1);
  });

  it('a Section, alone and in its board list', async () => {
    const one = await owner.c.resource('BoardSectionResource', 'get', { section_id: sectionId });
    expect(zSectionOut.parse(one.data).id).toBe(sectionId);
    const list = await owner.c.resource('BoardSectionsResource', 'get', { board_id: boardId });
    expect(zSectionOut.array().parse(list.data)).toHaveLength(1);
  });

  it('a Profile: its own fields, beside those the business module adds', async () => {
    const res = await owner.c.resource('UserResource', 'get', { username: owner.username });
    expect(zProfileOut.loose().parse(res.data).username).toBe(owner.username);
  });

  it('the two failure envelopes', async () => {
    const resource = await owner.c.request('GET', `/resource/PinResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id: '1' } }))}`);
    expect(resource.statusCode).toBe(404);
    expect(zResourceFailure.parse(resource.json()).resource_response.error.http_status).toBe(404);
    const spec = await owner.c.request('GET', '/v3/pins/1/');
    expect(spec.statusCode).toBe(404);
    expect(zSpecFailure.parse(spec.json()).status).toBe('failure');
  });
});
