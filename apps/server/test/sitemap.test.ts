/**
 * The sitemap: robots.txt names it; the index lists keyset-paged
 * sub-sitemaps by page kind; they hold public profiles, boards and Pins and
 * never secret, protected, private, archived or removed ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBoard, makePin, makeStoredImage, makeUser } from '../src/seed/factories';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
const ids = {} as Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ SITEMAP_URLS_PER_FILE: '2', PUBLIC_URL: 'https://pins.example' });
  const image = await makeStoredImage(t.media, { seed: 77, width: 120, height: 120 });
  const open = await makeUser(t.db, { username: 'smopen' });
  const hidden = await makeUser(t.db, { username: 'smhidden' });
  await t.db.query('UPDATE users SET is_private_profile = true WHERE id = $1', [hidden.id]);
  const pub = await makeBoard(t.db, open.id, { name: 'Sm public' });
  const secret = await makeBoard(t.db, open.id, { name: 'Sm secret', privacy: 'secret' });
  const prot = await makeBoard(t.db, open.id, { name: 'Sm protected', privacy: 'protected' });
  const removedBoard = await makeBoard(t.db, open.id, { name: 'Sm removed' });
  await t.db.query(`UPDATE boards SET moderation = 'removed' WHERE id = $1`, [removedBoard.id]);
  const hiddenBoard = await makeBoard(t.db, hidden.id, { name: 'Sm of private' });
  Object.assign(ids, {
    pub: pub.id,
    pubSlug: pub.slug,
    secret: secret.id,
    prot: prot.id,
    removedBoard: removedBoard.id,
    hiddenBoard: hiddenBoard.id,
    pinPub: await makePin(t.db, { pinnerId: open.id, boardId: pub.id, image }),
    pinPub2: await makePin(t.db, { pinnerId: open.id, boardId: pub.id, image }),
    pinBoardless: await makePin(t.db, { pinnerId: open.id, boardId: null, image }),
    pinSecret: await makePin(t.db, { pinnerId: open.id, boardId: secret.id, image }),
    pinProt: await makePin(t.db, { pinnerId: open.id, boardId: prot.id, image }),
    pinPrivate: await makePin(t.db, { pinnerId: hidden.id, boardId: hiddenBoard.id, image }),
    pinRemoved: await makePin(t.db, { pinnerId: open.id, boardId: pub.id, image }),
    pinOnRemovedBoard: await makePin(t.db, { pinnerId: open.id, boardId: removedBoard.id, image }),
  });
  await t.db.query(`UPDATE pins SET moderation = 'removed' WHERE id = $1`, [ids.pinRemoved]);
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

async function everything(kind: string) {
  const index = await t.client().request('GET', '/sitemap.xml');
  const files = locs(index.body).filter((l) => l.includes(`/sitemaps/${kind}-`));
  const all: string[] = [];
  for (const file of files) {
    const res = await t.client().request('GET', new URL(file).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const got = locs(res.body);
    expect(got.length).toBeLessThanOrEqual(2);
    all.push(...got);
  }
  return { files, all };
}

describe('sitemap', () => {
  it('is named by robots.txt and is an index of sub-sitemaps by page kind', async () => {
    const robots = await t.client().request('GET', '/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toMatch(/^Sitemap: https:\/\/pins\.example\/sitemap\.xml$/m);
    const index = await t.client().request('GET', '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index.body)).toContain('https://pins.example/sitemaps/ideas.xml');
    expect(locs(index.body).some((l) => /\/sitemaps\/profile-0\.xml$/.test(l))).toBe(true);
    const ideas = await t.client().request('GET', '/sitemaps/ideas.xml');
    expect(locs(ideas.body).length).toBeGreaterThan(0);
  });

  it('lists public Pins (on public boards and the profile), paged by keyset, and nothing secret, protected, private or removed', async () => {
    const { files, all } = await everything('pin');
    expect(files.length).toBe(2); // three Pins, two per file
    expect(new Set(all).size).toBe(all.length);
    const pinIds = all.map((l) => /\/pin\/(\d+)\/$/.exec(l)![1]);
    expect(pinIds.sort()).toEqual([ids.pinPub, ids.pinPub2, ids.pinBoardless].sort());
  });

  it('lists public boards and profiles only', async () => {
    const boards = (await everything('board')).all;
    expect(boards).toEqual([`https://pins.example/smopen/${ids.pubSlug}/`]);
    const profiles = (await everything('profile')).all;
    expect(profiles).toContain('https://pins.example/smopen/');
    expect(profiles).not.toContain('https://pins.example/smhidden/');
  });

  it('gives each Pin and board its last change as a W3C datetime in UTC', async () => {
    const res = await t.client().request('GET', '/sitemaps/pin-0.xml');
    const entry = new RegExp(`<url><loc>https://pins\\.example/pin/${ids.pinPub}/</loc><lastmod>([^<]+)</lastmod></url>`).exec(res.body);
    const [row] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM pins WHERE id = $1', [ids.pinPub]);
    expect(entry?.[1]).toBe(row!.created_at.toISOString());
    const boards = await t.client().request('GET', '/sitemaps/board-0.xml');
    const [board] = await t.db.query<{ updated_at: Date }>('SELECT updated_at FROM boards WHERE id = $1', [ids.pub]);
    expect(boards.body).toContain(`<lastmod>${board!.updated_at.toISOString()}</lastmod>`);
  });

  it('answers 404 for unknown sub-sitemaps', async () => {
    for (const path of ['/sitemaps/secret-0.xml', '/sitemaps/pin-abc.xml', '/sitemaps/pin-0.txt', '/sitemaps/pin.xml']) {
      expect((await t.client().request('GET', path)).statusCode, path).toBe(404);
    }
  });
});

describe('sitemap files read in ranges of the key', () => {
  it('list the same addresses whatever the range size, ranges with nothing listed included', async () => {
    const { subSitemap } = await import('../src/modules/sitemap/sitemap.routes');
    // A public Pin after the secret, protected, private and removed ones, so that ranges with nothing listed come first.
    const image = await makeStoredImage(t.media, { seed: 78, width: 120, height: 120 });
    const [open] = await t.db.query<{ id: string }>(`SELECT id FROM users WHERE username = 'smopen'`);
    const late = await makePin(t.db, { pinnerId: open!.id, boardId: ids.pub!, image });
    const file = async (kind: 'pin' | 'board' | 'profile', limit: number, batch?: number) => {
      let xml = '';
      for await (const part of subSitemap(t.db, kind, '0', limit, 'https://pins.example', batch)) xml += part;
      return locs(xml);
    };
    for (const kind of ['pin', 'board', 'profile'] as const) {
      const whole = await file(kind, 50_000);
      expect(whole.length).toBeGreaterThan(0);
      // Ranges of 1 and 2 ids: some hold only secret, private or removed rows, and the walk goes on past them.
      expect(await file(kind, 50_000, 1)).toEqual(whole);
      expect(await file(kind, 50_000, 2)).toEqual(whole);
      expect(await file(kind, 2, 1)).toEqual(whole.slice(0, 2));
    }
    expect((await file('pin', 50_000, 1)).map((l) => /\/pin\/(\d+)\/$/.exec(l)![1]).sort()).toEqual([ids.pinPub, ids.pinPub2, ids.pinBoardless, late].sort());
  });
});
