/**
 * Where each typeahead suggestion leads (decision 057): a board to the
 * board (board results when several share the name), a person to their
 * profile, a topic to its idea page, a Pin title to Pin results; and each
 * of those places has something to show, so no suggestion dead-ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
let image: StoredImage;
let baker: { id: string; username: string };
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media);
  baker = await makeUser(t.db, { username: 'tabaker', fullName: 'Quenby Loafwright' });
  const board = await makeBoard(t.db, baker.id, { name: 'Sourdough baking' });
  await makePin(t.db, { pinnerId: baker.id, boardId: board.id, image, title: 'Crusty boule', description: 'Open crumb' });
  await makePin(t.db, { pinnerId: baker.id, boardId: board.id, image, title: 'Sourdough starter feeding', description: '' });
  // Two boards share a name: board results, not one of them.
  const other = await makeUser(t.db, { username: 'tabaker2' });
  await makeBoard(t.db, baker.id, { name: 'Quenelle ideas' });
  await makeBoard(t.db, other.id, { name: 'Quenelle ideas' });
  // A secret board is never suggested.
  await makeBoard(t.db, baker.id, { name: 'Sourdough secrets', privacy: 'secret' });
});
afterAll(() => t.close());

type Suggestion = { label: string; kind: string; url: string };
const suggestions = async (term: string, options: Record<string, unknown> = {}) =>
  (await t.client().resource('SearchTypeaheadResource', 'get', { term, count: 20, ...options })).data.suggestions as Suggestion[];

describe('typeahead suggestions lead to results of their kind', () => {
  it('a board suggestion opens the board, which has its Pins', async () => {
    const all = await suggestions('sourdough');
    const boardHit = all.find((s) => s.label === 'Sourdough baking');
    expect(boardHit).toEqual({ label: 'Sourdough baking', kind: 'board', url: `/${baker.username}/sourdough-baking/` });
    expect(all.map((s) => s.label)).not.toContain('Sourdough secrets');
    const read = await t.client().resource('BoardResource', 'get', { username: baker.username, slug: 'sourdough-baking' });
    expect(read.httpStatus).toBe(200);
    expect(read.data.pin_count).toBe(2);
  });

  it('a Pin title leads to Pin results that find it', async () => {
    const pinHit = (await suggestions('sourdough')).find((s) => s.kind === 'pin');
    expect(pinHit).toEqual({ label: 'Sourdough starter feeding', kind: 'pin', url: '/search/?q=Sourdough+starter+feeding&rs=ac&scope=pins' });
    const q = new URL(pinHit!.url, 'http://x').searchParams.get('q')!;
    const results = await t.client().resource('BaseSearchResource', 'get', { query: q, scope: 'pins' });
    expect((results.data as { title: string }[]).map((p) => p.title)).toContain('Sourdough starter feeding');
  });

  it('a person leads to their profile; a name several boards share, to board results', async () => {
    expect((await suggestions('loafwright')).find((s) => s.kind === 'user')).toEqual({ label: 'Quenby Loafwright', kind: 'user', url: '/tabaker/' });
    expect((await suggestions('quenelle')).find((s) => s.kind === 'board')).toEqual({
      label: 'Quenelle ideas',
      kind: 'board',
      url: '/search/?q=Quenelle+ideas&rs=ac&scope=boards',
    });
  });

  it('a topic leads to its idea page', async () => {
    const topic = (await suggestions('bakin')).find((s) => s.kind === 'topic');
    expect(topic).toEqual({ label: 'Baking', kind: 'topic', url: '/ideas/food-and-drink/' });
    expect((await t.client().request('GET', '/ideas/food-and-drink/', { headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });

  it('items stay the suggestions’ texts, in the same order', async () => {
    const r = (await t.client().resource('SearchTypeaheadResource', 'get', { term: 'sourdough', count: 20 })).data as {
      items: string[];
      suggestions: Suggestion[];
    };
    expect(r.items).toEqual(r.suggestions.map((s) => s.label));
  });
});
