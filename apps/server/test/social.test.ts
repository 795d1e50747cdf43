import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStoredImage, makePin, type StoredImage } from '../src/seed/factories';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 21, width: 300, height: 300 });
});
afterAll(() => t.close());

async function person(name: string): Promise<[TestClient, string]> {
  const c = t.client();
  const { id } = await c.signUp({ email: `${name}@example.com`, username: name, full_name: `${name[0]!.toUpperCase()}${name.slice(1)} Person` });
  return [c, id];
}

describe('following', () => {
  it('follows and unfollows, updating counts and the flags both ways', async () => {
    const [a, aId] = await person('fola');
    const [b, bId] = await person('folb');
    const followed = await a.resource('UserFollowResource', 'create', { user_id: bId });
    expect(followed.data).toMatchObject({ explicitly_followed_by_me: true, follower_count: 1, explicitly_following_me: false });
    const profile = (await a.resource('UserResource', 'get', { username: 'folb' })).data;
    expect(profile).toMatchObject({ explicitly_followed_by_me: true, follower_count: 1 });
    expect((await b.resource('UserResource', 'get', { username: 'fola' })).data).toMatchObject({ explicitly_following_me: true, following_count: 1 });
    const followers = await t.client().resource('UserFollowersResource', 'get', { username: 'folb' });
    expect(followers.data.map((u: { username: string }) => u.username)).toEqual(['fola']);
    const following = await a.resource('UserFollowingResource', 'get', { username: 'fola' });
    expect(following.data[0]).toMatchObject({ username: 'folb', explicitly_followed_by_me: true });
    const unfollowed = await a.resource('UserFollowResource', 'delete', { user_id: bId });
    expect(unfollowed.data).toMatchObject({ explicitly_followed_by_me: false, follower_count: 0 });
    void aId;
  });

  it('refuses following oneself, a missing person, or signed out, writing nothing', async () => {
    const [a, aId] = await person('selfish');
    expect((await a.resource('UserFollowResource', 'create', { user_id: aId })).httpStatus).toBe(400);
    expect((await a.resource('UserFollowResource', 'create', { user_id: '999999' })).httpStatus).toBe(404);
    expect((await t.client().resource('UserFollowResource', 'create', { user_id: aId })).httpStatus).toBe(401);
    expect(await t.db.one('SELECT 1 FROM follows WHERE follower_id = $1', [aId])).toBeNull();
  });

  it('pages followers with a keyset bookmark', async () => {
    const [, starId] = await person('star');
    for (let i = 0; i < 5; i++) {
      const [fan] = await person(`fan${i}`);
      await fan.resource('UserFollowResource', 'create', { user_id: starId });
    }
    const seen: string[] = [];
    let bookmark: string | null = null;
    do {
      const page: { data?: { username: string }[]; bookmark?: string | null } = await t
        .client()
        .resource('UserFollowersResource', 'get', { username: 'star', page_size: 2, ...(bookmark ? { bookmark } : {}) });
      seen.push(...(page.data ?? []).map((u) => u.username));
      bookmark = page.bookmark ?? null;
    } while (bookmark);
    expect(seen).toEqual(['fan4', 'fan3', 'fan2', 'fan1', 'fan0']);
  });
});

describe('private profiles', () => {
  it('show their content only to the owner and followers, who follow through an invite code', async () => {
    const [owner, ownerId] = await person('priv');
    const [friend] = await person('privfriend');
    const [stranger] = await person('privstranger');
    const board = (await owner.resource('BoardResource', 'create', { name: 'Private life' })).data;
    const pin = await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image, title: 'Hidden holiday' });
    expect((await owner.resource('UserResource', 'update', { is_private_profile: true })).data.is_private_profile).toBe(true);

    const anon = t.client();
    for (const c of [stranger, anon]) {
      const p = (await c.resource('UserResource', 'get', { username: 'priv' })).data;
      expect(p).toMatchObject({ is_private_profile: true, content_visible: false, pin_count: 0, board_count: 0 });
      expect((await c.resource('BoardsResource', 'get', { username: 'priv' })).data).toEqual([]);
      expect((await c.resource('BoardResource', 'get', { board_id: board.id })).httpStatus).toBe(404);
      expect((await c.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(404);
      expect((await c.resource('UserPinsResource', 'get', { username: 'priv' })).data).toEqual([]);
      expect((await c.resource('UserFollowersResource', 'get', { username: 'priv' })).httpStatus).toBe(404);
      expect((await c.resource('UserHomefeedResource', 'get', { page_size: 100 })).data.map((x: { id: string }) => x.id)).not.toContain(pin);
      const profilePage = await c.request('GET', '/priv/', { headers: { accept: 'text/html' } });
      expect(profilePage.body).not.toContain('Hidden holiday');
      expect(profilePage.body).not.toContain('application/ld+json');
      expect(profilePage.body).toContain('<meta name="robots" content="noindex">');
      const page = await c.request('GET', `/pin/${pin}/`, { headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Hidden holiday');
    }
    // Following without the invite code is refused.
    expect((await stranger.resource('UserFollowResource', 'create', { user_id: ownerId })).httpStatus).toBe(403);
    const { invite_code: code, url } = (await owner.resource('InviteCodeResource', 'get')).data;
    expect(url).toBe(`/priv/?invite_code=${code}`);
    expect((await friend.resource('UserResource', 'get', { username: 'priv', invite_code: code })).data.invite_code_valid).toBe(true);
    expect((await friend.resource('UserFollowResource', 'create', { user_id: ownerId, invite_code: code })).httpStatus).toBe(200);
    expect((await friend.resource('UserResource', 'get', { username: 'priv' })).data).toMatchObject({ content_visible: true, pin_count: 1 });
    expect((await friend.resource('PinResource', 'get', { id: pin })).httpStatus).toBe(200);
    expect((await friend.resource('BoardsResource', 'get', { username: 'priv' })).data.map((b: { id: string }) => b.id)).toEqual([board.id]);
    // The images follow the same rule, and are never cached publicly.
    const img = (await friend.resource('PinResource', 'get', { id: pin })).data.images['236x'].url;
    const seen = await friend.request('GET', img);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toMatch(/^private/);
    expect((await stranger.request('GET', img)).statusCode).toBe(404);
  });

  it('redeems invite codes at the spec path, with a clear failure for a bad code', async () => {
    const [owner, ownerId] = await person('privtwo');
    await owner.resource('UserResource', 'update', { is_private_profile: true });
    const { invite_code: code } = (await owner.resource('InviteCodeResource', 'get')).data;
    const [guest, guestId] = await person('guest');
    const redeem = await guest.request('POST', `/v3/invite_code/${encodeURIComponent(encodeURIComponent(code))}/redeem/`);
    expect(redeem.statusCode).toBe(200);
    expect(redeem.json()).toMatchObject({ status: 'success', data: { username: 'privtwo', explicitly_followed_by_me: true } });
    expect(await t.db.one('SELECT 1 AS ok FROM follows WHERE follower_id = $1 AND followee_id = $2', [guestId, ownerId])).toEqual({ ok: 1 });
    const bad = await guest.request('POST', '/v3/invite_code/nope/redeem/');
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ status: 'failure', message: "That invite link isn't valid any more." });
    const land = await t.client().request('POST', '/v3/invite_code/attribution/land/', { payload: { invite_code: code } });
    expect(land.statusCode).toBe(200);
  });
});

describe('blocking', () => {
  it('cuts following both ways and stops follows and saves; unblocking allows them again', async () => {
    const [a, aId] = await person('blocker');
    const [b, bId] = await person('blocked');
    await a.resource('UserFollowResource', 'create', { user_id: bId });
    await b.resource('UserFollowResource', 'create', { user_id: aId });
    const blocked = await a.resource('UserBlockResource', 'create', { blocked_user_id: bId, source: 'profile' });
    expect(blocked.data).toMatchObject({ blocked_by_me: true, full_name: 'Blocked Person' });
    expect(
      await t.db.one('SELECT 1 FROM follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)', [aId, bId]),
    ).toBeNull();
    expect((await a.resource('UserResource', 'get', { username: 'blocked' })).data.blocked_by_me).toBe(true);
    // The blocked person is answered as if the blocker did not exist; the blocker is told it is their block.
    expect((await b.resource('UserFollowResource', 'create', { user_id: aId })).httpStatus).toBe(404);
    expect((await a.resource('UserFollowResource', 'create', { user_id: bId })).httpStatus).toBe(403);
    const aBoard = (await a.resource('BoardResource', 'create', { name: 'Blocker board' })).data;
    const aPin = await makePin(t.db, { pinnerId: aId, boardId: aBoard.id, image });
    expect((await b.resource('RepinResource', 'create', { pin_id: aPin })).httpStatus).toBe(404);
    expect((await b.resource('UserResource', 'get', { username: 'blocker' })).data.should_show_messaging).toBe(false);
    expect((await a.resource('UserBlockResource', 'create', { blocked_user_id: aId })).httpStatus).toBe(400);
    const unblocked = await a.resource('UserBlockResource', 'delete', { blocked_user_id: bId });
    expect(unblocked.data.blocked_by_me).toBe(false);
    expect((await b.resource('UserFollowResource', 'create', { user_id: aId })).httpStatus).toBe(200);
    expect((await t.client().resource('UserBlockResource', 'create', { blocked_user_id: bId })).httpStatus).toBe(401);
  });
});

describe('reports', () => {
  it('takes a report about someone else, not oneself, and needs a session', async () => {
    const [a, aId] = await person('reporter');
    const [, bId] = await person('reported');
    expect((await a.resource('UserReportResource', 'create', { user_id: bId, reason: 'spam', details: 'Sends links' })).data.status).toBe('received');
    expect((await a.resource('UserReportResource', 'create', { user_id: aId, reason: 'spam' })).httpStatus).toBe(400);
    expect((await a.resource('UserReportResource', 'create', { user_id: bId, reason: ' ' })).error?.message).toBe('Choose a reason for the report.');
    expect((await t.client().resource('UserReportResource', 'create', { user_id: bId, reason: 'spam' })).httpStatus).toBe(401);
  });

  it('takes legal takedowns by region: anonymous only for dsa and india, trusted flaggers only for dsa', async () => {
    const anon = t.client();
    const body = { law: 'GDPR', reported_url: 'https://example.com/pin/1', details: 'My photo, used without consent.', content_date: '2024-05-01' };
    expect((await anon.request('POST', '/v3/legal/takedowns/dsa/', { payload: { ...body, reporter_country: 'FR', trusted_flagger: true } })).statusCode).toBe(
      200,
    );
    expect((await anon.request('POST', '/v3/legal/takedowns/india/', { payload: { ...body, reporter_country: 'IN' } })).statusCode).toBe(200);
    expect((await anon.request('POST', '/v3/legal/takedowns/turkey/', { payload: { ...body, reporter_country: 'TR' } })).statusCode).toBe(401);
    const [signedIn] = await person('lawyer');
    expect((await signedIn.request('POST', '/v3/legal/takedowns/test/', { payload: { ...body, reporter_country: 'US' } })).statusCode).toBe(200);
    expect(
      (await signedIn.request('POST', '/v3/legal/takedowns/india/', { payload: { ...body, reporter_country: 'IN', trusted_flagger: true } })).statusCode,
    ).toBe(400);
    expect((await signedIn.request('POST', '/v3/legal/takedowns/mars/', { payload: body })).statusCode).toBe(404);
    expect((await signedIn.request('POST', '/v3/legal/takedowns/dsa/', { payload: { ...body, law: 'Nope' } })).statusCode).toBe(400);
  });
});

describe('editing one’s profile', () => {
  it('saves name, username, about, website, pronouns and picture, refusing taken or reserved usernames', async () => {
    const [a] = await person('editor');
    await person('takenname');
    const png = await makeTestImage({ width: 300, height: 300, format: 'png', seed: 5 });
    const res = await a.resource('UserResource', 'update', {
      full_name: 'Eddie Tor',
      username: 'eddie',
      about: 'Makes things',
      website_url: 'eddie.example.com',
      location: 'Lisbon',
      pronouns: ['they', 'them'],
      profile_image_base64: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.data).toMatchObject({
      full_name: 'Eddie Tor',
      username: 'eddie',
      about: 'Makes things',
      website_url: 'eddie.example.com',
      pronouns: ['they', 'them'],
    });
    expect(res.data.image_medium_url).toMatch(/^\/media\//);
    expect((await t.client().request('GET', res.data.image_medium_url)).statusCode).toBe(200);
    expect((await a.resource('UserResource', 'update', { username: 'takenname' })).httpStatus).toBe(409);
    expect((await a.resource('UserResource', 'update', { username: 'settings' })).error?.field).toBe('username');
    expect((await a.resource('UserResource', 'update', { website_url: 'not a site' })).error?.message).toBe('Oops! Please enter a valid URL.');
    expect((await t.client().resource('UserResource', 'get', { username: 'editor' })).httpStatus).toBe(404);
  });
});
