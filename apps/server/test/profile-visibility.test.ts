/**
 * The profile visibility matrix: viewer (owner, approved follower, other
 * signed-in person, blocked person, anonymous) × profile (public, private) ×
 * what is read (profile, boards, Pins, followers, following, search results,
 * page metadata). A private profile's content is for the owner and approved
 * followers only; a block cuts following, so the blocked person reads like
 * any other non-follower.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePin, makeStoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

type Viewer = 'owner' | 'follower' | 'other' | 'blocked' | 'anonymous';
type Kind = 'public' | 'private';
let t: TestApp;
const clients = {} as Record<Kind, Record<Viewer, TestClient>>;
const pinTitle = (kind: Kind) => `Zephyrine${kind}`;

beforeAll(async () => {
  t = await buildTestApp();
  const image = await makeStoredImage(t.media, { seed: 31, width: 300, height: 300 });
  for (const kind of ['public', 'private'] as const) {
    const c = {} as Record<Viewer, TestClient>;
    for (const v of ['owner', 'follower', 'other', 'blocked', 'anonymous'] as const) c[v] = t.client();
    const ownerId = (await c.owner.signUp({ email: `${kind}-owner@example.com`, username: `${kind}owner` })).id;
    const followerId = (await c.follower.signUp({ email: `${kind}-follower@example.com`, username: `${kind}follower` })).id;
    await c.other.signUp({ email: `${kind}-other@example.com`, username: `${kind}other` });
    const blockedId = (await c.blocked.signUp({ email: `${kind}-blocked@example.com`, username: `${kind}blocked` })).id;
    const board = (await c.owner.resource('BoardResource', 'create', { name: `${kind} board` })).data;
    await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image, title: pinTitle(kind) });
    const { invite_code } = (await c.owner.resource('InviteCodeResource', 'get')).data;
    await c.follower.resource('UserFollowResource', 'create', { user_id: ownerId, invite_code });
    await c.blocked.resource('UserFollowResource', 'create', { user_id: ownerId, invite_code });
    await c.owner.resource('UserFollowResource', 'create', { user_id: followerId });
    if (kind === 'private') await c.owner.resource('UserResource', 'update', { is_private_profile: true });
    await c.owner.resource('UserBlockResource', 'create', { blocked_user_id: blockedId });
    clients[kind] = c;
  }
});
afterAll(() => t.close());

const cells = (['public', 'private'] as const).flatMap((kind) =>
  (['owner', 'follower', 'other', 'blocked', 'anonymous'] as const).map((viewer) => [kind, viewer] as const),
);

describe.each(cells)('%s profile read by %s', (kind, viewer) => {
  const sees = kind === 'public' || viewer === 'owner' || viewer === 'follower';
  const username = `${kind}owner`;

  it(sees ? 'shows everything' : 'shows the header only', async () => {
    const c = clients[kind][viewer];
    const profile = await c.resource('UserResource', 'get', { username });
    expect(profile.httpStatus).toBe(200);
    expect(profile.data).toMatchObject({ username, is_private_profile: kind === 'private', content_visible: sees });
    expect(profile.data.pin_count).toBe(sees ? 1 : 0);
    expect(profile.data.board_count).toBe(sees ? 1 : 0);
    const boards = await c.resource('BoardsResource', 'get', { username });
    expect(boards.data.length).toBe(sees ? 1 : 0);
    const pins = await c.resource('UserPinsResource', 'get', { username });
    expect(pins.data.length).toBe(sees ? 1 : 0);
    for (const list of ['UserFollowersResource', 'UserFollowingResource']) {
      const r = await c.resource(list, 'get', { username });
      expect(r.httpStatus, list).toBe(sees ? 200 : 404);
    }
  });

  it('search finds the Pin and board only when the content is visible, and the person always', async () => {
    const c = clients[kind][viewer];
    const found = await c.resource('BaseSearchResource', 'get', { query: pinTitle(kind), scope: 'pins' });
    expect(found.data.length).toBe(sees ? 1 : 0);
    const boards = await c.resource('BaseSearchResource', 'get', { query: `${kind} board`, scope: 'boards' });
    expect(boards.data.some((b: { owner: { username: string } }) => b.owner.username === username)).toBe(sees);
    const people = await c.resource('BaseSearchResource', 'get', { query: username, scope: 'users' });
    // A person who blocked the viewer is not found by them.
    expect(people.data.some((u: { username: string }) => u.username === username)).toBe(viewer !== 'blocked');
  });

  it('page metadata says no more than the viewer may see', async () => {
    const c = clients[kind][viewer];
    const page = await c.request('GET', `/${username}/`, { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body.includes(pinTitle(kind))).toBe(sees && kind === 'public');
    expect(page.body.includes('application/ld+json')).toBe(kind === 'public');
    const boardPage = await c.request('GET', `/${username}/${kind}-board/`, { headers: { accept: 'text/html' } });
    expect(boardPage.statusCode).toBe(sees ? 200 : 404);
  });
});

describe("reading one's own profile as a visitor (the public preview, X-View-As: public)", () => {
  const get = (c: TestClient, name: string, options: Record<string, unknown>, asPublic: boolean) =>
    c.request('GET', `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`, asPublic ? { headers: { 'x-view-as': 'public' } } : {});

  it('answers reads as for nobody signed in, and nothing else', async () => {
    const owner = clients.public.owner;
    const secret = (await owner.resource('BoardResource', 'create', { name: 'Hidden plans', privacy: 'secret' })).data;

    const asOwner = (await get(owner, 'UserResource', { username: 'publicowner' }, false)).json().resource_response.data;
    const asPublic = (await get(owner, 'UserResource', { username: 'publicowner' }, true)).json().resource_response.data;
    expect(asOwner).toHaveProperty('allow_messages');
    expect(asPublic).not.toHaveProperty('allow_messages');
    expect(asOwner.secret_board_count).toBeGreaterThan(0);
    expect(asPublic.secret_board_count).toBe(0);

    const boards = (c: boolean) =>
      get(owner, 'BoardsResource', { username: 'publicowner' }, c).then((r) => r.json().resource_response.data.map((b: { id: string }) => b.id));
    expect(await boards(false)).toContain(secret.id);
    expect(await boards(true)).not.toContain(secret.id);
    expect((await get(owner, 'BoardResource', { board_id: secret.id }, true)).statusCode).toBe(404);

    // Only reads: a change made with the header is still the owner's.
    await owner.ensureCsrf();
    const made = await owner.request('POST', '/resource/BoardResource/create/', {
      payload: { options: { name: 'Made while previewing' } },
      headers: { 'x-view-as': 'public', 'x-csrftoken': owner.cookies.get('csrftoken') ?? '' },
    });
    expect(made.statusCode).toBe(200);
  });
});
