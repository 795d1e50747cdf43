/**
 * Ad accounts through business access (decision 043): the role matrix on the
 * advertiser resources (owner, admin, publisher without and with two-factor
 * sign-in, analyst, stranger, signed out); boards of a business with an ad
 * account (who chooses a new board's privacy, who may flip the protected
 * toggle, ads-only boards' fixed names, their collaborators' homefeed
 * toggle); the board picker on an ad account; acting as the business on
 * section create, the picker, save and Idea Pin publishing; and the
 * delivery's targeting (age group, gender, followed topics).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_MICRO_MULTIPLIER } from '@pinboard/shared/constants/limits';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { makeBoard, makeCollaborator, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';
import { enableMfa, makePartner } from './business-people';

let t: TestApp;
let image: StoredImage;

const micro = (units: number) => units * BUDGET_MICRO_MULTIPLIER;
const today = () => new Date().toISOString().slice(0, 10);

const partner = (name: string) => makePartner(t, name, 'abx');

type Role = 'owner' | 'admin' | 'publisher' | 'publisherMfa' | 'analyst' | 'stranger' | 'signedOut';
const ROLES: Role[] = ['owner', 'admin', 'publisher', 'publisherMfa', 'analyst', 'stranger', 'signedOut'];
let business: TestPerson;
let people: Record<Exclude<Role, 'signedOut' | 'owner'>, TestPerson>;
let signedOut: TestClient;
const clientOf = (role: Role) => (role === 'signedOut' ? signedOut : role === 'owner' ? business.c : people[role].c);
let advertiserId: string;
let pinId: string;

function payload(o: Record<string, unknown> = {}) {
  return {
    budget_in_micro_currency: micro(7),
    campaign_name: 'Spring linen',
    destination_url: 'https://shop.example/linen',
    duration: 10,
    auto_targeting_enabled: false,
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

async function promote(c: TestClient, o: Record<string, unknown> = {}, pin = pinId) {
  const res = await c.request('POST', `/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, { payload: payload({ pin_id: pin, ...o }) });
  return { status: res.statusCode, body: res.json() as { data?: { campaign_id: string; ad_group_id: string }; field?: string } };
}

beforeAll(async () => {
  t = await buildTestApp();
  image = await makeStoredImage(t.media, { seed: 31, width: 300, height: 400 });
  business = await partner('Linen Shop');
  people = {
    admin: await partner('Admin'),
    publisher: await partner('Publisher'),
    publisherMfa: await partner('PublisherMfa'),
    analyst: await partner('Analyst'),
    stranger: await partner('Stranger'),
  };
  signedOut = t.client();
  const grants: [TestPerson, string[]][] = [
    [people.admin, ['ADMIN']],
    [people.publisher, ['PROFILE_PUBLISHER']],
    [people.publisherMfa, ['PROFILE_PUBLISHER']],
    [people.analyst, ['ANALYST']],
  ];
  for (const [p, permissions] of grants) {
    expect((await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: p.id, permissions })).httpStatus).toBe(200);
  }
  for (const p of [people.admin, people.publisherMfa, people.analyst]) await enableMfa(p.c);
  advertiserId = (await business.c.resource('AdvertiserResource', 'create', { name: 'Linen ads', country: 'US', currency: 'USD' })).data.id;
  const board = await makeBoard(t.db, business.id, { name: 'Linen' });
  pinId = await makePin(t.db, { pinnerId: business.id, boardId: board.id, image, title: 'Washed linen throw' });
});
afterAll(() => t.close());

describe('the role matrix on the advertiser resources', () => {
  it('grants the business-access role on its ad account, honoured only with two-factor sign-in on (or OWNER)', async () => {
    const { campaign_id } = (await promote(business.c)).body.data!;
    const report = { advertiser_id: advertiserId, level: 'campaigns', start_date: today(), end_date: today() };
    // 200 allowed, 403 a role that may not, 404 no role (the account looks missing), 401 signed out.
    const expected: Record<Role, { list: string | null; reports: number; campaigns: number; edit: number; billing: number; promote: number }> = {
      owner: { list: 'OWNER', reports: 200, campaigns: 200, edit: 200, billing: 200, promote: 200 },
      admin: { list: 'ADMIN', reports: 200, campaigns: 200, edit: 200, billing: 200, promote: 200 },
      publisher: { list: null, reports: 404, campaigns: 404, edit: 404, billing: 404, promote: 404 },
      publisherMfa: { list: 'PROFILE_PUBLISHER', reports: 200, campaigns: 200, edit: 403, billing: 403, promote: 403 },
      analyst: { list: 'ANALYST', reports: 200, campaigns: 200, edit: 403, billing: 403, promote: 403 },
      stranger: { list: null, reports: 404, campaigns: 404, edit: 404, billing: 404, promote: 404 },
      signedOut: { list: null, reports: 401, campaigns: 401, edit: 401, billing: 401, promote: 401 },
    };
    for (const role of ROLES) {
      const c = clientOf(role);
      const accounts = await c.resource('AdvertiserResource', 'get');
      const listed =
        accounts.httpStatus === 200
          ? (accounts.data as { id: string; role: string; is_impersonation: boolean }[]).find((a) => a.id === advertiserId)
          : undefined;
      const got = {
        list: listed?.role ?? null,
        reports: (await c.resource('AdvertiserReportResource', 'get', report)).httpStatus,
        campaigns: (await c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus,
        edit: (await c.resource('CampaignResource', 'update', { campaign_id, budget_in_micro_currency: micro(8) })).httpStatus,
        billing: (await c.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId })).httpStatus,
        promote: (await promote(c, { campaign_name: `by ${role}` })).status,
      };
      expect(got, role).toEqual(expected[role]);
      if (listed) expect(listed.is_impersonation, role).toBe(role !== 'owner');
    }
    // Two-factor sign-in turned on later: the publisher's grant is honoured from then on.
    const late = await partner('Late Publisher');
    await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: late.id, permissions: ['ADMIN'] });
    expect((await late.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
    await enableMfa(late.c);
    expect((await late.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(200);
    // Access taken away: the account answers 404 again.
    await business.c.resource('BusinessAccessResource', 'delete', { business_id: business.id, user_id: late.id });
    expect((await late.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
  });
});

describe('boards of a business with an ad account', () => {
  it('only the ad account’s owner chooses a new board’s privacy; others acting for the business get protected', async () => {
    const made = async (c: TestClient, name: string, o: Record<string, unknown> = {}) =>
      (await c.resource('BoardResource', 'create', { name, privacy: 'public', orbac_subject_id: business.id, ...o })).data.privacy;
    expect(await made(business.c, 'Owner board')).toBe('public');
    expect(await made(people.admin.c, 'Admin board')).toBe('protected');
    expect(await made(people.publisherMfa.c, 'Publisher board')).toBe('protected');
    // Naming the account: the same rule (an analyst may not make boards for the business at all).
    expect(await made(people.publisherMfa.c, 'Publisher board 2', { advertiser_id: advertiserId })).toBe('protected');
    expect((await people.analyst.c.resource('BoardResource', 'create', { name: 'Analyst board', orbac_subject_id: business.id })).httpStatus).toBe(403);
    // A person's own board, not acting: their own privacy.
    expect((await people.admin.c.resource('BoardResource', 'create', { name: 'Own', privacy: 'secret' })).data.privacy).toBe('secret');
  });

  it('the protected toggle: the owner and a profile publisher change a board’s privacy, an admin may not (403 naming privacy)', async () => {
    const board = await makeBoard(t.db, business.id, { name: 'Toggle me' });
    const flip = (c: TestClient, privacy: string) => c.resource('BoardResource', 'update', { board_id: board.id, privacy, orbac_subject_id: business.id });
    const refused = await flip(people.admin.c, 'protected');
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.message).toContain('privacy');
    expect((await flip(people.publisherMfa.c, 'protected')).data.privacy).toBe('protected');
    expect((await flip(business.c, 'public')).data.privacy).toBe('public');
    // Other changes stay open to an admin.
    expect(
      (await people.admin.c.resource('BoardResource', 'update', { board_id: board.id, description: 'Spring', orbac_subject_id: business.id })).httpStatus,
    ).toBe(200);
  });

  it('an ads-only board is made on an ad account and keeps its name (400 naming name on rename)', async () => {
    const noAccount = await business.c.resource('BoardResource', 'create', { name: 'Ads only', is_ads_only: true });
    expect([noAccount.httpStatus, noAccount.error?.field]).toEqual([400, 'is_ads_only']);
    const made = await business.c.resource('BoardResource', 'create', { name: 'Ads only', is_ads_only: true, advertiser_id: advertiserId });
    expect(made.data.is_ads_only).toBe(true);
    const rename = await business.c.resource('BoardResource', 'update', { board_id: made.data.id, name: 'Renamed' });
    expect([rename.httpStatus, rename.error?.field]).toEqual([400, 'name']);
    const same = await business.c.resource('BoardResource', 'update', { board_id: made.data.id, name: 'Ads only', description: 'For ads' });
    expect(same.httpStatus).toBe(200);
    expect((await business.c.resource('BoardResource', 'get', { board_id: made.data.id })).data.name).toBe('Ads only');
    const plain = await business.c.resource('BoardResource', 'create', { name: 'Plain' });
    expect(plain.data.is_ads_only).toBe(false);
  });

  it('a collaborator changes the homefeed recommendations of an ads-only board only (403 naming the field elsewhere)', async () => {
    const adsOnly = await business.c.resource('BoardResource', 'create', { name: 'Ads only collab', is_ads_only: true, advertiser_id: advertiserId });
    const plain = await business.c.resource('BoardResource', 'create', { name: 'Plain collab' });
    const collaborator = await t.person('Collab', 'abx');
    for (const b of [adsOnly.data, plain.data]) await makeCollaborator(t.db, b.id, collaborator.id);
    const off = await collaborator.c.resource('BoardResource', 'update', {
      board_id: adsOnly.data.id,
      allow_homefeed_recommendations: false,
      collab_board_email: false,
    });
    expect([off.httpStatus, off.data?.allow_homefeed_recommendations]).toEqual([200, false]);
    const refused = await collaborator.c.resource('BoardResource', 'update', { board_id: plain.data.id, allow_homefeed_recommendations: false });
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.message).toMatch(/^allow_homefeed_recommendations: /);
    expect((await business.c.resource('BoardResource', 'get', { board_id: plain.data.id })).data.allow_homefeed_recommendations).toBe(true);
    // The rest stays the owner's on an ads-only board too.
    const description = await collaborator.c.resource('BoardResource', 'update', { board_id: adsOnly.data.id, description: 'Mine now' });
    expect([description.httpStatus, description.error?.message]).toEqual([403, "Only the board's owner (Linen Shop) can manage the rest of its features"]);
    // Someone who is not a collaborator may not change it either.
    expect((await people.analyst.c.resource('BoardResource', 'update', { board_id: adsOnly.data.id, allow_homefeed_recommendations: true })).httpStatus).toBe(
      403,
    );
  });
});

describe('the board picker on an ad account', () => {
  it('hides secret boards, and offers only protected ones when the account’s owner is not the viewer', async () => {
    const biz = await partner('Picker Shop');
    const adv = (await biz.c.resource('AdvertiserResource', 'create', { name: 'Picker ads', country: 'US', currency: 'USD' })).data.id;
    const helper = await partner('Picker Helper');
    await biz.c.resource('BusinessAccessResource', 'create', { business_id: biz.id, user_id: helper.id, permissions: ['PROFILE_PUBLISHER'] });
    await enableMfa(helper.c);
    for (const [owner, prefix] of [
      [biz, 'Shop'],
      [helper, 'Helper'],
    ] as const) {
      for (const privacy of ['public', 'secret', 'protected'] as const) await makeBoard(t.db, owner.id, { name: `${prefix} ${privacy}`, privacy });
    }
    const names = async (c: TestClient, o: Record<string, unknown>) =>
      ((await c.resource('BoardPickerBoardsResource', 'get', o)).data.all_boards as { name: string }[]).map((b) => b.name).sort();
    expect(await names(biz.c, {})).toEqual(['Shop protected', 'Shop public', 'Shop secret']);
    expect(await names(biz.c, { advertiser_id: adv })).toEqual(['Shop protected', 'Shop public']);
    // Acting as the business: the business is the viewer, the account's owner.
    expect(await names(helper.c, { advertiser_id: adv, orbac_subject_id: biz.id })).toEqual(['Shop protected', 'Shop public']);
    expect(await names(helper.c, { orbac_subject_id: biz.id })).toEqual(['Shop protected', 'Shop public', 'Shop secret']);
    // A multi-user account: the account's owner is not the viewer, so boards are filtered as protected.
    expect(await names(helper.c, { advertiser_id: adv })).toEqual(['Helper protected']);
    expect(await names(helper.c, {})).toEqual(['Helper protected', 'Helper public', 'Helper secret']);
    // The shortlist as the business.
    const shortlist = await helper.c.resource('BoardPickerBoardsShortlistResource', 'get', { orbac_subject_id: biz.id });
    expect((shortlist.data as { owner: { id: string } }[]).every((b) => b.owner.id === biz.id)).toBe(true);
    // Someone who may not act for it: their own boards (a read never refuses).
    expect(await names(people.stranger.c, { orbac_subject_id: biz.id })).toEqual([]);
  });
});

describe('acting as the business on section create and save', () => {
  it('makes the section and the saved Pin the business’s, with the person in the audit record; nobody else may', async () => {
    const board = await makeBoard(t.db, business.id, { name: 'Sectioned', privacy: 'secret' });
    const section = await people.publisherMfa.c.resource('BoardSectionResource', 'create', {
      board_id: board.id,
      title: 'Throws',
      orbac_subject_id: business.id,
    });
    expect(section.httpStatus).toBe(200);
    const otherPin = await makePin(t.db, { pinnerId: people.stranger.id, boardId: (await makeBoard(t.db, people.stranger.id)).id, image });
    const saved = await people.publisherMfa.c.resource('RepinResource', 'create', {
      pin_id: otherPin,
      board_id: board.id,
      section_id: section.data.id,
      orbac_subject_id: business.id,
    });
    expect(saved.httpStatus).toBe(200);
    const [row] = await t.db.query<{ pinner_id: string; board_id: string; section_id: string }>(
      'SELECT pinner_id, board_id, section_id FROM pins WHERE id = $1',
      [saved.data.id],
    );
    expect(row).toEqual({ pinner_id: business.id, board_id: board.id, section_id: section.data.id });
    const audit = await t.db.query<{ action: string; actor_id: string; target_id: string }>(
      "SELECT action, actor_id, target_id FROM business_audit WHERE business_id = $1 AND action IN ('section.create', 'pin.save') ORDER BY created_at",
      [business.id],
    );
    expect(audit).toEqual([
      { action: 'section.create', actor_id: people.publisherMfa.id, target_id: section.data.id },
      { action: 'pin.save', actor_id: people.publisherMfa.id, target_id: saved.data.id },
    ]);
    for (const role of ['publisher', 'analyst', 'stranger'] as const) {
      const c = people[role].c;
      expect(
        (await c.resource('BoardSectionResource', 'create', { board_id: board.id, title: `by ${role}`, orbac_subject_id: business.id })).httpStatus,
        role,
      ).toBe(403);
      expect((await c.resource('RepinResource', 'create', { pin_id: otherPin, board_id: board.id, orbac_subject_id: business.id })).httpStatus, role).toBe(403);
    }
    expect((await signedOut.resource('RepinResource', 'create', { pin_id: otherPin, board_id: board.id, orbac_subject_id: business.id })).httpStatus).toBe(401);
  });

  it('publishes an Idea Pin as the business from the person’s own page uploads, with the person in the audit record', async () => {
    const board = await makeBoard(t.db, business.id, { name: 'Idea shelf' });
    const section = await people.publisherMfa.c.resource('BoardSectionResource', 'create', {
      board_id: board.id,
      title: 'Looks',
      orbac_subject_id: business.id,
    });
    const dataUrl = `data:image/png;base64,${(await makeTestImage({ width: 360, height: 640, format: 'png', seed: 11 })).toString('base64')}`;
    const upload = async (c: TestClient) => (await c.resource('StoryPinMediaResource', 'create', { image_base64: dataUrl })).data.id as string;
    const idea = (mediaId: string, o: Record<string, unknown> = {}) => ({
      board_id: board.id,
      title: 'Linen looks',
      pages: [
        {
          blocks: [
            { type: 'story_pin_image_block', media_id: mediaId },
            { type: 'story_pin_paragraph_block', text: 'Layered' },
          ],
        },
      ],
      orbac_subject_id: business.id,
      ...o,
    });
    const made = await people.publisherMfa.c.resource('StoryPinResource', 'create', idea(await upload(people.publisherMfa.c), { section_id: section.data.id }));
    expect(made.httpStatus).toBe(200);
    const [row] = await t.db.query<{ pinner_id: string; board_id: string; section_id: string }>(
      'SELECT pinner_id, board_id, section_id FROM pins WHERE id = $1',
      [made.data.id],
    );
    expect(row).toEqual({ pinner_id: business.id, board_id: board.id, section_id: section.data.id });
    const audit = await t.db.query<{ actor_id: string }>(
      "SELECT actor_id FROM business_audit WHERE business_id = $1 AND action = 'pin.create' AND target_id = $2",
      [business.id, made.data.id],
    );
    expect(audit).toEqual([{ actor_id: people.publisherMfa.id }]);
    // Someone else's upload is not the person's to publish, acting or not.
    const othersUpload = await upload(people.admin.c);
    expect((await people.publisherMfa.c.resource('StoryPinResource', 'create', idea(othersUpload))).httpStatus).toBe(400);
    // Those who may not publish as the business get 403; the board is the business's, so acting as themselves they may not use it.
    for (const role of ['publisher', 'analyst', 'stranger'] as const) {
      const c = people[role].c;
      expect((await c.resource('StoryPinResource', 'create', idea(await upload(c)))).httpStatus, role).toBe(403);
    }
    expect(
      (await people.publisherMfa.c.resource('StoryPinResource', 'create', idea(await upload(people.publisherMfa.c), { orbac_subject_id: undefined })))
        .httpStatus,
    ).not.toBe(200);
  });
});

describe('delivery targeting', () => {
  it('reaches people whose age group, gender and followed topics match; unknown ones do not exclude unless the targeting demands them', async () => {
    // One campaign: 25-34, women, the Art topic (by slug; kept as its id).
    await t.db.query("UPDATE ad_campaigns SET status = 'PAUSED'");
    await t.db.query('UPDATE ads SET serving = false');
    const board = await makeBoard(t.db, business.id, { name: 'Prints' });
    const adPin = await makePin(t.db, { pinnerId: business.id, boardId: board.id, image, title: 'Botanical print' });
    const bad = await promote(business.c, { targeting_spec: { country: 'US', interests: ['no-such-topic'] } }, adPin);
    expect([bad.status, bad.body.field]).toEqual([400, 'targeting_spec.interests']);
    const made = await promote(
      business.c,
      { campaign_name: 'Prints', targeting_spec: { country: 'US', ages: ['25-34'], genders: ['female'], interests: ['art'] } },
      adPin,
    );
    expect(made.status).toBe(200);
    const [group] = await t.db.query<{ ages: string[]; genders: string[]; interests: string[] }>(
      'SELECT ages, genders, interests FROM ad_groups WHERE id = $1',
      [made.body.data!.ad_group_id],
    );
    expect(group).toEqual({ ages: ['25-34'], genders: ['female'], interests: ['1'] });

    const viewer = async (_name: string, o: { gender?: string | null; age_group?: string | null; topics?: string[] }) => {
      const p = await t.person('Viewer', 'abt');
      const settings = await p.c.resource('UserResource', 'update', { gender: o.gender ?? null, age_group: o.age_group ?? null });
      expect(settings.httpStatus).toBe(200);
      for (const id of o.topics ?? []) expect((await p.c.resource('InterestFollowResource', 'create', { interest_id: id })).httpStatus).toBe(200);
      const own = await makeBoard(t.db, p.id, { name: 'Mine' });
      for (let i = 0; i < 12; i++) await makePin(t.db, { pinnerId: p.id, boardId: own.id, image });
      return p;
    };
    const served = async (p: TestPerson) =>
      ((await p.c.resource('UserHomefeedResource', 'get', { page_size: 10 })).data as { id: string; is_promoted?: boolean }[]).some(
        (x) => x.is_promoted && x.id === adPin,
      );

    const cases: [string, { gender?: string | null; age_group?: string | null; topics?: string[] }, boolean][] = [
      ['matches all', { gender: 'female', age_group: '25-34', topics: ['1001'] }, true], // Painting, a sub-topic of Art
      ['follows the category itself', { gender: 'female', age_group: '25-34', topics: ['1'] }, true],
      ['another age group', { gender: 'female', age_group: '45-49', topics: ['1'] }, false],
      ['age unknown', { gender: 'female', topics: ['1'] }, true],
      ['another gender', { gender: 'male', age_group: '25-34', topics: ['1'] }, false],
      ['gender unknown, the targeting names only women', { age_group: '25-34', topics: ['1'] }, false],
      ['other topics only', { gender: 'female', age_group: '25-34', topics: ['2'] }, false],
      ['no topics followed (interests unknown)', { gender: 'female', age_group: '25-34' }, true],
    ];
    for (const [name, o, expected] of cases) expect(await served(await viewer(name, o)), name).toBe(expected);

    // Naming 'unknown' among the genders lets people of unknown gender in.
    await t.db.query("UPDATE ad_groups SET genders = '{female,unknown}' WHERE id = $1", [made.body.data!.ad_group_id]);
    expect(await served(await viewer('unknown now welcome', { age_group: '25-34', topics: ['1'] }))).toBe(true);
  });
});
