/**
 * Advertising: ad accounts, quick promote, campaigns, reports, billing, the
 * board rules on an ad account, and promoted Pins in home feeds. Roles today:
 * the business owning the account (owner), another signed-in person
 * (stranger), another business (rival), signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { zAdvertiserOut, zBillingOut, zCampaignOut, zReportRowOut } from '@pinboard/shared/schemas/ads';
import { zPinOut } from '@pinboard/shared/schemas/entities';
import { seedDemoAds } from '../src/seed/demo-ads';
import { makeBoard, makePin, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { countQueries } from './db-observers';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let image: StoredImage;
let owner: TestPerson;
let stranger: TestPerson;
let rival: TestPerson;
let signedOut: TestClient;
let advertiserId: string;
let rivalAdvertiserId: string;
let publicBoardId: string;
let pinId: string;

const micro = (units: number) => units * BUDGET_MICRO_MULTIPLIER;
const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function payload(o: Record<string, unknown> = {}) {
  return {
    budget_in_micro_currency: micro(7),
    campaign_name: 'Linen throw spring promotion',
    destination_url: 'https://shop.example/linen',
    duration: 10,
    auto_targeting_enabled: true,
    is_ongoing: false,
    start_now: true,
    targeting_spec: { country: 'US', ages: [], genders: [], interests: [] },
    advertiser_id: advertiserId,
    ads_client_type: 'quick_promote',
    pin_id: pinId,
    product_group_id: null,
    flexible_daily_budget_enabled: false,
    ...o,
  };
}

async function promote(c: TestClient, o: Record<string, unknown> = {}, adv = advertiserId, pin = pinId) {
  const res = await c.request('POST', `/ads/v4/advertisers/${adv}/pins/${pin}/quick_promote/`, { payload: payload({ advertiser_id: adv, pin_id: pin, ...o }) });
  return {
    status: res.statusCode,
    body: res.json() as { status: string; code: number; data?: { campaign_id: string; ad_group_id: string; ad_id: string }; message?: string; field?: string },
  };
}

const counts = async () => {
  const [row] = await t.db.query<{ c: number; g: number; a: number }>(
    'SELECT (SELECT count(*) FROM ad_campaigns)::int AS c, (SELECT count(*) FROM ad_groups)::int AS g, (SELECT count(*) FROM ads)::int AS a',
  );
  return row!;
};

beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 77, width: 300, height: 400 });
  owner = await t.person('Shop Owner', 'ad');
  stranger = await t.person('Stranger', 'ad');
  rival = await t.person('Rival Shop', 'ad');
  signedOut = t.client();
  await t.db.query('UPDATE users SET is_partner = true WHERE id = ANY($1::bigint[])', [[owner.id, rival.id]]);
  publicBoardId = (await makeBoard(t.db, owner.id, { name: 'Linen' })).id;
  pinId = await makePin(t.db, { pinnerId: owner.id, boardId: publicBoardId, image, title: 'Washed linen throw', link: 'https://shop.example/throw' });
  const made = await owner.c.resource('AdvertiserResource', 'create', { name: 'Shop ads', country: 'US', currency: 'USD' });
  expect(made.httpStatus).toBe(200);
  advertiserId = zAdvertiserOut.parse(made.data).id;
  rivalAdvertiserId = (await rival.c.resource('AdvertiserResource', 'create', { name: 'Rival ads', country: 'GB', currency: 'GBP' })).data.id;
});
afterAll(() => t.close());

describe('ad accounts (AdvertiserResource)', () => {
  it('belong to businesses: one each, with a currency its country uses; everyone sees only their own', async () => {
    expect((await stranger.c.resource('AdvertiserResource', 'create', { name: 'x', country: 'US', currency: 'USD' })).httpStatus).toBe(403);
    const again = await owner.c.resource('AdvertiserResource', 'create', { name: 'Second', country: 'US', currency: 'USD' });
    expect(again.error?.code).toBe(ERROR_CODES.CONFLICT.code);
    const wrongCurrency = await rival.c.resource('AdvertiserResource', 'create', { name: 'x', country: 'GB', currency: 'SEK' });
    expect(wrongCurrency.httpStatus).toBe(400);
    expect(wrongCurrency.error?.field).toBe('currency');
    expect(wrongCurrency.error?.message).toContain('currency');

    const mine = await owner.c.resource('AdvertiserResource', 'get');
    expect(mine.data.map((a: { id: string; role: string }) => [a.id, a.role])).toEqual([[advertiserId, 'OWNER']]);
    expect((await stranger.c.resource('AdvertiserResource', 'get')).data).toEqual([]);
    expect((await signedOut.resource('AdvertiserResource', 'get')).httpStatus).toBe(401);
  });
});

describe('quick promote', () => {
  it('makes a campaign, its ad group and its ad in one go, the name cut at 64 characters, the end date from the duration', async () => {
    const longName = 'A'.repeat(70);
    const r = await promote(owner.c, { campaign_name: longName });
    expect(r.status).toBe(200);
    const { campaign_id, ad_group_id, ad_id } = r.body.data!;
    const campaigns = await owner.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId });
    const c = zCampaignOut.parse(campaigns.data.find((x: { id: string }) => x.id === campaign_id));
    expect(c.name).toBe(`${'A'.repeat(62)}…`);
    expect([c.ad_group_id, c.ad_id, c.pin_id, c.status]).toEqual([ad_group_id, ad_id, pinId, 'ACTIVE']);
    expect(c.inclusive_end_date).toBe(plusDays(9));
    expect(c.start_date).toBe(today());
    expect(c.lifetime_budget_in_micro_currency).toBe(micro(70));
    // Ongoing: no end date.
    const ongoing = await promote(owner.c, { is_ongoing: true, campaign_name: 'Always on' });
    expect(ongoing.status).toBe(200);
    const all = (await owner.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).data;
    expect(all.find((x: { id: string }) => x.id === ongoing.body.data!.campaign_id).inclusive_end_date).toBeNull();
  });

  it('refuses bad input with a 4xx naming the field, and makes nothing', async () => {
    const before = await counts();
    const cases: [Record<string, unknown>, string][] = [
      [{ budget_in_micro_currency: micro(2) }, 'budget_in_micro_currency'], // US minimum is 3
      [{ budget_in_micro_currency: micro(1_000_001) }, 'budget_in_micro_currency'],
      [{ inclusive_end_date: plusDays(-1) }, 'inclusive_end_date'],
      [{ duration: 366 }, 'duration'],
      [{ duration: 2.5 }, 'duration'],
      [{ inclusive_end_date: plusDays(400) }, 'inclusive_end_date'],
      [{ is_ongoing: true, inclusive_end_date: plusDays(3) }, 'inclusive_end_date'],
      [{ targeting_spec: { country: 'XX' } }, 'targeting_spec.country'],
      [{ start_now: false }, 'start_now'],
    ];
    for (const [o, field] of cases) {
      const r = await promote(owner.c, o);
      expect([r.status, r.body.field], JSON.stringify(o)).toEqual([400, field]);
      expect(r.body.message).toContain(field.split('.').pop());
    }
    expect(await counts()).toEqual(before);
  });

  it('promotes only the business’s own public Pins, on its own ad account', async () => {
    const before = await counts();
    const strangersPin = await makePin(t.db, { pinnerId: stranger.id, boardId: (await makeBoard(t.db, stranger.id)).id, image });
    const notOwn = await promote(owner.c, {}, advertiserId, strangersPin);
    expect([notOwn.status, notOwn.body.field]).toEqual([400, 'pin_id']);
    const secretBoard = await makeBoard(t.db, owner.id, { name: 'Hidden', privacy: 'secret' });
    const secretPin = await makePin(t.db, { pinnerId: owner.id, boardId: secretBoard.id, image });
    const secret = await promote(owner.c, {}, advertiserId, secretPin);
    expect([secret.status, secret.body.field]).toEqual([400, 'pin_id']);
    // Another business's account answers like a missing one; a stranger's too; signed out needs a login.
    expect((await promote(owner.c, {}, rivalAdvertiserId)).status).toBe(404);
    expect((await promote(stranger.c)).status).toBe(404);
    expect((await promote(rival.c)).status).toBe(404);
    expect((await promote(signedOut)).status).toBe(401);
    // The address and the body must agree.
    const mismatch = await owner.c.request('POST', `/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`, {
      payload: payload({ pin_id: strangersPin }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe('campaigns (CampaignsResource, CampaignResource)', () => {
  it('the owner pauses, resumes, archives and changes budgets; others get 404', async () => {
    const { campaign_id } = (await promote(owner.c, { campaign_name: 'To edit' })).body.data!;
    const paused = await owner.c.resource('CampaignResource', 'update', { campaign_id, status: 'PAUSED' });
    expect(paused.data.status).toBe('PAUSED');
    expect((await t.db.query<{ serving: boolean }>('SELECT serving FROM ads WHERE campaign_id = $1', [campaign_id]))[0]!.serving).toBe(false);
    expect((await owner.c.resource('CampaignResource', 'update', { campaign_id, status: 'ACTIVE' })).data.status).toBe('ACTIVE');
    const budget = await owner.c.resource('CampaignResource', 'update', { campaign_id, budget_in_micro_currency: micro(12) });
    expect(budget.data.daily_budget_in_micro_currency).toBe(micro(12));
    const low = await owner.c.resource('CampaignResource', 'update', { campaign_id, budget_in_micro_currency: micro(1) });
    expect([low.httpStatus, low.error?.field]).toEqual([400, 'budget_in_micro_currency']);
    const early = await owner.c.resource('CampaignResource', 'update', { campaign_id, inclusive_end_date: plusDays(-3) });
    expect([early.httpStatus, early.error?.field]).toEqual([400, 'inclusive_end_date']);
    const later = await owner.c.resource('CampaignResource', 'update', { campaign_id, inclusive_end_date: plusDays(20) });
    expect(later.data.inclusive_end_date).toBe(plusDays(20));

    for (const c of [stranger.c, rival.c]) {
      expect((await c.resource('CampaignResource', 'update', { campaign_id, status: 'PAUSED' })).httpStatus).toBe(404);
      expect((await c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
    }
    expect((await signedOut.resource('CampaignResource', 'update', { campaign_id, status: 'PAUSED' })).httpStatus).toBe(401);
    expect((await signedOut.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(401);

    expect((await owner.c.resource('CampaignResource', 'update', { campaign_id, status: 'ARCHIVED' })).data.status).toBe('ARCHIVED');
    const revive = await owner.c.resource('CampaignResource', 'update', { campaign_id, status: 'ACTIVE' });
    expect([revive.httpStatus, revive.error?.field]).toEqual([400, 'status']);
  });
});

describe('delivery in the home feed', () => {
  it('serves the Pin as an ad to a matching person, marked promoted, never to its own business, counting impressions and spend', async () => {
    // A fresh world: one campaign for US viewers.
    await t.db.query("UPDATE ad_campaigns SET status = 'PAUSED'");
    await t.db.query('UPDATE ads SET serving = false');
    const board = await makeBoard(t.db, owner.id, { name: 'Ceramics' });
    const adPin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Speckled mug' });
    const { campaign_id } = (await promote(owner.c, { campaign_name: 'Mugs' }, advertiserId, adPin)).body.data!;

    const viewer = await t.person('Viewer', 'ad');
    // The viewer's own Pins fill the page.
    const vBoard = await makeBoard(t.db, viewer.id, { name: 'Mine' });
    for (let i = 0; i < 12; i++) await makePin(t.db, { pinnerId: viewer.id, boardId: vBoard.id, image, title: `own ${i}` });
    const page = await viewer.c.resource('UserHomefeedResource', 'get', { page_size: 10 });
    expect(page.httpStatus).toBe(200);
    const ads = page.data.filter((p: { is_promoted?: boolean }) => p.is_promoted);
    expect(ads).toHaveLength(1);
    const ad = zPinOut.parse(ads[0]);
    expect(ad.id).toBe(adPin);
    expect(ad.promoter).toEqual({ id: owner.id, username: owner.username, full_name: 'Shop Owner' });
    expect(page.data.indexOf(ads[0])).toBe(3);
    expect(page.data).toHaveLength(11);

    // Never to the business itself.
    for (let i = 0; i < 10; i++) await makePin(t.db, { pinnerId: owner.id, image, title: `shop ${i}` });
    const own = await owner.c.resource('UserHomefeedResource', 'get', { page_size: 10 });
    expect(own.data.some((p: { is_promoted?: boolean }) => p.is_promoted)).toBe(false);

    const report = await owner.c.resource('AdvertiserReportResource', 'get', {
      advertiser_id: advertiserId,
      level: 'campaigns',
      start_date: today(),
      end_date: today(),
      granularity: 'DAY',
    });
    const row = report.data.map((r: unknown) => zReportRowOut.parse(r)).find((r: { id: string }) => r.id === campaign_id);
    expect(row).toMatchObject({ date: today(), impressions: 1, spend_in_micro_currency: 5000 });

    // Outbound clicks count once a day per person served the ad; a save told by the client counts for nothing.
    const adTotal = async () =>
      (
        await owner.c.resource('AdvertiserReportResource', 'get', {
          advertiser_id: advertiserId,
          level: 'ads',
          start_date: today(),
          end_date: today(),
          granularity: 'TOTAL',
        })
      ).data.find((r: { campaign_id: string }) => r.campaign_id === campaign_id);
    for (let i = 0; i < 2; i++) {
      const click = await viewer.c.resource('PromotedPinEventResource', 'create', { pin_id: adPin, event: 'outbound_click' });
      expect([click.httpStatus, click.data]).toEqual([200, null]);
      await viewer.c.resource('PromotedPinEventResource', 'create', { pin_id: adPin, event: 'save' });
    }
    expect(await adTotal()).toMatchObject({ impressions: 1, clicks: 1, saves: 0, name: 'Speckled mug' });
    // A real save by the person served the ad counts, once a day.
    for (let i = 0; i < 2; i++) expect((await viewer.c.resource('RepinResource', 'create', { pin_id: adPin, board_id: vBoard.id })).httpStatus).toBe(200);
    expect(await adTotal()).toMatchObject({ impressions: 1, clicks: 1, saves: 1 });
  });

  it('counts nothing from someone never served the ad, and answers alike for every Pin, promoted or not', async () => {
    const board = await makeBoard(t.db, owner.id, { name: 'Vases' });
    const adPin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Tall vase' });
    const plainPin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Short vase' });
    const { campaign_id } = (await promote(owner.c, { campaign_name: 'Vases' }, advertiserId, adPin)).body.data!;
    const passer = await t.person('Passer', 'ad');
    const pBoard = await makeBoard(t.db, passer.id, { name: 'Theirs' });
    const answers = new Set<string>();
    for (const pin of [adPin, plainPin, '1']) {
      for (const event of ['outbound_click', 'save'] as const) {
        const res = await passer.c.resource('PromotedPinEventResource', 'create', { pin_id: pin, event });
        answers.add(JSON.stringify([res.httpStatus, res.data]));
      }
    }
    expect([...answers]).toEqual([JSON.stringify([200, null])]);
    expect((await passer.c.resource('RepinResource', 'create', { pin_id: adPin, board_id: pBoard.id })).httpStatus).toBe(200);
    const total = await owner.c.resource('AdvertiserReportResource', 'get', {
      advertiser_id: advertiserId,
      level: 'ads',
      start_date: today(),
      end_date: today(),
      granularity: 'TOTAL',
    });
    expect(total.data.find((r: { campaign_id: string }) => r.campaign_id === campaign_id)).toMatchObject({ impressions: 0, clicks: 0, saves: 0 });
    const [events] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ad_events e JOIN ads a ON a.id = e.ad_id WHERE a.campaign_id = $1', [
      campaign_id,
    ]);
    expect(events!.n).toBe(0);
    // The next cases count on the first campaign alone.
    expect((await owner.c.resource('CampaignResource', 'update', { campaign_id, status: 'PAUSED' })).data.status).toBe('PAUSED');
  });

  it('stops serving when the country differs, the Pin is no longer public, or the day’s budget is spent', async () => {
    const viewer = await t.person('Second Viewer', 'ad');
    const vBoard = await makeBoard(t.db, viewer.id, { name: 'Mine' });
    for (let i = 0; i < 12; i++) await makePin(t.db, { pinnerId: viewer.id, boardId: vBoard.id, image });
    const promotedOn = async () =>
      (await viewer.c.resource('UserHomefeedResource', 'get', { page_size: 10 })).data.filter((p: { is_promoted?: boolean }) => p.is_promoted).length;
    expect(await promotedOn()).toBe(1);
    // Its first impression started it: its owner is told once, however often it serves after (decision 086).
    expect(await promotedOn()).toBe(1);
    await t.jobsSettled('notify');
    const campaignNews = async () =>
      (await owner.c.resource('NotificationsResource', 'get', {})).data.filter((n: { kind: string }) => n.kind === 'campaign_status');
    expect(await campaignNews()).toHaveLength(1);

    // The account's country changed by another server: this one hears of it from PostgreSQL's notice (the session
    // cache, decision 049), within milliseconds of the commit.
    await t.db.query("UPDATE users SET country = 'DE' WHERE id = $1", [viewer.id]);
    await expect.poll(promotedOn, { timeout: 3000 }).toBe(0);
    await t.db.query("UPDATE users SET country = 'US' WHERE id = $1", [viewer.id]);
    await expect.poll(promotedOn, { timeout: 3000 }).toBe(1);

    // The day's budget: one impression's price short of the budget left.
    await t.db.query("UPDATE ad_campaigns SET spend_day = CURRENT_DATE, spend_day_micro = daily_budget_micro - 4000 WHERE status = 'ACTIVE'");
    expect(await promotedOn()).toBe(0);
    await t.db.query("UPDATE ad_campaigns SET spend_day_micro = 0 WHERE status = 'ACTIVE'");
    expect(await promotedOn()).toBe(1);

    // The lifetime budget reached: the campaign completes.
    await t.db.query("UPDATE ad_campaigns SET spend_micro = lifetime_budget_micro - 5000 WHERE status = 'ACTIVE'");
    expect(await promotedOn()).toBe(1);
    const [c] = await t.db.query<{ status: string }>("SELECT status FROM ad_campaigns WHERE name = 'Mugs'");
    expect(c!.status).toBe('COMPLETED');
    expect(await promotedOn()).toBe(0);
    // Its owner is told that it spent its budget (decision 086), once.
    await t.jobsSettled('notify');
    expect(await campaignNews()).toHaveLength(2);
  });

  it('costs no query for people whose country no ad serves, and one for those it may', async () => {
    const viewer = await t.person('Quiet Viewer', 'ad');
    await t.db.query("UPDATE users SET country = 'JP' WHERE id = $1", [viewer.id]);
    const vBoard = await makeBoard(t.db, viewer.id, { name: 'Mine' });
    for (let i = 0; i < 12; i++) await makePin(t.db, { pinnerId: viewer.id, boardId: vBoard.id, image });
    await viewer.c.resource('UserHomefeedResource', 'get', { page_size: 10 }); // warms the countries
    // The session's lookup is left out: whether it is made depends on what the session cache forgot (plugins/session-cache.ts);
    // so are the job queue's workers, which poll in the background on the same pool.
    await t.jobsSettled();
    const q = countQueries(t, (sql) => !sql.includes('FROM sessions s JOIN users') && !sql.includes('pgboss'));
    await viewer.c.resource('UserHomefeedResource', 'get', { page_size: 10 });
    const base = q.count;
    await t.db.query("UPDATE users SET country = 'US' WHERE id = $1", [viewer.id]);
    // Running again, not a first impression (that one also enqueues its owner's "started" notification).
    await t.db.query("UPDATE ad_campaigns SET status = 'ACTIVE', spend_micro = 4000 WHERE name = 'Mugs'");
    await t.db.query("UPDATE ads SET serving = true WHERE campaign_id = (SELECT id FROM ad_campaigns WHERE name = 'Mugs')");
    const before = q.count;
    await viewer.c.resource('UserHomefeedResource', 'get', { page_size: 10 });
    expect(q.count - before).toBe(base + 1);
  });
});

describe('reports and billing', () => {
  it('answer the owner only, with date ranges checked', async () => {
    const ok = await owner.c.resource('AdvertiserReportResource', 'get', {
      advertiser_id: advertiserId,
      level: 'adgroups',
      start_date: plusDays(-30),
      end_date: today(),
    });
    expect(ok.httpStatus).toBe(200);
    const back = await owner.c.resource('AdvertiserReportResource', 'get', {
      advertiser_id: advertiserId,
      level: 'ads',
      start_date: today(),
      end_date: plusDays(-1),
    });
    expect([back.httpStatus, back.error?.field]).toEqual([400, 'end_date']);
    const bad = await owner.c.resource('AdvertiserReportResource', 'get', {
      advertiser_id: advertiserId,
      level: 'ads',
      start_date: '2026-02-30',
      end_date: today(),
    });
    expect([bad.httpStatus, bad.error?.field]).toEqual([400, 'start_date']);
    for (const c of [stranger.c, rival.c]) {
      expect(
        (await c.resource('AdvertiserReportResource', 'get', { advertiser_id: advertiserId, level: 'ads', start_date: today(), end_date: today() })).httpStatus,
      ).toBe(404);
      expect((await c.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
    }
    expect(
      (await signedOut.resource('AdvertiserReportResource', 'get', { advertiser_id: advertiserId, level: 'ads', start_date: today(), end_date: today() }))
        .httpStatus,
    ).toBe(401);
    const billing = zBillingOut.parse((await owner.c.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId })).data);
    expect(billing.currency).toBe('USD');
    expect(billing.statements[0]!.month).toBe(today().slice(0, 7));
    expect(billing.total_spend_in_micro_currency).toBeGreaterThan(0);
    expect(billing.days[0]!.date).toBe(today());
  });
});

describe('boards on an ad account', () => {
  it('the owner chooses the privacy of a new board; another business’s account answers 404', async () => {
    const mine = await owner.c.resource('BoardResource', 'create', { name: 'Campaign board', privacy: 'secret', advertiser_id: advertiserId });
    expect(mine.data.privacy).toBe('secret');
    const theirs = await owner.c.resource('BoardResource', 'create', { name: 'Not mine', advertiser_id: rivalAdvertiserId });
    expect(theirs.httpStatus).toBe(404);
  });

  it('making a board with running ads secret stops them; its owner is told first how many run', async () => {
    const board = await makeBoard(t.db, owner.id, { name: 'Spring' });
    const pin = await makePin(t.db, { pinnerId: owner.id, boardId: board.id, image, title: 'Spring vase' });
    const { campaign_id } = (await promote(owner.c, { campaign_name: 'Vases' }, advertiserId, pin)).body.data!;
    expect((await owner.c.resource('BoardAdsResource', 'get', { board_id: board.id })).data).toEqual({ active_campaigns: 1 });
    expect((await stranger.c.resource('BoardAdsResource', 'get', { board_id: board.id })).data).toEqual({ active_campaigns: 0 });
    await owner.c.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' });
    const c = (await owner.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).data.find((x: { id: string }) => x.id === campaign_id);
    expect(c.status).toBe('PAUSED');
    expect((await owner.c.resource('BoardAdsResource', 'get', { board_id: board.id })).data).toEqual({ active_campaigns: 0 });
    expect((await stranger.c.resource('BoardAdsResource', 'get', { board_id: board.id })).httpStatus).toBe(404);
  });
});

describe('demo content', () => {
  it('gives the demo business an ad account with a running campaign and two weeks of report', async () => {
    const shop = await makeUser(t.db, { username: 'demo_ads_shop', fullName: 'Demo Shop' });
    await t.db.query('UPDATE users SET is_partner = true WHERE id = $1', [shop.id]);
    await makePin(t.db, { pinnerId: shop.id, boardId: (await makeBoard(t.db, shop.id)).id, image, title: 'Washed linen throw' });
    const made = await seedDemoAds(t.db, shop.id);
    expect(made).not.toBeNull();
    const [c] = await t.db.query<{ status: string; country: string; currency: string; days: number }>(
      `SELECT c.status, g.country, adv.currency, (SELECT count(*)::int FROM ad_daily_stats WHERE ad_id = $2) AS days
       FROM ad_campaigns c JOIN ad_groups g ON g.campaign_id = c.id JOIN advertisers adv ON adv.id = c.advertiser_id WHERE c.id = $1`,
      [made!.campaign_id, made!.ad_id],
    );
    expect(c).toEqual({ status: 'ACTIVE', country: 'US', currency: 'DKK', days: 13 });
  });
});

describe('the advertiser area’s pages', () => {
  it('answer the web app for every URL key of docs/product/logged-out-and-business.md §2 and 404 for any other', async () => {
    const html = { accept: 'text/html' };
    for (const path of ['reporting/campaigns/', 'billing/history/', 'experiments/manage/12/', 'campaign-insights/3/product-group/4/', 'quick-promote/']) {
      expect((await signedOut.request('GET', `/advertiser/${advertiserId}/${path}`, { headers: html })).statusCode, path).toBe(200);
    }
    for (const path of ['', 'reporting/', 'reporting/everything/', 'nope/', 'campaign-insights/x/']) {
      expect((await signedOut.request('GET', `/advertiser/${advertiserId}/${path}`, { headers: html })).statusCode, path).toBe(404);
    }
  });
});
