/**
 * Search that understands (decision 084): SearchResource, SearchSuggestionsResource and
 * RecentSearchesResource. Word forms and accents in the six languages, Japanese by substring,
 * "did you mean", filters and colour, recent searches, trends (5 different people a day), and
 * what may not be seen: never in results, suggestions, trends or corrections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;
type Who = 'owner' | 'other' | 'anonymous';
const c = {} as Record<Who, TestClient>;
const id = {} as Record<Exclude<Who, 'anonymous'>, string>;
const pin: Record<string, string> = {};
const board: Record<string, string> = {};

type Item = { id: string; type: string };
type Found = { data: Item[]; bookmark: string | null; did_you_mean?: string };

async function find(who: Who, options: Record<string, unknown>): Promise<Found> {
  const r = await c[who].resource('SearchResource', 'get', options);
  expect(r.httpStatus).toBe(200);
  return r.data as Found;
}
const ids = (r: Found) => r.data.map((i) => i.id);

/** A person writing in a locale, and their public board. */
async function writer(username: string, locale: string) {
  const u = await makeUser(t.db, { username });
  await t.db.query('UPDATE users SET locale = $2 WHERE id = $1', [u.id, locale]);
  return { id: u.id, board: (await makeBoard(t.db, u.id, { name: `Board of ${username}` })).id };
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ['owner', 'other', 'anonymous'] as const) c[who] = t.client();
  id.owner = (await c.owner.signUp({ email: 'und-owner@example.com', username: 'undowner' })).id;
  id.other = (await c.other.signUp({ email: 'und-other@example.com', username: 'undother' })).id;
  image = await makeStoredImage(t.media, { seed: 11 });
  const p = async (label: string, pinnerId: string, boardId: string | null, title: string, description = '') => {
    pin[label] = await makePin(t.db, { pinnerId, boardId, image, title, description });
  };

  const en = await writer('undenglish', 'en-US');
  const de = await writer('undgerman', 'de');
  const fr = await writer('undfrench', 'fr');
  const es = await writer('undspanish', 'es');
  const pt = await writer('undportuguese', 'pt-BR');
  const ja = await writer('undjapanese', 'ja');
  await p('cat', en.id, en.board, 'A sleepy cat');
  await p('katze', de.id, de.board, 'Eine Katze im Garten');
  await p('cafe', fr.id, fr.board, 'Le petit café du coin');
  await p('chats', fr.id, fr.board, 'Deux chats noirs');
  await p('gato', es.id, es.board, 'Mi gato favorito');
  await p('livro', pt.id, pt.board, 'Um livro antigo');
  await p('neko', ja.id, ja.board, '猫の写真をとりました');
  await p('sourdough', en.id, en.board, 'Sourdough bread at home');

  // Filters: a video, an Idea Pin, a red and a blue Pin, one of the owner's own.
  board.owner = (await makeBoard(t.db, id.owner, { name: 'Owner things' })).id;
  board.secret = (await makeBoard(t.db, id.owner, { name: 'Hidden plans', privacy: 'secret' })).id;
  await p('video', en.id, en.board, 'Pottery video');
  await p('idea', en.id, en.board, 'Pottery idea');
  await p('red', en.id, en.board, 'Pottery red');
  await p('blue', en.id, en.board, 'Pottery blue');
  await p('own', id.owner, board.owner, 'Pottery of mine');
  await t.db.query(`UPDATE pins SET video_status = 'ready' WHERE id = $1`, [pin.video]);
  await t.db.query(`UPDATE pins SET story_pin_data = '{"pages": [], "metadata": {"pin_title": "Pottery idea"}}'::jsonb WHERE id = $1`, [pin.idea]);
  await t.db.query(`UPDATE pins SET dominant_color = CASE WHEN id = $1 THEN '#d02020' ELSE '#2040d0' END WHERE id = ANY($2::bigint[])`, [
    pin.red,
    [pin.red, pin.blue, pin.video, pin.idea, pin.own],
  ]);

  // What may not be seen: a secret board's Pin, and a person who blocked `other`.
  await p('secret', id.owner, board.secret, 'Marzipan figures in secret');
  await p('secretCats', id.owner, board.secret, 'Secret cats');
  const blocker = await writer('undblocker', 'en-US');
  await t.db.query(`UPDATE users SET full_name = 'Lavender Blocker' WHERE id = $1`, [blocker.id]);
  await p('blockerPin', blocker.id, blocker.board, 'Lavender fields by a blocker');
  await block(t.db, blocker.id, id.other);
  await p('lavender', en.id, en.board, 'Lavender sachets');
  await t.services.search.refreshWords();
});
afterAll(() => t.close());

describe('word forms and accents', () => {
  it('finds "cat" by "cats" (English, the default language)', async () => {
    expect(ids(await find('anonymous', { query: 'cats' }))).toContain(pin.cat);
    expect(ids(await find('anonymous', { query: 'cat' }))).toContain(pin.cat);
  });

  it('finds "Katze" by "Katzen" in German', async () => {
    expect(ids(await find('anonymous', { query: 'Katzen', locale: 'de' }))).toContain(pin.katze);
    // Without the page's language, a signed-in searcher's account locale.
    const german = t.client();
    const reader = await german.signUp({ email: 'und-german-reader@example.com', username: 'undleser' });
    await t.db.query(`UPDATE users SET locale = 'de' WHERE id = $1`, [reader.id]);
    const r = await german.resource('SearchResource', 'get', { query: 'Katzen' });
    expect(ids(r.data as Found)).toContain(pin.katze);
    expect(ids(await find('anonymous', { query: 'Katzen' }))).not.toContain(pin.katze);
  });

  it('reads the words before the last as whole words; the last may be unfinished (decision 108)', async () => {
    expect(ids(await find('anonymous', { query: 'sourdough br' }))).toContain(pin.sourdough);
    expect(ids(await find('anonymous', { query: 'sour bread' }))).not.toContain(pin.sourdough);
  });

  it('finds "café" by "cafe" and the other way round', async () => {
    expect(ids(await find('anonymous', { query: 'cafe', locale: 'fr' }))).toContain(pin.cafe);
    expect(ids(await find('anonymous', { query: 'café', locale: 'fr' }))).toContain(pin.cafe);
    expect(ids(await find('anonymous', { query: 'cafe' }))).toContain(pin.cafe);
  });

  it('finds plural and singular in French, Spanish and Portuguese', async () => {
    expect(ids(await find('anonymous', { query: 'chat', locale: 'fr' }))).toContain(pin.chats);
    expect(ids(await find('anonymous', { query: 'gatos', locale: 'es' }))).toContain(pin.gato);
    expect(ids(await find('anonymous', { query: 'livros', locale: 'pt-BR' }))).toContain(pin.livro);
  });

  it('finds Japanese text by a part of it', async () => {
    expect(ids(await find('anonymous', { query: '写真', locale: 'ja' }))).toContain(pin.neko);
    expect(ids(await find('anonymous', { query: '猫' }))).toContain(pin.neko);
    expect(ids(await find('anonymous', { query: '犬' }))).not.toContain(pin.neko);
  });
});

describe('did you mean', () => {
  it('offers the word public content holds, and it finds results', async () => {
    const r = await find('anonymous', { query: 'sourdugh' });
    expect(r.data).toEqual([]);
    expect(r.did_you_mean).toBe('sourdough');
    expect(ids(await find('anonymous', { query: r.did_you_mean! }))).toContain(pin.sourdough);
  });

  it('offers nothing when the query finds something, or for words only in secret content', async () => {
    expect((await find('anonymous', { query: 'sourdough' })).did_you_mean).toBeUndefined();
    expect((await find('other', { query: 'marzipn' })).did_you_mean).toBeUndefined();
    expect((await find('owner', { query: 'marzipn' })).did_you_mean).toBeUndefined();
  });
});

describe('filters', () => {
  it('keeps videos, Idea Pins or the own Pins', async () => {
    expect(ids(await find('other', { query: 'pottery', scope: 'videos' }))).toEqual([pin.video]);
    expect(ids(await find('other', { query: 'pottery', scope: 'idea_pins' }))).toEqual([pin.idea]);
    expect(ids(await find('owner', { query: 'pottery', scope: 'my_pins' }))).toEqual([pin.own]);
    expect((await c.anonymous.resource('SearchResource', 'get', { query: 'pottery', scope: 'my_pins' })).httpStatus).toBe(401);
    expect(ids(await find('other', { query: 'pottery' })).sort()).toEqual([pin.video, pin.idea, pin.red, pin.blue, pin.own].sort());
  });

  it('keeps Pins of a near dominant colour', async () => {
    expect(ids(await find('other', { query: 'pottery', color: '#d52a2a' }))).toEqual([pin.red]);
    expect(ids(await find('other', { query: 'pottery', color: '2545d5' })).sort()).toEqual([pin.blue, pin.video, pin.idea, pin.own].sort());
    expect((await c.other.resource('SearchResource', 'get', { query: 'pottery', color: 'red' })).httpStatus).toBe(400);
  });

  it('finds boards and people', async () => {
    expect(ids(await find('other', { query: 'undgerman', scope: 'users' })).length).toBe(1);
    expect((await find('other', { query: 'things', scope: 'boards' })).data.map((b) => b.id)).toEqual([board.owner]);
  });
});

describe('what may not be seen', () => {
  it('never shows secret Pins, nor people who blocked the searcher', async () => {
    expect(ids(await find('other', { query: 'cats' }))).not.toContain(pin.secretCats);
    expect(ids(await find('owner', { query: 'cats' }))).toContain(pin.secretCats);
    expect(ids(await find('other', { query: 'lavender' }))).toEqual([pin.lavender]);
    expect(ids(await find('other', { query: 'lavender', scope: 'users' }))).toEqual([]);
    expect(ids(await find('anonymous', { query: 'lavender', scope: 'users' })).length).toBe(1);
  });

  it('never suggests them while typing', async () => {
    const r = await c.other.resource('SearchSuggestionsResource', 'get', { query: 'lav' });
    expect(r.httpStatus).toBe(200);
    const body = JSON.stringify(r.data);
    expect(body).not.toContain('Blocker');
    expect(body).not.toContain('blocker');
    expect(JSON.stringify((await c.other.resource('SearchSuggestionsResource', 'get', { query: 'hidden' })).data)).not.toContain('Hidden plans');
  });
});

describe('suggestions', () => {
  it('while typing: Pins, boards, people and topics, each with where it leads', async () => {
    const r = await c.anonymous.resource('SearchSuggestionsResource', 'get', { query: 'sourd' });
    expect(r.httpStatus).toBe(200);
    expect(r.data.pins).toEqual([{ label: 'Sourdough bread at home', url: expect.stringContaining('/search/') }]);
    expect(r.data).toMatchObject({ boards: [], users: [], topics: expect.any(Array) });
  });

  it('for an empty box: the recent searches, newest first, and clearing them', async () => {
    const me = t.client();
    await me.signUp({ email: 'und-recent@example.com', username: 'undrecent' });
    const search = async (query: string) => expect((await me.resource('SearchResource', 'get', { query })).httpStatus).toBe(200);
    await search('cats');
    await search('Sourdough');
    await search('cats');
    // The same term again within a minute writes nothing; a minute later it is the newest again.
    await t.db.query(`UPDATE search_history SET searched_at = searched_at - interval '2 minutes'`);
    await search('cats');
    const r = await me.resource('SearchSuggestionsResource', 'get', { query: '' });
    expect(r.data.recent).toEqual([
      { query: 'cats', url: '/search/pins/?q=cats' },
      { query: 'Sourdough', url: '/search/pins/?q=Sourdough' },
    ]);
    expect((await me.resource('RecentSearchesResource', 'delete', {})).data).toEqual({ cleared: 2 });
    expect((await me.resource('SearchSuggestionsResource', 'get', {})).data.recent).toEqual([]);
    expect((await c.anonymous.resource('SearchSuggestionsResource', 'get', {})).data.recent).toEqual([]);
    expect((await c.anonymous.resource('RecentSearchesResource', 'delete', {})).httpStatus).toBe(401);
  });

  it('forgets searches older than 90 days (hourly)', async () => {
    const me = t.client();
    const { id: mine } = await me.signUp({ email: 'und-old@example.com', username: 'undold' });
    await me.resource('SearchResource', 'get', { query: 'gatos' });
    await me.resource('SearchResource', 'get', { query: 'livros' });
    await t.db.query(`UPDATE search_history SET searched_at = now() - interval '91 days' WHERE user_id = $1 AND term = 'gatos'`, [mine]);
    expect(await t.services.search.forgetOldSearches()).toBe(1);
    expect((await me.resource('SearchSuggestionsResource', 'get', {})).data.recent).toEqual([{ query: 'livros', url: '/search/pins/?q=livros' }]);
  });

  it('trends: a term counts once 5 different people searched it in a day, and only if it finds something', async () => {
    const trending = async (who: TestClient) =>
      ((await who.resource('SearchSuggestionsResource', 'get', { query: '' })).data.trending as { query: string }[]).map((x) => x.query);
    const people: TestClient[] = [];
    for (let i = 0; i < 5; i++) {
      const p = t.client();
      await p.signUp({ email: `und-trend${i}@example.com`, username: `undtrend${i}` });
      people.push(p);
    }
    for (const p of people.slice(0, 4)) {
      await p.resource('SearchResource', 'get', { query: 'sourdough' });
      await p.resource('SearchResource', 'get', { query: 'sourdough' });
      await p.resource('SearchResource', 'get', { query: 'marzipan' });
    }
    expect(await trending(c.anonymous)).not.toContain('sourdough');
    await people[4]!.resource('SearchResource', 'get', { query: 'Sourdough' });
    await people[4]!.resource('SearchResource', 'get', { query: 'marzipan' });
    expect(await trending(c.anonymous)).toContain('sourdough');
    // Only a secret Pin holds "marzipan": a trend that would lead nowhere, or to it, is not shown.
    expect(await trending(c.other)).not.toContain('marzipan');
    expect(await trending(c.owner)).toContain('marzipan');
    // Searches older than a day no longer count.
    await t.db.query(`UPDATE search_history SET searched_at = now() - interval '25 hours' WHERE term = 'sourdough'`);
    expect(await trending(c.anonymous)).not.toContain('sourdough');
  });
});
