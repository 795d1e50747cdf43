/**
 * Search at scale (decision 092): Pin results ranked within tiers of the newest matching Pins, found
 * by walking the newest Pins and, past the walk, through the word index. Paging goes from tier to
 * tier without losing or repeating a Pin; a word only old Pins hold is still found (results and the
 * typeahead); what may not be seen stays out of every tier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, makeUser } from '../src/seed/factories';
import { TIER_SIZE } from '../src/modules/search/search.repo';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
/** Pins holding the common word, newest first; and the old ones holding the rare word. */
let common: string[] = [];
let rare: string[] = [];
let secretRare = '';
const COMMON = TIER_SIZE * 2 + 30;
/** More Pins than the walk reads (search.repo WALK, 3,000), so the old ones are reached through the index. */
const FILLER = 3_100;

type Found = { data: { id: string }[]; bookmark: string | null };

/** Copies a Pin `n` times with older ids (a template's columns, its title and description given per copy). */
async function copies(templateId: string, n: number, title: string, description: string, below: string) {
  const cols = (
    await t.db.query<{ c: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS c FROM pg_attribute
       WHERE attrelid = 'pins'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
         AND attname NOT IN ('id', 'title', 'description', 'search_lang')`,
    )
  )[0]!.c;
  const rows = await t.db.query<{ id: string }>(
    `INSERT INTO pins (id, title, description, ${cols})
     SELECT $2::bigint - k * 1000, replace($3, '#', k::text), replace($4, '#', k::text), ${cols.replace(/(^|, )/g, '$1p.')}
     FROM pins p CROSS JOIN generate_series(1, $5::int) AS k WHERE p.id = $1
     RETURNING id`,
    [templateId, below, title, description, n],
  );
  return rows.map((r) => r.id).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = t.client();
  other = t.client();
  const ownerId = (await owner.signUp({ email: 'scale-owner@example.com', username: 'scaleowner' })).id;
  await other.signUp({ email: 'scale-other@example.com', username: 'scaleother' });
  const image = await makeStoredImage(t.media, { seed: 21 });
  const writer = await makeUser(t.db, { username: 'scalewriter' });
  const board = await makeBoard(t.db, writer.id, { name: 'Scale board' });
  const secret = await makeBoard(t.db, ownerId, { name: 'Scale secrets', privacy: 'secret' });
  const template = await makePin(t.db, { pinnerId: writer.id, boardId: board.id, image, title: 'Template', description: '' });
  const secretTemplate = await makePin(t.db, { pinnerId: ownerId, boardId: secret.id, image, title: 'Secret template', description: '' });
  // Oldest first: the rare word (and a secret Pin with it), then the filler, then the common word, newest.
  rare = await copies(template, 3, 'Wombatry #', 'An old note.', '1000000000000');
  secretRare = (await copies(secretTemplate, 1, 'Wombatry secret', 'Hidden.', '999000000000'))[0]!;
  await copies(template, FILLER, 'Filler #', 'Nothing to see.', '4000000000000');
  // Varied descriptions, so ranks differ within a tier.
  common = await copies(template, COMMON, 'Tierword #', 'tierword '.repeat(1) + 'notes #', '9000000000000');
  await t.db.query(`UPDATE pins SET description = repeat('tierword ', 1 + (id / 1000 % 4)::int) WHERE title LIKE 'Tierword %'`);
  await t.db.query('ANALYZE pins');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function walk(client: TestClient, query: string, pageSize: number) {
  const seen: string[] = [];
  let bookmark: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const r = await client.resource('SearchResource', 'get', { query, page_size: pageSize, ...(bookmark ? { bookmark } : {}) });
    expect(r.httpStatus).toBe(200);
    const page = r.data as Found;
    seen.push(...page.data.map((p) => p.id));
    bookmark = page.bookmark;
    if (!bookmark) break;
  }
  return seen;
}

describe('search at scale', () => {
  it('pages through every tier: each matching Pin once, newer tiers first', async () => {
    const seen = await walk(other, 'tierword', 25);
    expect(seen).toHaveLength(COMMON);
    expect(new Set(seen).size).toBe(COMMON);
    expect(new Set(seen)).toEqual(new Set(common));
    // The first tier holds the newest TIER_SIZE: the first page ranks among them only.
    const firstTier = new Set(common.slice(0, TIER_SIZE));
    expect(seen.slice(0, TIER_SIZE).every((id) => firstTier.has(id))).toBe(true);
  });

  it('finds a word only Pins older than the walk hold, and not what the viewer may not see', async () => {
    const r = await other.resource('SearchResource', 'get', { query: 'wombatry' });
    expect(r.httpStatus).toBe(200);
    expect((r.data as Found).data.map((p) => p.id)).toEqual(rare);
    const mine = await owner.resource('SearchResource', 'get', { query: 'wombatry' });
    expect((mine.data as Found).data.map((p) => p.id)).toEqual([...rare, secretRare].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1)));
  });

  it('suggests titles of old Pins too, and none the viewer may not see', async () => {
    const r = await other.resource('SearchSuggestionsResource', 'get', { query: 'wombat' });
    expect(r.httpStatus).toBe(200);
    const labels = (r.data as { pins: { label: string }[] }).pins.map((p) => p.label);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((l) => /^Wombatry \d$/.test(l))).toBe(true);
    const mine = await owner.resource('SearchSuggestionsResource', 'get', { query: 'wombatry s' });
    expect((mine.data as { pins: { label: string }[] }).pins.map((p) => p.label)).toEqual(['Wombatry secret']);
    const theirs = await other.resource('SearchSuggestionsResource', 'get', { query: 'wombatry s' });
    expect((theirs.data as { pins: { label: string }[] }).pins).toEqual([]);
  });

  it('refuses a bookmark that is not a tier cursor', async () => {
    const bad = Buffer.from(JSON.stringify(['0.5', '12'])).toString('base64url');
    const r = await other.resource('SearchResource', 'get', { query: 'tierword', bookmark: bad });
    expect(r.httpStatus).toBe(400);
  });
});
