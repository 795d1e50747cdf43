/**
 * Search (BaseSearchResource) and its typeahead (SearchTypeaheadResource):
 * prefix matching on title and description words, ranking, keyset paging,
 * the visibility rules through every scope, my_pins, and input that must
 * never break the query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../src/lib/cursor';
import { searchTsquery, searchWords } from '../src/modules/search/search.query';
import { block, follow, makeBoard, makeCollaborator, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;
type Who = 'owner' | 'collaborator' | 'other' | 'anonymous' | 'privy' | 'fan';
const c = {} as Record<Who, TestClient>;
const id = {} as Record<Exclude<Who, 'anonymous'>, string>;
/** Pin ids by label. */
const pin: Record<string, string> = {};
/** Board ids by label. */
const board: Record<string, string> = {};
/** Extra people: one with "quokka" only in the about text, one who blocks `other`. */
const person = {} as Record<'about' | 'blocker', string>;

type Item = { id: string; type: string; title?: string; name?: string; username?: string };

const search = (who: Who, options: Record<string, unknown>) => c[who].resource('BaseSearchResource', 'get', options);
const ids = (r: { data?: Item[] }) => (r.data ?? []).map((i) => i.id);

async function pinOf(label: string, o: { pinner: string; board?: string | null; title: string; description?: string }) {
  pin[label] = await makePin(t.db, { pinnerId: o.pinner, boardId: o.board ?? null, image, title: o.title, description: o.description ?? '' });
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const who of ['owner', 'collaborator', 'other', 'anonymous', 'privy', 'fan'] as const) c[who] = t.client();
  id.owner = (await c.owner.signUp({ email: 'srch-owner@example.com', username: 'srchowner' })).id;
  id.collaborator = (await c.collaborator.signUp({ email: 'srch-collab@example.com', username: 'srchcollab' })).id;
  id.other = (await c.other.signUp({ email: 'srch-other@example.com', username: 'srchother' })).id;
  id.privy = (await c.privy.signUp({ email: 'srch-privy@example.com', username: 'srchprivy', full_name: 'Quokka Keeper' })).id;
  id.fan = (await c.fan.signUp({ email: 'srch-fan@example.com', username: 'srchfan' })).id;
  await t.db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [id.privy]);
  await follow(t.db, id.fan, id.privy);
  image = await makeStoredImage(t.media, { seed: 7 });

  const mk = async (label: string, owner: string, o: { name: string; privacy?: 'public' | 'secret' | 'protected'; description?: string }) => {
    board[label] = (await makeBoard(t.db, owner, o)).id;
  };
  await mk('desserts', id.owner, { name: 'Desserts', description: 'Sweet things' });
  await mk('public', id.owner, { name: 'Quokka public board' });
  await mk('secret', id.owner, { name: 'Quokka secret board', privacy: 'secret' });
  await mk('protected', id.owner, { name: 'Quokka protected board', privacy: 'protected' });
  await mk('archived', id.owner, { name: 'Quokka archived board' });
  await mk('deleted', id.owner, { name: 'Quokka deleted board' });
  await mk('private', id.privy, { name: 'Quokka private board' });
  await t.db.query('UPDATE boards SET archived_at = now() WHERE id = $1', [board.archived]);
  await t.db.query('UPDATE boards SET deleted_at = now() WHERE id = $1', [board.deleted]);
  await makeCollaborator(t.db, board.secret!, id.collaborator!);

  // Matching and ranking.
  await pinOf('lemonTart', { pinner: id.owner, board: board.desserts, title: 'Lemon tart', description: 'Sharp and sweet' });
  await pinOf('brunch', { pinner: id.owner, board: board.desserts, title: 'Sunday brunch', description: 'Pancakes with lemon curd' });
  await pinOf('marmaTitle', { pinner: id.owner, board: board.desserts, title: 'Marmalade jar', description: 'Orange' });
  await pinOf('marmaDescription', { pinner: id.owner, board: board.desserts, title: 'Breakfast table', description: 'Toast and marmalade' });
  await pinOf('wombat', { pinner: id.owner, board: board.desserts, title: 'Big wombat', description: '' });

  // Visibility: one word, "quokka", through every kind of place.
  await pinOf('public', { pinner: id.owner, board: board.public, title: 'Quokka on a public board' });
  await pinOf('secret', { pinner: id.owner, board: board.secret, title: 'Quokka on a secret board' });
  await pinOf('protected', { pinner: id.owner, board: board.protected, title: 'Quokka on a protected board' });
  await pinOf('deleted', { pinner: id.owner, board: board.deleted, title: 'Quokka on a deleted board' });
  await pinOf('ownerBoardless', { pinner: id.owner, title: 'Quokka saved to a public profile' });
  await pinOf('collabPin', { pinner: id.collaborator, board: board.public, title: 'Quokka added by a collaborator' });
  await pinOf('collabSecret', { pinner: id.collaborator, board: board.secret, title: 'Quokka secret by a collaborator' });
  await pinOf('privateBoard', { pinner: id.privy, board: board.private, title: 'Quokka on a private profile board' });
  await pinOf('privateBoardless', { pinner: id.privy, title: 'Quokka saved to a private profile' });

  person.about = (await makeUser(t.db, { username: 'srchabout', fullName: 'Someone', about: 'I keep a quokka' })).id;
  person.blocker = (await makeUser(t.db, { username: 'srchblocker', fullName: 'Blocking Quokka' })).id;
  await block(t.db, person.blocker, id.other);
});
afterAll(() => t.close());

describe('the query text', () => {
  it('keeps only letters, digits and marks, each word a quoted term, ANDed', () => {
    expect(searchTsquery('Lem')).toBe("'Lem':*");
    expect(searchTsquery("lemon's  tart!")).toBe("'lemon' & 's' & 'tart':*");
    expect(searchTsquery("'; DROP TABLE pins; --")).toBe("'DROP' & 'TABLE' & 'pins':*");
    expect(searchTsquery('&|!():*<->\\\'"')).toBeNull();
    expect(searchTsquery('ñandú café 日本')).toBe("'ñandú' & 'café' & '日本':*");
    expect(searchWords('a\u0000b')).toEqual(['a', 'b']);
  });

  it('reads only the last word as a prefix: the words before it are whole (decision 108)', () => {
    expect(searchTsquery('lem', 'A')).toBe("'lem':*A");
    expect(searchTsquery('lemon ta', 'A')).toBe("'lemon':A & 'ta':*A");
    expect(searchTsquery('lemon tart')).toBe("'lemon' & 'tart':*");
    expect(searchTsquery('tart tart', 'A')).toBe("'tart':*A");
    expect(searchTsquery(' !? ')).toBeNull();
  });
});

describe('BaseSearchResource', () => {
  it('finds Pins by title and description words, as prefixes', async () => {
    const r = await search('anonymous', { query: 'lem' });
    expect(r.httpStatus).toBe(200);
    expect(ids(r)).toEqual(expect.arrayContaining([pin.lemonTart, pin.brunch]));
    expect(r.data.find((p: Item) => p.id === pin.lemonTart)).toMatchObject({ type: 'pin', title: 'Lemon tart', board: { name: 'Desserts' } });
    // Every word must match (AND), each as a prefix, whatever the case.
    expect(ids(await search('anonymous', { query: 'LEMON ta' }))).toEqual([pin.lemonTart]);
    expect(ids(await search('anonymous', { query: 'lem ta' }))).toEqual([]); // only the last word is a prefix
    expect(ids(await search('anonymous', { query: 'curd pan' }))).toEqual([pin.brunch]);
    expect(ids(await search('anonymous', { query: 'lemon nothingmatches' }))).toEqual([]);
    // The scope defaults to pins.
    expect(ids(await search('anonymous', { query: 'lem', scope: 'pins' }))).toEqual(ids(r));
  });

  it('ranks title matches before description matches', async () => {
    expect(ids(await search('anonymous', { query: 'marma' }))).toEqual([pin.marmaTitle, pin.marmaDescription]);
    expect(ids(await search('anonymous', { query: 'lemon' }))).toEqual([pin.lemonTart, pin.brunch]);
  });

  it('walks every result once with the keyset bookmark', async () => {
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      // Some in the title, some in the description, some with equal ranks: ties fall back to the id.
      const inTitle = i % 3 === 0;
      made.push(
        await makePin(t.db, {
          pinnerId: id.owner,
          boardId: board.desserts,
          image,
          title: inTitle ? `Pagewalk ${i}` : `Walk number ${i}`,
          description: inTitle ? '' : i % 3 === 1 ? 'pagewalk' : 'pagewalk pagewalk and more',
        }),
      );
    }
    const all = ids(await search('other', { query: 'pagew', page_size: 100 }));
    expect(new Set(all)).toEqual(new Set(made));
    const walked: string[] = [];
    let bookmark: string | null | undefined;
    let pages = 0;
    do {
      const r = await search('other', { query: 'pagew', page_size: 2, ...(bookmark ? { bookmark } : {}) });
      expect(r.httpStatus).toBe(200);
      expect(r.data.length).toBeLessThanOrEqual(2);
      walked.push(...ids(r));
      bookmark = r.bookmark;
      pages++;
    } while (bookmark && pages < 20);
    expect(pages).toBe(4);
    expect(walked).toEqual(all);
    expect(new Set(walked).size).toBe(walked.length);
  });

  it('pages boards and people the same way', async () => {
    for (const scope of ['boards', 'users'] as const) {
      const all = ids(await search('owner', { query: 'quokka', scope, page_size: 100 }));
      expect(all.length).toBeGreaterThan(1);
      const walked: string[] = [];
      let bookmark: string | null | undefined;
      do {
        const r = await search('owner', { query: 'quokka', scope, page_size: 1, ...(bookmark ? { bookmark } : {}) });
        walked.push(...ids(r));
        bookmark = r.bookmark;
      } while (bookmark && walked.length < 50);
      expect(walked).toEqual(all);
    }
  });

  it('refuses a bookmark that is not a search cursor', async () => {
    for (const bookmark of ['nope', encodeCursor(['1']), encodeCursor(['high', '1']), encodeCursor(['0.1', '1 OR 1=1'])]) {
      const r = await search('anonymous', { query: 'lemon', bookmark });
      expect(r.httpStatus).toBe(400);
      expect(r.error?.message).toMatch(/bookmark/);
    }
  });

  const pinsFor: Record<Who, string[]> = {
    owner: ['public', 'secret', 'protected', 'ownerBoardless', 'collabPin', 'collabSecret'],
    collaborator: ['public', 'secret', 'protected', 'ownerBoardless', 'collabPin', 'collabSecret'],
    other: ['public', 'protected', 'ownerBoardless', 'collabPin'],
    anonymous: ['public', 'protected', 'ownerBoardless', 'collabPin'],
    fan: ['public', 'protected', 'ownerBoardless', 'collabPin', 'privateBoard', 'privateBoardless'],
    privy: ['public', 'protected', 'ownerBoardless', 'collabPin', 'privateBoard', 'privateBoardless'],
  };
  it.each(Object.entries(pinsFor))('shows %s exactly the Pins they may see', async (who, labels) => {
    const r = await search(who as Who, { query: 'quokka', page_size: 100 });
    expect(r.httpStatus).toBe(200);
    expect(new Set(ids(r))).toEqual(new Set(labels.map((l) => pin[l])));
  });

  const boardsFor: Record<Who, string[]> = {
    // Protected boards are listed for their owner only; archived and deleted ones for no one.
    owner: ['public', 'secret', 'protected'],
    collaborator: ['public', 'secret'],
    other: ['public'],
    anonymous: ['public'],
    fan: ['public', 'private'],
    privy: ['public', 'private'],
  };
  it.each(Object.entries(boardsFor))('shows %s exactly the boards they may see', async (who, labels) => {
    const r = await search(who as Who, { query: 'quokka', scope: 'boards', page_size: 100 });
    expect(r.httpStatus).toBe(200);
    expect(new Set(ids(r))).toEqual(new Set(labels.map((l) => board[l])));
    for (const b of r.data as Item[]) expect(b).toMatchObject({ type: 'board' });
  });

  it('finds boards by name before description', async () => {
    const named = (await makeBoard(t.db, id.other, { name: 'Gingham picnic' })).id;
    const described = (await makeBoard(t.db, id.other, { name: 'Summer', description: 'A gingham tablecloth' })).id;
    expect(ids(await search('anonymous', { query: 'ging', scope: 'boards' }))).toEqual([named, described]);
  });

  it('finds people by username, name and about, private profiles included, without their content', async () => {
    const r = await search('other', { query: 'quokka', scope: 'users' });
    expect(r.httpStatus).toBe(200);
    // The name weighs more than the about text (and the blocker is not shown to `other`).
    expect(ids(r)).toEqual([id.privy, person.about]);
    expect(r.data[0]).toEqual({
      id: id.privy,
      type: 'user',
      username: 'srchprivy',
      full_name: 'Quokka Keeper',
      image_small_url: null,
      image_medium_url: null,
      // Not a follower: the private profile's count is hidden, as on the profile.
      follower_count: 0,
      is_private_profile: true,
      explicitly_followed_by_me: false,
    });
    expect(ids(await search('anonymous', { query: 'srchcol', scope: 'users' }))).toEqual([id.collaborator]);
  });

  it('hides people who blocked the viewer from them only', async () => {
    expect(ids(await search('other', { query: 'srchblocker', scope: 'users' }))).toEqual([]);
    expect(ids(await search('owner', { query: 'srchblocker', scope: 'users' }))).toEqual([person.blocker]);
    expect(ids(await search('anonymous', { query: 'srchblocker', scope: 'users' }))).toEqual([person.blocker]);
    expect((await c.other.resource('SearchTypeaheadResource', 'get', { term: 'blocking', pin_scope: 'users' })).data.items).toEqual([]);
    expect((await c.owner.resource('SearchTypeaheadResource', 'get', { term: 'blocking', pin_scope: 'users' })).data.items).toEqual(['Blocking Quokka']);
  });

  it("my_pins holds only the viewer's own Pins and needs a session", async () => {
    const own = await search('owner', { query: 'quokka', scope: 'my_pins', page_size: 100 });
    expect(own.httpStatus).toBe(200);
    expect(new Set(ids(own))).toEqual(new Set(['public', 'secret', 'protected', 'ownerBoardless'].map((l) => pin[l])));
    const collab = await search('collaborator', { query: 'quokka', scope: 'my_pins' });
    expect(new Set(ids(collab))).toEqual(new Set([pin.collabPin, pin.collabSecret]));
    expect(ids(await search('other', { query: 'quokka', scope: 'my_pins' }))).toEqual([]);
    const anonymous = await search('anonymous', { query: 'quokka', scope: 'my_pins' });
    expect(anonymous.httpStatus).toBe(401);
  });

  it('refuses an empty or missing query, naming it', async () => {
    for (const options of [{ query: '' }, { query: '   ' }, {}, { query: 'x'.repeat(101) }, { query: 5 }]) {
      const r = await search('anonymous', options);
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe('query');
    }
    const scope = await search('anonymous', { query: 'lemon', scope: 'everything' });
    expect(scope.httpStatus).toBe(400);
    expect(scope.error?.field).toBe('scope');
    expect((await search('anonymous', { query: 'lemon', page_size: 251 })).httpStatus).toBe(400);
  });

  const odd = [
    "'",
    '"lemon"',
    '&|!():*',
    'lemon & !tart | (x)',
    'lemon:*',
    "lemon':* | '",
    'lem:A',
    '<->',
    '\\',
    "'; DROP TABLE pins; --",
    "1' OR '1'='1",
    '%_%',
    'ñandú café',
    '日本語の検索',
    '🍋 lemon',
    'a\u0301',
    '٣٤ ½ Ⅻ',
    'lemon\u0000tart',
    '\u200b\u200d',
    'x'.repeat(100),
    'a '.repeat(50),
  ];
  it.each(odd)('answers 200 for odd input %j in every scope', async (query) => {
    for (const scope of ['pins', 'boards', 'users', 'my_pins']) {
      const r = await search('owner', { query, scope });
      expect(r.httpStatus, `${scope}: ${JSON.stringify(r.error)}`).toBe(200);
      expect(Array.isArray(r.data)).toBe(true);
    }
    const typeahead = await c.owner.resource('SearchTypeaheadResource', 'get', { term: query });
    expect(typeahead.httpStatus, JSON.stringify(typeahead.error)).toBe(200);
  });

  it('treats odd characters as separators, not operators', async () => {
    expect(ids(await search('anonymous', { query: 'lemon & !tart' }))).toEqual([pin.lemonTart]);
    expect(ids(await search('anonymous', { query: '"Lemon tart"' }))).toEqual([pin.lemonTart]);
    expect(ids(await search('anonymous', { query: 'lemon:* | curd' }))).toEqual([pin.brunch]);
  });
});

describe('SearchTypeaheadResource', () => {
  const typeahead = (who: Who, options: Record<string, unknown>) => c[who].resource('SearchTypeaheadResource', 'get', options);

  it('suggests at most count texts, with the first that starts with the term as the hint', async () => {
    const r = await typeahead('anonymous', { term: 'lem' });
    expect(r.httpStatus).toBe(200);
    expect(r.data.items.length).toBeLessThanOrEqual(5);
    expect(r.data.items).toContain('Lemon tart');
    expect(r.data.items).not.toContain('Sunday brunch'); // a description match is no suggestion
    expect(r.data.hint).toMatch(/^lem/i);
    // The words before the last are whole words: "lemon ta" is "Lemon tart", "lem ta" is nothing yet.
    expect((await typeahead('anonymous', { term: 'lemon ta' })).data.items).toContain('Lemon tart');
    expect((await typeahead('anonymous', { term: 'lem ta' })).data.items).not.toContain('Lemon tart');
    const one = await typeahead('anonymous', { term: 'quokka', count: 1 });
    expect(one.data.items).toHaveLength(1);
    const many = await typeahead('anonymous', { term: 'quokka', count: 20 });
    expect(many.data.items.length).toBeGreaterThan(1);
    expect(many.data.items.length).toBeLessThanOrEqual(20);
    expect(many.data.hint).toBe(many.data.items[0]);
    expect(new Set(many.data.items.map((s: string) => s.toLowerCase())).size).toBe(many.data.items.length);
  });

  it('mixes Pin titles, board names and people, and never what the viewer may not see', async () => {
    const anonymous = (await typeahead('anonymous', { term: 'quokka', count: 20 })).data.items as string[];
    expect(anonymous).toEqual(expect.arrayContaining(['Quokka on a public board', 'Quokka public board', 'Quokka Keeper']));
    for (const hidden of ['secret', 'private profile', 'Quokka private board', 'deleted', 'archived', 'Quokka protected board']) {
      expect(
        anonymous.some((s) => s.includes(hidden)),
        hidden,
      ).toBe(false);
    }
    const owner = (await typeahead('owner', { term: 'quokka', count: 20 })).data.items as string[];
    expect(owner).toEqual(expect.arrayContaining(['Quokka on a secret board', 'Quokka secret board', 'Quokka protected board']));
    const fan = (await typeahead('fan', { term: 'quokka', count: 20 })).data.items as string[];
    expect(fan).toEqual(expect.arrayContaining(['Quokka saved to a private profile', 'Quokka private board']));
  });

  it('keeps to the scope', async () => {
    const boards = await typeahead('owner', { term: 'quokka', pin_scope: 'boards', count: 20 });
    expect(new Set(boards.data.items)).toEqual(new Set(['Quokka public board', 'Quokka secret board', 'Quokka protected board']));
    const users = await typeahead('anonymous', { term: 'srchpri', pin_scope: 'users' });
    expect(users.data).toEqual({ items: ['srchprivy'], hint: 'srchprivy', suggestions: [{ label: 'srchprivy', kind: 'user', url: '/srchprivy/' }] });
    const mine = await typeahead('collaborator', { term: 'quokka', pin_scope: 'my_pins', count: 20 });
    expect(new Set(mine.data.items)).toEqual(new Set(['Quokka added by a collaborator', 'Quokka secret by a collaborator']));
    expect((await typeahead('anonymous', { term: 'quokka', pin_scope: 'my_pins' })).httpStatus).toBe(401);
  });

  it('has no hint when nothing starts with the term, and nothing for an empty term', async () => {
    expect((await typeahead('anonymous', { term: 'wombat' })).data).toEqual({
      items: ['Big wombat'],
      hint: null,
      suggestions: [{ label: 'Big wombat', kind: 'pin', url: '/search/?q=Big+wombat&rs=ac&scope=pins' }],
    });
    expect((await typeahead('anonymous', { term: 'zzqxnothing' })).data).toEqual({ items: [], hint: null, suggestions: [] });
    expect((await typeahead('anonymous', { term: '' })).data).toEqual({ items: [], hint: null, suggestions: [] });
    expect((await typeahead('anonymous', {})).data).toEqual({ items: [], hint: null, suggestions: [] });
  });

  it('checks its options', async () => {
    for (const [options, field] of [
      [{ term: 'lem', count: 0 }, 'count'],
      [{ term: 'lem', count: 21 }, 'count'],
      [{ term: 'x'.repeat(101) }, 'term'],
      [{ term: 'lem', pin_scope: 'all' }, 'pin_scope'],
    ] as const) {
      const r = await typeahead('anonymous', options);
      expect(r.httpStatus).toBe(400);
      expect(r.error?.field).toBe(field);
    }
  });
});
