/**
 * Today articles: staff write them, everyone reads them; their Pins are only
 * those the reader may see; unknown ids answer 404 through the API and the
 * first HTML.
 */
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccounts } from '../src/modules/users';
import { block, makeBoard, makePin, makeStoredImage, makeUser } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let staff: TestPerson;
let reader: TestPerson;
let publicPins: string[];
let secretPin: string;
let blockerPin: string;

type Article = { id: string; title: string; body: string; url: string; kind: string; slug: string; pins: { id: string }[] };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await t.person('Editor', 'td');
  reader = await t.person('Reader', 'td');
  expect(await userAccounts.setEmployee(t.db, staff.username, true)).toBe(true);
  const image = await makeStoredImage(t.media, { seed: 3, width: 60, height: 80 });
  const board = await makeBoard(t.db, staff.id, { name: 'Picks' });
  const secret = await makeBoard(t.db, staff.id, { name: 'Secret picks', privacy: 'secret' });
  publicPins = [
    await makePin(t.db, { pinnerId: staff.id, boardId: board.id, image, title: 'One' }),
    await makePin(t.db, { pinnerId: staff.id, boardId: board.id, image, title: 'Two' }),
  ];
  secretPin = await makePin(t.db, { pinnerId: staff.id, boardId: secret.id, image, title: 'Secret' });
  const blocker = await makeUser(t.db, { username: 'td_blocker' });
  const blockerBoard = await makeBoard(t.db, blocker.id, { name: 'Blocker picks' });
  blockerPin = await makePin(t.db, { pinnerId: blocker.id, boardId: blockerBoard.id, image, title: 'Blocker' });
  await block(t.db, blocker.id, reader.id);
});
afterAll(() => t.close());

describe('Today articles', () => {
  let article: Article;

  it('are written by staff only', async () => {
    const refused = await reader.c.resource('TodayArticleResource', 'create', { title: 'Mine', pin_ids: publicPins });
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.code).toBe(ERROR_CODES.FORBIDDEN.code);
    expect((await t.client().resource('TodayArticleResource', 'create', { title: 'Mine' })).httpStatus).toBe(401);
    const empty = await staff.c.resource('TodayArticleResource', 'create', { title: '  ' });
    expect(empty.httpStatus).toBe(400);
    expect(empty.error?.message).toContain('title');

    const res = await staff.c.resource('TodayArticleResource', 'create', {
      kind: 'trending',
      title: 'Spring greens',
      body: 'Five ideas for the season.',
      pin_ids: [...publicPins, secretPin, blockerPin],
    });
    expect(res.httpStatus).toBe(200);
    article = res.data as Article;
    expect(article.url).toBe(`/today/trending/spring-greens/${article.id}/`);
    expect(article.pins.map((p) => p.id)).toEqual([...publicPins, secretPin, blockerPin]);
  });

  it("show each reader only the Pins they may see, in the article's order", async () => {
    const visitor = (await t.client().resource('TodayArticleResource', 'get', { id: article.id })).data as Article;
    expect(visitor.pins.map((p) => p.id)).toEqual([...publicPins, blockerPin]);
    const blocked = (await reader.c.resource('TodayArticleResource', 'get', { id: article.id })).data as Article;
    expect(blocked.pins.map((p) => p.id)).toEqual(publicPins);
  });

  it('refuse Pins the author may not see', async () => {
    const other = await makeUser(t.db, { username: 'td_other' });
    const board = await makeBoard(t.db, other.id, { name: 'Hidden', privacy: 'secret' });
    const image = await makeStoredImage(t.media, { seed: 4, width: 60, height: 60 });
    const hidden = await makePin(t.db, { pinnerId: other.id, boardId: board.id, image, title: 'Nope' });
    const res = await staff.c.resource('TodayArticleResource', 'update', { id: article.id, pin_ids: [hidden] });
    expect(res.httpStatus).toBe(404);
  });

  it('are listed newest first on the index, and changed and deleted by staff', async () => {
    const second = (await staff.c.resource('TodayArticleResource', 'create', { title: 'Second', pin_ids: [publicPins[1]] })).data as Article;
    const index = await t.client().resource('TodayArticlesResource', 'get', { page_size: 1 });
    expect((index.data as Article[]).map((a) => a.id)).toEqual([second.id]);
    const next = await t.client().resource('TodayArticlesResource', 'get', { page_size: 1, bookmark: index.bookmark });
    expect((next.data as Article[]).map((a) => a.id)).toEqual([article.id]);

    const updated = await staff.c.resource('TodayArticleResource', 'update', { id: second.id, title: 'Second look', body: 'More.' });
    expect((updated.data as Article).url).toBe(`/today/article/second-look/${second.id}/`);
    expect((await reader.c.resource('TodayArticleResource', 'update', { id: second.id, title: 'x' })).httpStatus).toBe(403);
    expect((await reader.c.resource('TodayArticleResource', 'delete', { id: second.id })).httpStatus).toBe(403);
    expect((await staff.c.resource('TodayArticleResource', 'delete', { id: second.id })).httpStatus).toBe(200);
    expect((await t.client().resource('TodayArticleResource', 'get', { id: second.id })).httpStatus).toBe(404);
  });

  it('answer 404 for an id that does not exist and 400 for one that is not an id', async () => {
    const missing = await t.client().resource('TodayArticleResource', 'get', { id: '4242' });
    expect(missing.httpStatus).toBe(404);
    expect(missing.error?.code).toBe(ERROR_CODES.NOT_FOUND.code);
    const bad = await t.client().resource('TodayArticleResource', 'get', { id: 'x' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.error?.message).toContain('id');
  });

  it('have a first HTML with the title, and 404 for an unknown id', async () => {
    const page = await t.app.inject({ method: 'GET', url: article.url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Spring greens | Pinboard</title>');
    expect(page.body).toContain('<meta property="og:type" content="article">');
    const missing = await t.app.inject({ method: 'GET', url: '/today/article/nothing/4242/', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/today/', headers: { accept: 'text/html' } })).statusCode).toBe(200);
  });
});
