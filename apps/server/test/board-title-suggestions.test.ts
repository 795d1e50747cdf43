/**
 * Board title suggestions (docs/product/profiles-and-boards.md §3, §7; decision 057): names
 * for a new board derived from a Pin the viewer may see (its topics, its
 * title, the boards similar Pins are on, only boards the viewer may see),
 * each with its metadata (kind, value, confidence); 404 for a Pin one may
 * not see, through the resource and the spec path alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { nameFromTitle } from '../src/modules/picker/picker.service';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let owner: TestPerson;
let pinId: string;
let secretPinId: string;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.person('Owner', 'bt');
  const board = (await owner.c.resource('BoardResource', 'create', { name: 'Sourdough baking' })).data;
  const pin = await owner.c.upload(
    'PinResource',
    'create',
    { board_id: board.id, title: 'Country loaf with an open crumb', description: 'A long sourdough bake' },
    await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 5801 }),
  );
  pinId = pin.data.id;
  // Saves of the same Pin: to a public board, and to a secret one (never suggested to others).
  const saver = await t.person('Saver', 'bt');
  const breadBoard = (await saver.c.resource('BoardResource', 'create', { name: 'Bread dreams' })).data;
  expect((await saver.c.resource('RepinResource', 'create', { pin_id: pinId, board_id: breadBoard.id })).httpStatus).toBe(200);
  const hider = await t.person('Hider', 'bt');
  const secretBoard = (await hider.c.resource('BoardResource', 'create', { name: 'Zanzibar loaves', privacy: 'secret' })).data;
  expect((await hider.c.resource('RepinResource', 'create', { pin_id: pinId, board_id: secretBoard.id })).httpStatus).toBe(200);
  const secretOwn = (await owner.c.resource('BoardResource', 'create', { name: 'Private bakes', privacy: 'secret' })).data;
  secretPinId = (
    await owner.c.upload(
      'PinResource',
      'create',
      { board_id: secretOwn.id, title: 'Secret rye' },
      await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 5802 }),
    )
  ).data.id;
});
afterAll(() => t.close());

type Suggestion = { title: string; metadata: { kind: string; value: string; confidence: number } };

describe('board title suggestions', () => {
  it('derive names from the Pin’s topics, title and the boards similar Pins are on, with their metadata', async () => {
    const viewer = await t.person('Viewer', 'bt');
    const r = await viewer.c.resource('BoardTitleSuggestionsResource', 'get', { pin_id: pinId });
    expect(r.httpStatus).toBe(200);
    const list = r.data as Suggestion[];
    const byTitle = new Map(list.map((s) => [s.title, s.metadata]));
    expect(byTitle.get('Country loaf')).toEqual({ kind: 'pin_title', value: 'Country loaf with an open crumb', confidence: 0.6 });
    expect(byTitle.get('Baking')).toEqual({ kind: 'topic', value: 'baking', confidence: 0.8 });
    expect(byTitle.get('Bread dreams')).toEqual({ kind: 'similar_board', value: 'Bread dreams', confidence: expect.any(Number) });
    expect(list.map((s) => s.title)).not.toContain('Zanzibar loaves');
    expect(list.length).toBeLessThanOrEqual(5);
    for (const s of list) {
      expect(s.metadata.confidence).toBeGreaterThan(0);
      expect(s.metadata.confidence).toBeLessThanOrEqual(1);
    }
    // Highest confidence first.
    expect(list.map((s) => s.metadata.confidence)).toEqual([...list.map((s) => s.metadata.confidence)].sort((a, b) => b - a));

    // The spec path answers the same list.
    const spec = await viewer.c.request('GET', `/v3/pins/${pinId}/board_title_suggestions/`);
    expect(spec.statusCode).toBe(200);
    expect(JSON.stringify(spec.json())).toContain('Country loaf');
  });

  it('leave out names the viewer already has a board by', async () => {
    const viewer = await t.person('Viewer', 'bt');
    await viewer.c.resource('BoardResource', 'create', { name: 'Baking' });
    const titles = ((await viewer.c.resource('BoardTitleSuggestionsResource', 'get', { pin_id: pinId })).data as Suggestion[]).map((s) => s.title);
    expect(titles).not.toContain('Baking');
    expect(titles).toContain('Country loaf');
  });

  it('answer 404 for a Pin the viewer may not see, through both doors, and 401 signed out', async () => {
    const viewer = await t.person('Viewer', 'bt');
    expect((await viewer.c.resource('BoardTitleSuggestionsResource', 'get', { pin_id: secretPinId })).httpStatus).toBe(404);
    expect((await viewer.c.request('GET', `/v3/pins/${secretPinId}/board_title_suggestions/`)).statusCode).toBe(404);
    expect((await viewer.c.request('GET', '/v3/pins/notanid/board_title_suggestions/')).statusCode).toBe(404);
    expect((await owner.c.resource('BoardTitleSuggestionsResource', 'get', { pin_id: secretPinId })).httpStatus).toBe(200);
    expect((await t.client().resource('BoardTitleSuggestionsResource', 'get', { pin_id: pinId })).httpStatus).toBe(401);
    expect((await t.client().request('GET', `/v3/pins/${pinId}/board_title_suggestions/`)).statusCode).toBe(401);
  });

  it('take a title’s leading words up to the first small word', () => {
    expect(nameFromTitle('Country loaf with an open crumb')).toBe('Country loaf');
    expect(nameFromTitle('The best lemon tart ever made')).toBe('Lemon tart ever');
    expect(nameFromTitle('')).toBeNull();
    expect(nameFromTitle('!!! of the')).toBeNull();
  });
});
