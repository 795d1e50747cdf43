/**
 * The demo content as a fresh install seeds it (pictures drawn small, videos left out): no title twice on a
 * first page of a board or of the demo person's home feed, no empty section, each Idea Pin on a board of its
 * subject, each Pin on a board of what its picture shows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemo } from '../src/seed/demo';
import { DEMO_THEMES } from '../src/seed/demo-themes';
import { DEMO_IDEAS } from '../src/seed/demo-videos';
import { DEFAULT_PASSWORD } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // No videos here: nothing is queued for transcoding.
  await seedDemo({ db: t.db, media: t.media, enqueueTranscode: () => Promise.reject(new Error('no videos in this test')) }, () => {}, {
    pictureScale: 0.1,
    videos: false,
  });
}, 300_000);
afterAll(() => t?.close());

let ips = 0;
const signedIn = new Map<string, TestClient>();
async function as(username: string) {
  let c = signedIn.get(username);
  if (!c) {
    c = t.client({ ip: `192.0.2.${++ips}` });
    const r = await c.resource('UserSessionResource', 'create', { username_or_email: username, password: DEFAULT_PASSWORD });
    expect(r.httpStatus, username).toBe(200);
    signedIn.set(username, c);
  }
  return c;
}

const repeated = (titles: string[]) => titles.filter((title, i) => title !== '' && titles.indexOf(title) !== i);

it('shows no title twice on the first page of any board', async () => {
  const boards = await t.db.query<{ id: string; name: string; username: string }>(
    'SELECT b.id, b.name, u.username FROM boards b JOIN users u ON u.id = b.owner_id ORDER BY b.id',
  );
  expect(boards.length).toBeGreaterThanOrEqual(40);
  for (const board of boards) {
    const page = await (await as(board.username)).resource('BoardFeedResource', 'get', { board_id: board.id, page_size: 25 });
    expect(page.httpStatus, board.name).toBe(200);
    expect(repeated((page.data as { title: string }[]).map((p) => p.title)), board.name).toEqual([]);
  }
});

it("shows no title twice on a page of the demo person's home feed (the first three pages)", async () => {
  const demo = await as(DEMO_LOGIN.username);
  let bookmark: string | undefined;
  for (let n = 1; n <= 3; n++) {
    const page = await demo.resource('UserHomefeedResource', 'get', { page_size: 25, ...(bookmark ? { bookmark } : {}) });
    const titles = (page.data as { title: string }[]).map((p) => p.title);
    expect(titles.length, `page ${n}`).toBe(25);
    expect(repeated(titles), `page ${n}`).toEqual([]);
    bookmark = page.bookmark ?? undefined;
    if (!bookmark) break;
  }
});

it('holds Pins in every section', async () => {
  const empty = await t.db.query<{ title: string; board: string }>(
    `SELECT s.title, b.name AS board FROM board_sections s JOIN boards b ON b.id = s.board_id
     WHERE NOT EXISTS (SELECT 1 FROM pins p WHERE p.section_id = s.id)`,
  );
  expect(empty).toEqual([]);
  const [n] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM board_sections');
  expect(n!.n).toBeGreaterThanOrEqual(80);
});

it('puts each Idea Pin on a board of its subject', async () => {
  const ideas = await t.db.query<{ title: string; board: string }>(
    'SELECT p.title, b.name AS board FROM pins p JOIN boards b ON b.id = p.board_id WHERE p.story_pin_data IS NOT NULL ORDER BY p.id',
  );
  expect(ideas.map((i) => i.title)).toEqual(DEMO_IDEAS.map((i) => i.title));
  for (const idea of DEMO_IDEAS) {
    const theme = DEMO_THEMES.find((th) => th.key === idea.theme)!;
    expect(theme.names, idea.title).toContain(ideas.find((i) => i.title === idea.title)!.board);
  }
});

it("puts each Pin of a themed board in the board's theme, and a sectioned Pin in the section its picture fits", async () => {
  const rows = await t.db.query<{ board: string; section: string | null; title: string }>(
    `SELECT b.name AS board, s.title AS section, p.title FROM pins p JOIN boards b ON b.id = p.board_id
     LEFT JOIN board_sections s ON s.id = p.section_id WHERE p.story_pin_data IS NULL`,
  );
  // Titles are written from the picture, so one title is one picture: every board holding it is of one theme.
  const themeOf = (board: string) => DEMO_THEMES.find((th) => th.names.includes(board))?.key;
  const themesOfTitle = new Map<string, Set<string | undefined>>();
  for (const r of rows) {
    if (!themeOf(r.board)) continue;
    if (!themesOfTitle.has(r.title)) themesOfTitle.set(r.title, new Set());
    themesOfTitle.get(r.title)!.add(themeOf(r.board));
  }
  expect(themesOfTitle.size).toBeGreaterThanOrEqual(200);
  expect([...themesOfTitle].filter(([, themes]) => themes.size > 1)).toEqual([]);
  // A night section holds night pictures.
  for (const r of rows.filter((x) => x.section === 'Moonlit' || x.section === 'By night' || x.section === 'Night sea')) {
    expect(r.title, r.board).toMatch(/moon|night/);
  }
});
