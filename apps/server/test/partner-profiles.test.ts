import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPIRATIONAL_BADGE_IDS, badgeOptOutFor } from '@pinboard/shared/constants/badges';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

let t: TestApp;
let image: StoredImage;
beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 31, width: 300, height: 400 });
});
afterAll(() => t.close());

async function person(name: string): Promise<[TestClient, string]> {
  const c = t.client();
  const { id } = await c.signUp({ email: `${name}@example.com`, username: name, full_name: `${name} Person` });
  return [c, id];
}

async function makePartner(id: string, fields: Record<string, unknown> = {}) {
  await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [id]);
  for (const [column, value] of Object.entries(fields)) await t.db.query(`UPDATE users SET ${column} = $2 WHERE id = $1`, [id, value]);
}

const profileOf = async (c: TestClient, username: string) => (await c.resource('UserResource', 'get', { username })).data;

describe('partner profiles', () => {
  it('show contact details to those who may see the content, the place only when the address is shown, nothing partner to regular profiles', async () => {
    const [owner, ownerId] = await person('shopowner');
    await makePartner(ownerId);
    const saved = await owner.resource('PartnerProfileResource', 'update', {
      contact_email: 'hello@shop.example',
      contact_phone: '20 7946 0000',
      contact_phone_code: '+44',
      profile_place: '1 Market Street, London',
    });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.partner).toMatchObject({ contact_email: 'hello@shop.example', contact_phone_country: { phone_code: '+44' } });

    const anon = await profileOf(t.client(), 'shopowner');
    expect(anon).toMatchObject({
      is_partner: true,
      partner: {
        contact_email: 'hello@shop.example',
        contact_phone: '20 7946 0000',
        enable_profile_message: true,
        enable_profile_address: false,
        profile_place: null,
      },
      profile_cover: { source: 'empty' },
    });
    await owner.resource('PartnerProfileResource', 'update', { enable_profile_address: true });
    expect((await profileOf(t.client(), 'shopowner')).partner.profile_place).toBe('1 Market Street, London');

    // A private business shows its contact details to followers only.
    await owner.resource('UserResource', 'update', { is_private_profile: true });
    const [stranger] = await person('shopstranger');
    const hidden = await profileOf(stranger, 'shopowner');
    expect(hidden.partner).toMatchObject({ contact_email: null, contact_phone: null, contact_phone_country: null, profile_place: null });
    expect((await profileOf(owner, 'shopowner')).partner.contact_email).toBe('hello@shop.example');

    const [, regularId] = await person('regularjoe');
    const regular = await profileOf(t.client(), 'regularjoe');
    expect(regular).toMatchObject({ is_partner: false, partner: null, profile_cover: { source: 'empty' }, profile_views: -1 });
    void regularId;
  });

  it('refuses partner settings to regular accounts, signed-out people and bad contact details', async () => {
    const [regular] = await person('notabusiness');
    expect((await regular.resource('PartnerProfileResource', 'update', { contact_email: 'a@b.example' })).httpStatus).toBe(403);
    expect((await t.client().resource('PartnerProfileResource', 'update', { contact_email: 'a@b.example' })).httpStatus).toBe(401);
    const [biz, bizId] = await person('bizvalid');
    await makePartner(bizId);
    const bad = await biz.resource('PartnerProfileResource', 'update', { contact_email: 'not an email' });
    expect(bad).toMatchObject({ httpStatus: 400, error: { field: 'contact_email' } });
    expect((await biz.resource('PartnerProfileResource', 'update', { contact_phone: 'call me' })).httpStatus).toBe(400);
  });

  it('takes a cover through the image pipeline, serves it to everyone, and replaces it', async () => {
    const [owner, ownerId] = await person('covered');
    expect(
      (await owner.upload('ProfileCoverResource', 'create', {}, await makeTestImage({ width: 900, height: 300, format: 'jpeg', seed: 4 }))).httpStatus,
    ).toBe(403);
    await makePartner(ownerId);
    const set = await owner.upload('ProfileCoverResource', 'create', {}, await makeTestImage({ width: 1600, height: 600, format: 'png', seed: 4 }));
    expect(set.httpStatus).toBe(200);
    const cover = set.data.profile_cover;
    expect(cover.source).toBe('image');
    expect(Object.keys(cover.images).sort()).toEqual(['1200x', '736x', 'orig']);
    expect(cover.images['1200x']).toMatchObject({ width: 1200, height: 450 });
    const anon = t.client();
    expect((await profileOf(anon, 'covered')).profile_cover.images['736x'].url).toBe(cover.images['736x'].url);
    const served = await anon.request('GET', cover.images['736x'].url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('public');

    const replaced = await owner.upload('ProfileCoverResource', 'create', {}, await makeTestImage({ width: 1600, height: 600, format: 'jpeg', seed: 5 }));
    expect(replaced.data.profile_cover.images['736x'].url).not.toBe(cover.images['736x'].url);
    expect((await anon.request('GET', cover.images['736x'].url)).statusCode).toBe(404);
    expect((await owner.resource('ProfileCoverResource', 'delete')).data.profile_cover).toEqual({ source: 'empty' });
    expect((await profileOf(anon, 'covered')).profile_cover).toEqual({ source: 'empty' });
  });

  it('counts monthly views of a partner by other people only; other profiles hide the line', async () => {
    const [owner, ownerId] = await person('viewedbiz');
    await makePartner(ownerId);
    const board = await makeBoard(t.db, ownerId, { name: 'Catalogue' });
    const pin = await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image, title: 'Lamp' });
    expect((await profileOf(owner, 'viewedbiz')).profile_views).toBe(0);
    const visitor = t.client();
    await profileOf(visitor, 'viewedbiz');
    await visitor.resource('PinResource', 'get', { id: pin });
    await owner.resource('PinResource', 'get', { id: pin });
    expect((await profileOf(owner, 'viewedbiz')).profile_views).toBe(2);
  });

  it('turns the Message button off when the business disabled profile messages', async () => {
    const [owner, ownerId] = await person('quietbiz');
    await makePartner(ownerId);
    const [fan] = await person('quietfan');
    expect((await profileOf(fan, 'quietbiz')).should_show_messaging).toBe(true);
    await owner.resource('PartnerProfileResource', 'update', { enable_profile_message: false });
    expect((await profileOf(fan, 'quietbiz')).should_show_messaging).toBe(false);
  });
});

describe('verified merchants and inspirational badges', () => {
  const choose = (ids: string[], badgeColor = '#0A7C42') => ({ inspirational_badge_selection: { badgeColor, badgeOptOut: badgeOptOutFor(ids) } });

  it('lets the merchant choose up to three badges and a colour, and shows them on the profile', async () => {
    const [merchant, merchantId] = await person('merchant');
    await t.db.query('UPDATE users SET is_verified_merchant = true WHERE id = $1', [merchantId]);
    const before = await t.client().resource('VerifiedMerchantResource', 'get', { userId: merchantId });
    expect(before.data.inspirational_signal.badge_details.map((b: { id: string }) => b.id)).toEqual(INSPIRATIONAL_BADGE_IDS);
    expect(before.data.inspirational_signal.badge_details[0]).toMatchObject({
      label: expect.any(String),
      description: expect.any(String),
      controlsTooltip: expect.any(String),
    });
    expect(before.data.inspirational_signal.inspirational_badge_selection.badgeOptOut).toEqual(INSPIRATIONAL_BADGE_IDS);
    expect(before.data.is_inspirational_merchant).toBe(false);

    const updated = await merchant.resource('VerifiedMerchantResource', 'update', { userId: merchantId, ...choose(['vegan', 'handmade'], '#0a7c42') });
    expect(updated.httpStatus).toBe(200);
    expect(updated.data.inspirational_signal.inspirational_badge_selection).toEqual({
      badgeColor: '#0A7C42',
      badgeOptOut: badgeOptOutFor(['handmade', 'vegan']),
    });
    const profile = await profileOf(t.client(), 'merchant');
    expect(profile).toMatchObject({ is_verified_merchant: true, is_inspirational_merchant: true });
    expect(profile.inspirational_signal.inspirational_badge_selection.badgeOptOut).not.toContain('vegan');
  });

  it('refuses more than three badges, unknown badges and colours that are not #rrggbb', async () => {
    const [merchant, merchantId] = await person('strictmerchant');
    await t.db.query('UPDATE users SET is_verified_merchant = true WHERE id = $1', [merchantId]);
    const four = await merchant.resource('VerifiedMerchantResource', 'update', choose(INSPIRATIONAL_BADGE_IDS.slice(0, 4)));
    expect(four).toMatchObject({ httpStatus: 400, error: { field: 'inspirational_badge_selection.badgeOptOut', message: 'Choose at most 3 badges.' } });
    const unknown = await merchant.resource('VerifiedMerchantResource', 'update', {
      inspirational_badge_selection: { badgeColor: '#111111', badgeOptOut: [...INSPIRATIONAL_BADGE_IDS, 'gold_star'] },
    });
    expect(unknown.httpStatus).toBe(400);
    for (const badgeColor of ['red', '#12345', '#1234567', '#GGGGGG']) {
      expect((await merchant.resource('VerifiedMerchantResource', 'update', choose(['vegan'], badgeColor))).httpStatus).toBe(400);
    }
    const stored = await t.db.one<{ inspirational_badges: string[] }>('SELECT inspirational_badges FROM users WHERE id = $1', [merchantId]);
    expect(stored?.inspirational_badges).toEqual([]);
  });

  it('lets only the merchant change their own badges', async () => {
    const [, merchantId] = await person('ownmerchant');
    await t.db.query('UPDATE users SET is_verified_merchant = true WHERE id = $1', [merchantId]);
    const [other, otherId] = await person('othermerchant');
    await t.db.query('UPDATE users SET is_verified_merchant = true WHERE id = $1', [otherId]);
    expect((await other.resource('VerifiedMerchantResource', 'update', { userId: merchantId, ...choose(['vegan']) })).httpStatus).toBe(403);
    expect((await t.client().resource('VerifiedMerchantResource', 'update', { userId: merchantId, ...choose(['vegan']) })).httpStatus).toBe(401);
    const [plain] = await person('plainperson');
    expect((await plain.resource('VerifiedMerchantResource', 'update', choose(['vegan']))).httpStatus).toBe(403);
    expect((await t.client().resource('VerifiedMerchantResource', 'get', { userId: otherId })).httpStatus).toBe(200);
    const stored = await t.db.one<{ inspirational_badges: string[] }>('SELECT inspirational_badges FROM users WHERE id = $1', [merchantId]);
    expect(stored?.inspirational_badges).toEqual([]);
    const nonMerchant = await makeUser(t.db);
    expect((await t.client().resource('VerifiedMerchantResource', 'get', { userId: nonMerchant.id })).httpStatus).toBe(404);
  });
});

describe('tried Pins', () => {
  it('are marked by each person for themselves and listed on their Tried tab', async () => {
    const [cook, cookId] = await person('cook');
    const [, authorId] = await person('author');
    const board = await makeBoard(t.db, authorId, { name: 'Recipes' });
    const pin = await makePin(t.db, { pinnerId: authorId, boardId: board.id, image, title: 'Lemon cake' });

    expect((await profileOf(t.client(), 'cook')).eligible_profile_tabs.map((tab: { tab_type: number }) => tab.tab_type)).toEqual([0, 1]);
    expect((await profileOf(cook, 'cook')).eligible_profile_tabs.map((tab: { tab_type: number }) => tab.tab_type)).toEqual([0, 1, 3]);

    expect((await t.client().resource('PinTriedResource', 'create', { pin_id: pin })).httpStatus).toBe(401);
    const marked = await cook.resource('PinTriedResource', 'create', { pin_id: pin });
    expect(marked.data).toEqual({ pin_id: pin, tried_by_me: true, tried_count: 1 });
    expect((await cook.resource('PinTriedResource', 'create', { pin_id: pin })).data.tried_count).toBe(1);

    // Someone else reads the Pin: the flag is theirs, not the cook's.
    const [other] = await person('otherreader');
    expect((await other.resource('PinTriedResource', 'get', { pin_id: pin })).data).toEqual({ pin_id: pin, tried_by_me: false, tried_count: 1 });
    expect((await other.resource('PinTriedResource', 'delete', { pin_id: pin })).data.tried_count).toBe(1);

    const tab = await t.client().resource('UserTriedPinsResource', 'get', { username: 'cook' });
    expect(tab.data.map((p: { id: string }) => p.id)).toEqual([pin]);
    expect((await profileOf(t.client(), 'cook')).eligible_profile_tabs.map((tab: { tab_type: number }) => tab.tab_type)).toEqual([0, 1, 3]);

    expect((await cook.resource('PinTriedResource', 'delete', { pin_id: pin })).data).toEqual({ pin_id: pin, tried_by_me: false, tried_count: 0 });
    expect((await t.client().resource('UserTriedPinsResource', 'get', { username: 'cook' })).data).toEqual([]);
    void cookId;
  });

  it('cannot be marked on Pins one may not see, and the Tried tab shows only what the viewer may see', async () => {
    const [owner, ownerId] = await person('secretcook');
    const secret = await makeBoard(t.db, ownerId, { name: 'Hidden recipes', privacy: 'secret' });
    const hiddenPin = await makePin(t.db, { pinnerId: ownerId, boardId: secret.id, image, title: 'Secret soup' });
    const publicBoard = await makeBoard(t.db, ownerId, { name: 'Open recipes' });
    const openPin = await makePin(t.db, { pinnerId: ownerId, boardId: publicBoard.id, image, title: 'Open soup' });
    const [stranger] = await person('soupstranger');
    expect((await stranger.resource('PinTriedResource', 'create', { pin_id: hiddenPin })).httpStatus).toBe(404);
    expect((await stranger.resource('PinTriedResource', 'get', { pin_id: hiddenPin })).httpStatus).toBe(404);

    await owner.resource('PinTriedResource', 'create', { pin_id: hiddenPin });
    await owner.resource('PinTriedResource', 'create', { pin_id: openPin });
    expect((await owner.resource('UserTriedPinsResource', 'get', { username: 'secretcook' })).data.map((p: { id: string }) => p.id)).toEqual([
      openPin,
      hiddenPin,
    ]);
    expect((await stranger.resource('UserTriedPinsResource', 'get', { username: 'secretcook' })).data.map((p: { id: string }) => p.id)).toEqual([openPin]);

    // A private profile's Tried tab is for its followers.
    await owner.resource('UserResource', 'update', { is_private_profile: true });
    expect((await stranger.resource('UserTriedPinsResource', 'get', { username: 'secretcook' })).data).toEqual([]);
    expect((await profileOf(stranger, 'secretcook')).eligible_profile_tabs.map((tab: { tab_type: number }) => tab.tab_type)).toEqual([0, 1]);
  });
});

describe('board suggestions (Pin clusters)', () => {
  const clusters = async (c: TestClient, query = '') => {
    const res = await c.request('GET', `/v3/users/profile/pins/clusters/${query}`);
    return { status: res.statusCode, body: res.json() as { status: string; data: { id: string; names: string[]; thumbnails: string[]; pin_count: number }[] } };
  };

  it('group the owner’s boardless Pins by shared title words or link site, for the owner only', async () => {
    const [owner, ownerId] = await person('clusterer');
    const pins: Record<string, string> = {};
    for (const [key, title, link] of [
      ['s1', 'Sourdough starter', ''],
      ['s2', 'Sourdough crumb shots', ''],
      ['s3', 'Rustic sourdough loaf', ''],
      ['b1', 'Balcony herb garden', 'https://www.plants.example/herbs'],
      ['b2', 'Balcony lights', 'https://plants.example/lights'],
      ['p1', 'Terracotta pots', 'https://pots.example/terracotta'],
      ['k1', 'Wool scarf', 'https://knits.example/scarf'],
      ['k2', 'Knitted hat', 'https://www.knits.example/hat'],
      ['x1', 'Something else entirely', ''],
    ] as const) {
      pins[key] = await makePin(t.db, { pinnerId: ownerId, image, title, link });
    }
    const board = await makeBoard(t.db, ownerId, { name: 'Already organised' });
    await makePin(t.db, { pinnerId: ownerId, boardId: board.id, image, title: 'Sourdough on a board' });

    const { status, body } = await clusters(owner);
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data.map((c) => [c.names[c.names.length - 1], c.pin_count])).toEqual([
      ['Sourdough', 3],
      ['Balcony', 2],
      ['knits.example', 2],
    ]);
    expect(body.data[0]!.id).toMatch(/^\d+$/);
    expect(body.data[0]!.thumbnails).toHaveLength(3);
    expect(body.data[0]!.thumbnails[0]).toMatch(/_236x\.jpg$/);
    expect((await clusters(owner, '?max_cluster_limit=1')).body.data).toHaveLength(1);
    expect((await clusters(owner, '?max_cluster_limit=11')).status).toBe(400);

    const feed = await owner.request('GET', `/v3/users/profile/pins/cluster/${body.data[0]!.id}/feed/`);
    expect((feed.json() as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([pins.s3, pins.s2, pins.s1]);

    // Only the owner: the path names nobody, so others see their own (none) and visitors must log in.
    expect((await clusters(t.client())).status).toBe(401);
    const [other] = await person('nosyneighbour');
    expect((await clusters(other)).body.data).toEqual([]);
    expect((await other.request('GET', `/v3/users/profile/pins/cluster/${body.data[0]!.id}/feed/`)).statusCode).toBe(404);
    expect((await profileOf(owner, 'clusterer')).has_pin_clusters).toBe(true);
    expect((await profileOf(other, 'clusterer')).has_pin_clusters).toBe(false);
  });

  it('leave out quick saves when asked and never contain Pins the owner may no longer see', async () => {
    const [owner, ownerId] = await person('quicksaver');
    const [, authorId] = await person('quickauthor');
    const authorBoard = await makeBoard(t.db, authorId, { name: 'Hikes' });
    const parent = await makePin(t.db, { pinnerId: authorId, boardId: authorBoard.id, image, title: 'Alpine hike' });
    await makePin(t.db, { pinnerId: ownerId, image, title: 'Alpine hike', parentPinId: parent });
    await makePin(t.db, { pinnerId: ownerId, image, title: 'Alpine lakes' });
    expect((await clusters(owner)).body.data.map((c) => c.pin_count)).toEqual([2]);
    expect((await clusters(owner, '?exclude_quick_save_pins=true')).body.data).toEqual([]);

    // Someone else's boardless Pins never show up in a person's suggestions.
    await makePin(t.db, { pinnerId: authorId, image, title: 'Alpine flowers' });
    await makePin(t.db, { pinnerId: authorId, image, title: 'Alpine huts' });
    const mine = (await clusters(owner)).body.data;
    const feed = await owner.request('GET', `/v3/users/profile/pins/cluster/${mine[0]!.id}/feed/`);
    const ids = (feed.json() as { data: { pinner: { id: string } }[] }).data.map((p) => p.pinner.id);
    expect(ids).toEqual([ownerId, ownerId]);
  });

  it('put a cluster’s Pins on a board the owner made from it', async () => {
    const [owner, ownerId] = await person('organiser');
    const a = await makePin(t.db, { pinnerId: ownerId, image, title: 'Ceramic mugs' });
    const b = await makePin(t.db, { pinnerId: ownerId, image, title: 'Ceramic vases' });
    const [cluster] = (await clusters(owner)).body.data;
    expect(cluster!.names).toContain('Ceramic');
    const read = await owner.resource('PinClusterResource', 'get', { cluster_id: cluster!.id });
    expect(read.data).toMatchObject({ id: cluster!.id, pin_count: 2 });

    const board = (await owner.resource('BoardResource', 'create', { name: 'Ceramic', aux_data: { source: 'create_pin_cluster_page' } })).data;
    const [other, otherId] = await person('boardthief');
    const otherBoard = await makeBoard(t.db, otherId, { name: 'Mine' });
    expect((await owner.resource('PinClusterResource', 'update', { cluster_id: cluster!.id, board_id: otherBoard.id })).httpStatus).toBe(403);
    expect((await other.resource('PinClusterResource', 'update', { cluster_id: cluster!.id, board_id: otherBoard.id })).httpStatus).toBe(404);

    const moved = await owner.resource('PinClusterResource', 'update', { cluster_id: cluster!.id, board_id: board.id });
    expect(moved.data).toMatchObject({ board_id: board.id, moved_count: 2 });
    expect(new Set(moved.data.moved_pin_ids)).toEqual(new Set([a, b]));
    const boardAfter = (await owner.resource('BoardResource', 'get', { board_id: board.id })).data;
    expect(boardAfter.pin_count).toBe(2);
    expect((await clusters(owner)).body.data).toEqual([]);
    expect((await owner.resource('PinClusterResource', 'update', { cluster_id: cluster!.id, board_id: board.id })).httpStatus).toBe(404);
  });
});

describe('business accounts and claimed websites', () => {
  let open: TestApp;
  let site: Server;
  let page = '';
  beforeAll(async () => {
    // The shop's site runs on loopback, which the server may read only with this test setting.
    open = await buildTestApp({ FETCH_ALLOW_PRIVATE_ADDRESSES: 'true' });
    site = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await open.close();
  });

  it('a person converts to a business, claims the website with its meta tag and becomes a verified merchant', async () => {
    const shop = open.client();
    await shop.signUp({ email: 'claimer@example.com', username: 'claimer' });
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    await shop.resource('UserResource', 'update', { website_url: url });
    expect((await shop.resource('BusinessAccountResource', 'create')).data).toMatchObject({ is_partner: true, is_verified_merchant: false });

    const claim = (await shop.resource('WebsiteClaimResource', 'get')).data;
    expect(claim).toMatchObject({ website_url: url, is_primary_website_verified: false });
    expect(claim.meta_tag).toMatch(/^<meta name="p:domain_verify" content="[0-9a-f]{32}"\/>$/);

    page = '<html><head><meta name="p:domain_verify" content="someone-else"></head></html>';
    expect((await shop.resource('WebsiteClaimResource', 'create')).httpStatus).toBe(400);
    page = `<html><head>${claim.meta_tag}</head><body>Shop</body></html>`;
    const claimed = await shop.resource('WebsiteClaimResource', 'create');
    expect(claimed.data).toMatchObject({ is_primary_website_verified: true, is_verified_merchant: true });
    expect((await open.client().resource('UserResource', 'get', { username: 'claimer' })).data).toMatchObject({
      is_verified_merchant: true,
      is_primary_website_verified: true,
    });

    // A new website is not claimed; back to personal is no merchant.
    await shop.resource('UserResource', 'update', { website_url: 'https://elsewhere.example/' });
    expect((await open.client().resource('UserResource', 'get', { username: 'claimer' })).data.is_verified_merchant).toBe(false);
    await shop.resource('UserResource', 'update', { website_url: url });
    expect((await shop.resource('BusinessAccountResource', 'delete')).data).toMatchObject({ is_partner: false, is_verified_merchant: false });
  });

  it('reads a home page built to be slow to read without holding up the server', async () => {
    const shop = open.client();
    await shop.signUp({ email: 'slowpage@example.com', username: 'slowpage' });
    await shop.resource('UserResource', 'update', { website_url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/` });
    await shop.resource('BusinessAccountResource', 'create');
    const tag = (await shop.resource('WebsiteClaimResource', 'get')).data.meta_tag;
    // Unclosed <meta tags to the end of the page.
    page = `<html><head>${tag}</head><body>${'<meta '.repeat(20_000)}`;
    const res = await shop.resource('WebsiteClaimResource', 'create');
    expect(res.data).toMatchObject({ is_primary_website_verified: true });
  });

  it('never reads private addresses without the test setting', async () => {
    const [c] = await person('guardedclaim');
    await c.resource('UserResource', 'update', { website_url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/` });
    await c.resource('BusinessAccountResource', 'create');
    page = `<html><head>${(await c.resource('WebsiteClaimResource', 'get')).data.meta_tag}</head></html>`;
    expect((await c.resource('WebsiteClaimResource', 'create')).httpStatus).toBe(400);
  });
});
