/**
 * Crawler link lists (decision 060): a bot's first HTML of a profile, board,
 * section, Pin, idea and Today page carries its visible content as plain HTML,
 * each link marked with its page kind; secret and private content never
 * appears; a person's first HTML has an empty root as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let t: TestApp;
let owner: TestPerson;
let hidden: TestPerson;
const made = {} as {
  publicBoard: { id: string; url: string };
  secretBoard: { id: string; url: string };
  publicPin: string;
  secondPublicPin: string;
  secretPin: string;
  section: { url: string };
  privateBoardUrl: string;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await t.person('Crawl Owner', 'cr');
  hidden = await t.person('Hidden Person', 'cr');
  const jpeg = await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 7 });
  const publicBoard = (await owner.c.resource('BoardResource', 'create', { name: 'Open garden ideas', privacy: 'public' })).data;
  const secretBoard = (await owner.c.resource('BoardResource', 'create', { name: 'Hidden surprise party', privacy: 'secret' })).data;
  made.publicBoard = { id: publicBoard.id, url: publicBoard.url };
  made.secretBoard = { id: secretBoard.id, url: secretBoard.url };
  made.publicPin = (
    await owner.c.upload('PinResource', 'create', { board_id: publicBoard.id, title: 'Tomato trellis', description: 'Tied with twine' }, jpeg)
  ).data.id;
  made.secondPublicPin = (await owner.c.upload('PinResource', 'create', { board_id: publicBoard.id, title: 'Bean teepee' }, jpeg)).data.id;
  made.secretPin = (await owner.c.upload('PinResource', 'create', { board_id: secretBoard.id, title: 'Secret cake plan' }, jpeg)).data.id;
  const section = (await owner.c.resource('BoardSectionResource', 'create', { board_id: publicBoard.id, title: 'Climbers' })).data;
  made.section = { url: section.url };
  // A private profile: its boards are for its followers only.
  const privateBoard = (await hidden.c.resource('BoardResource', 'create', { name: 'Private notebook', privacy: 'public' })).data;
  made.privateBoardUrl = privateBoard.url;
  await hidden.c.upload('PinResource', 'create', { board_id: privateBoard.id, title: 'Private note' }, jpeg);
  expect((await hidden.c.resource('UserResource', 'update', { is_private_profile: true })).httpStatus).toBe(200);
});
afterAll(() => t.close());

const page = async (url: string, userAgent = GOOGLEBOT) => {
  const res = await t.client().request('GET', url, { headers: { accept: 'text/html', 'user-agent': userAgent } });
  return { status: res.statusCode, html: res.body, root: /<div id="root">([\s\S]*?)<\/div>\s*(<script|<\/body>)/.exec(res.body)?.[1] ?? '' };
};
const links = (root: string) => [...root.matchAll(/<a href="([^"]*)" data-page-kind="([^"]*)">/g)].map((m) => [m[1], m[2]]);

describe('a crawler reads the visible content as links', () => {
  it('a profile lists its public boards, never its secret ones', async () => {
    const { status, root } = await page(`/${owner.username}/`);
    expect(status).toBe(200);
    expect(root).toContain('<h1>Crawl Owner (@');
    expect(links(root)).toContainEqual([made.publicBoard.url, 'board']);
    expect(root).not.toContain('Hidden surprise party');
    expect(root).not.toContain(made.secretBoard.url);
  });

  it("a board lists its Pins and its owner's profile", async () => {
    const { root } = await page(made.publicBoard.url);
    expect(root).toContain('<h1>Open garden ideas</h1>');
    expect(links(root)).toEqual(
      expect.arrayContaining([
        [`/pin/${made.publicPin}/`, 'pin'],
        [`/pin/${made.secondPublicPin}/`, 'pin'],
        [`/${owner.username}/`, 'profile'],
      ]),
    );
    expect(root).not.toContain(made.secretPin);
  });

  it('a section lists its board', async () => {
    const { status, root } = await page(made.section.url);
    expect(status).toBe(200);
    expect(root).toContain('<h1>Climbers</h1>');
    expect(links(root)).toContainEqual([made.publicBoard.url, 'board']);
  });

  it('a Pin carries its title, description, image and links to its board and pinner', async () => {
    const { root } = await page(`/pin/${made.publicPin}/`);
    expect(root).toContain('<h1>Tomato trellis</h1>');
    expect(root).toContain('<p>Tied with twine</p>');
    expect(root).toMatch(/<img src="http:\/\/[^"]+\/media\/[^"]+" alt="Tomato trellis">/);
    expect(links(root)).toEqual(
      expect.arrayContaining([
        [made.publicBoard.url, 'board'],
        [`/${owner.username}/`, 'profile'],
      ]),
    );
  });

  it('a secret board, its Pin and a private profile show nothing to a crawler', async () => {
    for (const url of [made.secretBoard.url, `/pin/${made.secretPin}/`]) {
      const { status, root, html } = await page(url);
      expect(status).toBe(404);
      expect(root).not.toMatch(/data-crawler-links/);
      expect(html).not.toMatch(/Hidden surprise party|Secret cake plan/);
    }
    const { status, root } = await page(`/${hidden.username}/`);
    expect(status).toBe(200);
    expect(root).not.toContain(made.privateBoardUrl);
    expect(root).not.toContain('Private notebook');
  });

  it('the Today index and an idea page carry their lists', async () => {
    const today = await page('/today/');
    expect(today.root).toContain('data-crawler-links');
    const idea = await page('/ideas/food-and-drink/');
    expect(idea.status).toBe(200);
    expect(idea.root).toContain('data-crawler-links');
  });

  it("a person's first HTML has none of it", async () => {
    const { status, html } = await page(made.publicBoard.url, BROWSER);
    expect(status).toBe(200);
    expect(html).not.toContain('data-crawler-links');
    expect(html).not.toContain(`/pin/${made.publicPin}/`);
  });

  it('a board made secret after a crawler read it leaves its list and its Pin page', async () => {
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Soon secret', privacy: 'public' })).data;
    const jpeg = await makeTestImage({ width: 200, height: 200, format: 'jpeg', seed: 9 });
    const pin = (await owner.c.upload('PinResource', 'create', { board_id: board.id, title: 'Soon hidden Pin' }, jpeg)).data.id;
    expect(links((await page(`/${owner.username}/`)).root)).toContainEqual([board.url, 'board']);
    expect((await page(`/pin/${pin}/`)).status).toBe(200);
    expect((await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' })).httpStatus).toBe(200);
    // The signed-out copies are forgotten on PostgreSQL's notice, a moment after the commit.
    await expect.poll(async () => (await page(`/pin/${pin}/`)).status).toBe(404);
    await expect.poll(async () => (await page(`/${owner.username}/`)).root.includes(board.url)).toBe(false);
  });

  it('user text is escaped', async () => {
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Tags <b>&</b> "quotes"', privacy: 'public' })).data;
    const { root } = await page(board.url);
    expect(root).toContain('<h1>Tags &#60;b&#62;&#38;&#60;/b&#62; &#34;quotes&#34;</h1>');
  });
});
