/**
 * API v5 acting for an ad account (`ad_account_id`, decision 100): a token's person reads and writes as the
 * business owning the ad account, by the web app's business-access rules (decision 059) and with its audit
 * record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeBoard } from '../src/seed/factories';
import { ALL_SCOPES, PUBLIC_SCOPES, tokenFor, v5 } from './api-v5-client';
import { enableMfa, makePartner } from './business-people';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let shop: TestPerson;
let adAccount: string;
let secretBoard: string;
const tokens: Record<'admin' | 'analyst' | 'publisherNoMfa' | 'stranger' | 'adminPublicScopes', string> = {} as never;
let admin: TestPerson;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await makePartner(t, 'Shop', 'v5ad');
  adAccount = (await shop.c.resource('AdvertiserResource', 'create', { name: 'Shop ads', country: 'US', currency: 'USD' })).data.id as string;
  secretBoard = (await makeBoard(t.db, shop.id, { name: 'Launch plans', privacy: 'secret' })).id;
  await makeBoard(t.db, shop.id, { name: 'Catalogue' });
  admin = await makePartner(t, 'Ada Admin', 'v5ad');
  const analyst = await makePartner(t, 'Ana Analyst', 'v5ad');
  const publisherNoMfa = await makePartner(t, 'Pat Publisher', 'v5ad');
  const stranger = await makePartner(t, 'Sam Stranger', 'v5ad');
  const grants: [TestPerson, string[]][] = [
    [admin, ['ADMIN']],
    [analyst, ['ANALYST']],
    [publisherNoMfa, ['PROFILE_PUBLISHER']],
  ];
  for (const [p, permissions] of grants) {
    expect((await shop.c.resource('BusinessAccessResource', 'create', { business_id: shop.id, user_id: p.id, permissions })).httpStatus).toBe(200);
  }
  for (const p of [admin, analyst]) await enableMfa(p.c);
  tokens.admin = await tokenFor(t, admin, ALL_SCOPES);
  tokens.adminPublicScopes = await tokenFor(t, admin, PUBLIC_SCOPES);
  tokens.analyst = await tokenFor(t, analyst, ALL_SCOPES);
  tokens.publisherNoMfa = await tokenFor(t, publisherNoMfa, ALL_SCOPES);
  tokens.stranger = await tokenFor(t, stranger, ALL_SCOPES);
});
afterAll(() => t.close());

const names = (body: { items: { name: string }[] }) => body.items.map((b) => b.name).sort();

describe('ad_account_id', () => {
  it("reads as the ad account's business: its account, its boards (secret ones with the secret scope), their Pins", async () => {
    const account = await v5(t, tokens.admin, 'GET', `/v5/user_account?ad_account_id=${adAccount}`);
    expect([account.status, account.body.username, account.body.account_type]).toEqual([200, shop.username, 'BUSINESS']);
    expect((await v5(t, tokens.admin, 'GET', '/v5/user_account')).body.username).toBe(admin.username);

    const boards = await v5(t, tokens.admin, 'GET', `/v5/boards?ad_account_id=${adAccount}`);
    expect(boards.status).toBe(200);
    expect(names(boards.body)).toEqual(['Catalogue', 'Launch plans']);
    expect(names((await v5(t, tokens.adminPublicScopes, 'GET', `/v5/boards?ad_account_id=${adAccount}`)).body)).toEqual(['Catalogue']);
    // Without ad_account_id, the business's secret board is someone else's: 404 like a missing one.
    expect((await v5(t, tokens.admin, 'GET', `/v5/boards/${secretBoard}`)).status).toBe(404);
    const board = await v5(t, tokens.admin, 'GET', `/v5/boards/${secretBoard}?ad_account_id=${adAccount}`);
    expect([board.status, board.body.owner.username, board.body.privacy]).toEqual([200, shop.username, 'SECRET']);
    expect((await v5(t, tokens.admin, 'GET', `/v5/boards/${secretBoard}/pins?ad_account_id=${adAccount}`)).status).toBe(200);
    // An analyst reads as the business too. Someone whose role the business's two-factor rule holds back has no
    // role on its ad account until they turn it on: 404, as on the ad account's own pages.
    expect(names((await v5(t, tokens.analyst, 'GET', `/v5/boards?ad_account_id=${adAccount}`)).body)).toEqual(['Catalogue', 'Launch plans']);
    expect((await v5(t, tokens.publisherNoMfa, 'GET', `/v5/boards?ad_account_id=${adAccount}`)).status).toBe(404);
  });

  it('writes as the business where the web app acts for one, with its audit record; refused by role, and nothing made', async () => {
    const made = await v5(t, tokens.admin, 'POST', `/v5/boards?ad_account_id=${adAccount}`, { name: 'Spring drop' });
    expect([made.status, made.body.owner.username]).toEqual([201, shop.username]);
    const [audit] = await t.db.query<{ actor_id: string; action: string }>(
      'SELECT actor_id, action FROM business_audit WHERE business_id = $1 AND target_id = $2',
      [shop.id, made.body.id],
    );
    expect(audit).toEqual({ actor_id: admin.id, action: 'board.create' });

    const section = await v5(t, tokens.admin, 'POST', `/v5/boards/${made.body.id}/sections?ad_account_id=${adAccount}`, { name: 'Shoes' });
    expect(section.status).toBe(201);
    const image = (await makeTestImage({ width: 40, height: 30, format: 'png' })).toString('base64');
    const pin = await v5(t, tokens.admin, 'POST', `/v5/pins?ad_account_id=${adAccount}`, {
      board_id: made.body.id,
      board_section_id: section.body.id,
      title: 'Red shoes',
      media_source: { source_type: 'image_base64', content_type: 'image/png', data: image },
    });
    expect([pin.status, pin.body.board_owner.username, pin.body.board_section_id]).toEqual([201, shop.username, section.body.id]);
    const [pinner] = await t.db.query<{ pinner_id: string }>('SELECT pinner_id::text FROM pins WHERE id = $1', [pin.body.id]);
    expect(pinner!.pinner_id).toBe(shop.id);
    const actions = await t.db.query<{ action: string }>('SELECT action FROM business_audit WHERE business_id = $1 AND actor_id = $2 ORDER BY id', [
      shop.id,
      admin.id,
    ]);
    expect(actions.map((a) => a.action)).toEqual(['board.create', 'section.create', 'pin.create']);

    // An analyst may read as the business but not write; the refusal makes nothing.
    const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM boards WHERE owner_id = $1', [shop.id]))[0]!.n;
    expect((await v5(t, tokens.analyst, 'POST', `/v5/boards?ad_account_id=${adAccount}`, { name: 'Not mine' })).status).toBe(403);
    expect((await v5(t, tokens.publisherNoMfa, 'POST', `/v5/boards?ad_account_id=${adAccount}`, { name: 'Not yet' })).status).toBe(404);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM boards WHERE owner_id = $1', [shop.id]))[0]!.n).toBe(before);
  });

  it('answers an ad account one has no role on, or no ad account at all, 404; a path that never acts for one, 400', async () => {
    for (const id of [adAccount, '12345', 'not-an-id', '']) {
      const res = await v5(t, tokens.stranger, 'GET', `/v5/boards?ad_account_id=${encodeURIComponent(id)}`);
      expect([id, res.status, Object.keys(res.body).sort()]).toEqual([id, 404, ['code', 'message']]);
    }
    const board = (await v5(t, tokens.admin, 'GET', `/v5/boards?ad_account_id=${adAccount}`)).body.items[0].id as string;
    const refused = await v5(t, tokens.admin, 'DELETE', `/v5/boards/${board}?ad_account_id=${adAccount}`);
    expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(/^ad_account_id: /)]);
    expect((await v5(t, tokens.admin, 'GET', `/v5/boards/${board}?ad_account_id=${adAccount}`)).status).toBe(200);
  });
});
