/**
 * Business access (decision 035) and two-factor sign-in (decision 034): the
 * profiles list, members, acting as a business on board create and update, Pin
 * create and Pin move, with the role matrix owner / admin / publisher without
 * and with MFA / analyst / stranger / signed out; TOTP enrolment, log-in with
 * a code, reused codes and recovery codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';
import { enableMfa, makePartner, totpCode } from './business-people';

let t: TestApp;

const PASSWORD = 'correct horse battery';

const partner = (name: string) => makePartner(t, name, 'ba');

type Role = 'owner' | 'admin' | 'publisher' | 'publisherMfa' | 'analyst' | 'stranger' | 'signedOut';
const ROLES: Role[] = ['owner', 'admin', 'publisher', 'publisherMfa', 'analyst', 'stranger', 'signedOut'];
let business: TestPerson;
let people: Record<Exclude<Role, 'signedOut' | 'owner'>, TestPerson>;
const clientOf = (role: Role) => (role === 'signedOut' ? t.client() : role === 'owner' ? business.c : people[role].c);

async function boardCountOf(userId: string) {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM boards WHERE owner_id = $1', [userId]);
  return row!.n;
}

beforeAll(async () => {
  t = await buildTestApp();
  business = await partner('Shop');
  people = {
    admin: await partner('Admin'),
    publisher: await partner('Publisher'),
    publisherMfa: await partner('PublisherMfa'),
    analyst: await partner('Analyst'),
    stranger: await partner('Stranger'),
  };
  const grants: [TestPerson, string[]][] = [
    [people.admin, ['ADMIN']],
    [people.publisher, ['PROFILE_PUBLISHER']],
    [people.publisherMfa, ['PROFILE_PUBLISHER']],
    [people.analyst, ['ANALYST']],
  ];
  for (const [p, permissions] of grants) {
    const r = await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: p.id, permissions });
    expect(r.httpStatus).toBe(200);
  }
  for (const p of [people.admin, people.publisherMfa, people.analyst]) await enableMfa(p.c);
});
afterAll(() => t.close());

describe('GET /vx/business_access/profiles/', () => {
  it("lists the viewer's own profile first with OWNER, then each business they may act for, with viewerMeetsMfaRequirement", async () => {
    const res = await people.publisherMfa.c.request('GET', '/vx/business_access/profiles/');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.profiles).toHaveLength(2);
    expect(data.profiles[0]).toMatchObject({
      id: people.publisherMfa.id,
      permissions: ['OWNER'],
      user: { username: people.publisherMfa.username },
      viewerMeetsMfaRequirement: true,
    });
    expect(data.profiles[1]).toMatchObject({
      id: business.id,
      permissions: ['PROFILE_PUBLISHER'],
      user: { username: business.username, businessName: 'Shop', imgUrl: null, merchantId: null, eligibleForStlTool: false, scheduledPinCount: 0 },
      viewerMeetsMfaRequirement: true,
    });
    const without = (await people.publisher.c.request('GET', '/vx/business_access/profiles/')).json().data.profiles;
    expect(without.map((p: { viewerMeetsMfaRequirement: boolean }) => p.viewerMeetsMfaRequirement)).toEqual([false, false]);
    const stranger = (await people.stranger.c.request('GET', '/vx/business_access/profiles/')).json().data.profiles;
    expect(stranger.map((p: { id: string }) => p.id)).toEqual([people.stranger.id]);
    const out = await t.client().request('GET', '/vx/business_access/profiles/');
    expect(out.statusCode).toBe(401);
    expect(out.json().code).toBe(ERROR_CODES.LOGIN_REQUIRED.code);
  });
});

describe('acting as a business', () => {
  const WRITE: Record<Role, number> = { owner: 200, admin: 200, publisher: 403, publisherMfa: 200, analyst: 403, stranger: 403, signedOut: 401 };

  it('board create: the board belongs to the business and the audit record names who made it; refusals name orbac_subject_id and create nothing', async () => {
    for (const role of ROLES) {
      const before = await boardCountOf(business.id);
      const r = await clientOf(role).resource('BoardResource', 'create', { name: `By ${role}`, privacy: 'secret', orbac_subject_id: business.id });
      expect(r.httpStatus, role).toBe(WRITE[role]);
      if (r.httpStatus === 200) {
        expect(r.data.owner.id).toBe(business.id);
        expect(await boardCountOf(business.id)).toBe(before + 1);
        if (role !== 'owner') {
          const [audit] = await t.db.query<{ actor_id: string; action: string }>(
            'SELECT actor_id, action FROM business_audit WHERE business_id = $1 AND target_id = $2',
            [business.id, r.data.id],
          );
          expect(audit).toEqual({ actor_id: people[role as 'admin'].id, action: 'board.create' });
        }
      } else {
        expect(await boardCountOf(business.id)).toBe(before);
        if (role !== 'signedOut') {
          expect(r.error!.code).toBe(ERROR_CODES.FORBIDDEN.code);
          expect(r.error!.message).toMatch(/^orbac_subject_id: /);
        }
      }
    }
    const mfaMessage = (await people.publisher.c.resource('BoardResource', 'create', { name: 'No MFA', orbac_subject_id: business.id })).error!.message;
    expect(mfaMessage).toContain('two-factor');
  });

  it('board update: as the business by those who may publish; others are refused and the board stays as it was', async () => {
    const board = (await business.c.resource('BoardResource', 'create', { name: 'Spring catalogue' })).data;
    for (const role of ROLES) {
      const r = await clientOf(role).resource('BoardResource', 'update', {
        board_id: board.id,
        description: `Edited by ${role}`,
        orbac_subject_id: business.id,
      });
      expect(r.httpStatus, role).toBe(WRITE[role]);
    }
    const after = (await business.c.resource('BoardResource', 'get', { board_id: board.id })).data;
    expect(after.description).toBe('Edited by publisherMfa');
    // Without naming the business, a member is no one special on its board.
    expect((await people.publisherMfa.c.resource('BoardResource', 'update', { board_id: board.id, description: 'x' })).httpStatus).toBe(403);
  });

  it('Pin create and Pin move: the Pin is the business’s; the move is recorded with its mover', async () => {
    const a = (await business.c.resource('BoardResource', 'create', { name: 'Board A' })).data;
    const b = (await business.c.resource('BoardResource', 'create', { name: 'Board B' })).data;
    const pins: Partial<Record<Role, string>> = {};
    for (const [i, role] of ROLES.entries()) {
      // A picture of its own for each: one picture twice on one board is one Pin (decision 095).
      const picture = await makeTestImage({ width: 120, height: 160, format: 'png', seed: 70 + i });
      const r = await clientOf(role).resource('PinResource', 'create', {
        board_id: a.id,
        title: `Pin by ${role}`,
        image_base64: `data:image/png;base64,${picture.toString('base64')}`,
        orbac_subject_id: business.id,
      });
      expect(r.httpStatus, role).toBe(WRITE[role]);
      if (r.httpStatus === 200) {
        expect(r.data.pinner.id).toBe(business.id);
        pins[role] = r.data.id;
      }
    }
    const [count] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE board_id = $1', [a.id]);
    expect(count!.n).toBe(3);
    for (const role of ROLES) {
      const r = await clientOf(role).resource('PinMoveResource', 'create', {
        board_id: a.id,
        new_board_id: b.id,
        pin_ids: [pins.owner],
        orbac_subject_id: business.id,
      });
      expect(r.httpStatus, role).toBe(WRITE[role]);
      if (r.httpStatus === 200) {
        await clientOf(role).resource('PinMoveResource', 'create', {
          board_id: b.id,
          new_board_id: a.id,
          pin_ids: [pins.owner],
          orbac_subject_id: business.id,
        });
      }
    }
    const moves = await t.db.query<{ actor_id: string }>(
      "SELECT actor_id FROM business_audit WHERE business_id = $1 AND action = 'pin.move' ORDER BY created_at, id",
      [business.id],
    );
    expect(new Set(moves.map((m) => m.actor_id))).toEqual(new Set([people.admin.id, people.publisherMfa.id]));
  });

  it("a secret board's address with ?orbac_subject_id reads as the business for every member who meets the MFA rule; others read as themselves", async () => {
    const secret = (await business.c.resource('BoardResource', 'create', { name: 'Launch plans', privacy: 'secret' })).data;
    const read = (role: Role, subject: boolean) =>
      clientOf(role).resource('BoardResource', 'get', {
        username: business.username,
        slug: secret.url.split('/')[2],
        ...(subject ? { orbac_subject_id: business.id } : {}),
      });
    // Those who may not act for it read as themselves: the secret board is missing to them, exactly as without the subject.
    const READ: Record<Role, number> = { owner: 200, admin: 200, publisher: 404, publisherMfa: 200, analyst: 200, stranger: 404, signedOut: 404 };
    for (const role of ROLES) expect((await read(role, true)).httpStatus, role).toBe(READ[role]);
    expect((await read('publisherMfa', false)).httpStatus).toBe(404);
    // Its Pins and sections read the same way.
    const feed = (role: Role) => clientOf(role).resource('BoardFeedResource', 'get', { board_id: secret.id, orbac_subject_id: business.id });
    expect((await feed('analyst')).httpStatus).toBe(200);
    expect((await feed('stranger')).httpStatus).toBe(404);
    expect((await clientOf('admin').resource('BoardSectionsResource', 'get', { board_id: secret.id, orbac_subject_id: business.id })).httpStatus).toBe(200);
  });

  it('answers 403 for an id that is no account, as for a business one holds nothing on, and 400 for an id that is not an id', async () => {
    const unknown = await people.admin.c.resource('BoardResource', 'create', { name: 'Nowhere', orbac_subject_id: '123456789' });
    expect(unknown.httpStatus).toBe(403);
    expect(unknown.error!.message).toBe(
      (await people.stranger.c.resource('BoardResource', 'create', { name: 'Nowhere', orbac_subject_id: business.id })).error!.message,
    );
    const bad = await people.admin.c.resource('BoardResource', 'create', { name: 'Nowhere', orbac_subject_id: 'shop' });
    expect(bad.httpStatus).toBe(400);
    expect(bad.error!.message).toContain('orbac_subject_id');
  });

  it('a person granted OWNER acts without two-factor sign-in', async () => {
    const co = await partner('CoOwner');
    expect(
      (await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, username: co.username, permissions: ['OWNER'] })).httpStatus,
    ).toBe(200);
    expect((await co.c.resource('BoardResource', 'create', { name: 'By a co-owner', orbac_subject_id: business.id })).httpStatus).toBe(200);
  });
});

describe('BusinessAccessResource', () => {
  it('get: the business and its admins see the people; others are refused', async () => {
    const GET: Record<Role, number> = { owner: 200, admin: 200, publisher: 403, publisherMfa: 403, analyst: 403, stranger: 403, signedOut: 401 };
    for (const role of ROLES) {
      const r = await clientOf(role).resource('BusinessAccessResource', 'get', { business_id: business.id });
      expect(r.httpStatus, role).toBe(GET[role]);
    }
    const list = (await business.c.resource('BusinessAccessResource', 'get', { business_id: business.id })).data;
    expect(list.members.find((m: { user_id: string }) => m.user_id === people.admin.id)).toMatchObject({ permissions: ['ADMIN'], mfa_enabled: true });
  });

  it('create and delete: an admin manages publishers and analysts, only an owner gives ADMIN; others are refused', async () => {
    const newcomer = await partner('Newcomer');
    const give = (role: Role, permissions: string[]) =>
      clientOf(role).resource('BusinessAccessResource', 'create', { business_id: business.id, username: newcomer.username, permissions });
    const GIVE: Record<Role, number> = { owner: 200, admin: 200, publisher: 403, publisherMfa: 403, analyst: 403, stranger: 403, signedOut: 401 };
    for (const role of ROLES) expect((await give(role, ['ANALYST'])).httpStatus, role).toBe(GIVE[role]);
    const adminGivesAdmin = await give('admin', ['ADMIN']);
    expect(adminGivesAdmin.httpStatus).toBe(403);
    expect(adminGivesAdmin.error!.message).toMatch(/^permissions: /);
    expect((await give('owner', ['ADMIN'])).httpStatus).toBe(200);
    // The admin cannot take an admin's access away; the owner can.
    expect((await people.admin.c.resource('BusinessAccessResource', 'delete', { business_id: business.id, user_id: newcomer.id })).httpStatus).toBe(403);
    expect((await business.c.resource('BusinessAccessResource', 'delete', { business_id: business.id, user_id: newcomer.id })).httpStatus).toBe(200);
    const gone = (await newcomer.c.request('GET', '/vx/business_access/profiles/')).json().data.profiles;
    expect(gone).toHaveLength(1);
  });

  it('refuses a personal account, a missing person and a bad permission with a message naming the field', async () => {
    const personal = await t.person('Personal', 'ba');
    const r = await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: personal.id, permissions: ['ANALYST'] });
    expect(r.httpStatus).toBe(400);
    expect(r.error!.message).toMatch(/^user_id: only business accounts/);
    const missing = await business.c.resource('BusinessAccessResource', 'create', {
      business_id: business.id,
      username: 'nobody_here_at_all',
      permissions: ['ANALYST'],
    });
    expect(missing.httpStatus).toBe(400);
    expect(missing.error!.message).toMatch(/^username: /);
    const badPermission = await business.c.resource('BusinessAccessResource', 'create', {
      business_id: business.id,
      user_id: people.stranger.id,
      permissions: ['GOD'],
    });
    expect(badPermission.httpStatus).toBe(400);
    expect(badPermission.error!.message).toContain('permissions');
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a QR code, refuses a wrong code, then asks for a code at log-in and never takes one twice', async () => {
    const p = await partner('Totp');
    const started = await p.c.resource('UserMfaResource', 'create');
    expect(started.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Pinboard:/);
    expect(started.data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const secret = started.data.secret as string;
    const wrong = await p.c.resource('UserMfaResource', 'update', { code: totpCode(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.httpStatus).toBe(400);
    expect(wrong.error!.message).toMatch(/^code: /);
    expect((await p.c.resource('UserMfaResource', 'get')).data.enabled).toBe(false);
    const first = totpCode(secret);
    const confirmed = await p.c.resource('UserMfaResource', 'update', { code: first });
    expect(confirmed.httpStatus).toBe(200);
    expect(confirmed.data.recovery_codes).toHaveLength(10);

    const login = (extra: Record<string, string> = {}) =>
      t.client().resource('UserSessionResource', 'create', { username_or_email: p.username, password: PASSWORD, ...extra });
    const noCode = await login();
    expect(noCode.httpStatus).toBe(401);
    expect(noCode.error!.code).toBe(ERROR_CODES.MFA_REQUIRED.code);
    const reused = await login({ mfa_code: first });
    expect(reused.httpStatus).toBe(400);
    expect(reused.error!.message).toMatch(/^mfa_code: /);
    const next = totpCode(secret, 1);
    const ok = await t.client().resource('UserSessionResource', 'create', { username_or_email: p.username, password: PASSWORD, mfa_code: next });
    expect(ok.httpStatus).toBe(200);
    expect(ok.data.id).toBe(p.id);
    expect((await login({ mfa_code: next })).httpStatus).toBe(400);
    // A wrong password with a right-looking code is still a wrong password.
    expect(
      (
        await t
          .client()
          .resource('UserSessionResource', 'create', { username_or_email: p.username, password: 'not the password', mfa_code: totpCode(secret, 1) })
      ).httpStatus,
    ).toBe(401);

    const recovery = confirmed.data.recovery_codes[0] as string;
    expect((await login({ mfa_code: recovery })).httpStatus).toBe(200);
    expect((await login({ mfa_code: recovery })).httpStatus).toBe(400);
    expect((await p.c.resource('UserMfaResource', 'get')).data.recovery_codes_left).toBe(9);

    // Turning it off needs a code and the password (sessions.test.ts); a used code does not do.
    expect((await p.c.resource('UserMfaResource', 'delete', { code: next, password: PASSWORD })).httpStatus).toBe(400);
    expect((await p.c.resource('UserMfaResource', 'delete', { code: confirmed.data.recovery_codes[1], password: PASSWORD })).httpStatus).toBe(200);
    expect((await login()).httpStatus).toBe(200);
  });

  it('refuses a second enrolment while on, and needs a session', async () => {
    const p = await partner('Twice');
    await enableMfa(p.c);
    expect((await p.c.resource('UserMfaResource', 'create')).httpStatus).toBe(409);
    expect((await t.client().resource('UserMfaResource', 'create')).httpStatus).toBe(401);
  });
});

describe('a business that moderation removed', () => {
  it('lets none of its people act for it, manage its people, read its ad account or list it', async () => {
    const shop = await partner('RemovedShop');
    const admin = await partner('RemovedShopAdmin');
    const coOwner = await partner('RemovedShopCoOwner');
    const newcomer = await partner('RemovedShopNewcomer');
    for (const [p, permissions] of [
      [admin, ['ADMIN']],
      [coOwner, ['OWNER']],
    ] as const) {
      expect((await shop.c.resource('BusinessAccessResource', 'create', { business_id: shop.id, user_id: p.id, permissions })).httpStatus).toBe(200);
    }
    await enableMfa(admin.c);
    const advertiserId = (await shop.c.resource('AdvertiserResource', 'create', { name: 'Removed ads', country: 'US', currency: 'USD' })).data.id as string;
    // Before: both act, manage and read the ad account.
    for (const p of [admin, coOwner]) {
      expect((await p.c.resource('BoardResource', 'create', { name: `Before ${p.username}`, orbac_subject_id: shop.id })).httpStatus).toBe(200);
      expect((await p.c.resource('BusinessAccessResource', 'get', { business_id: shop.id })).httpStatus).toBe(200);
      expect((await p.c.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(200);
    }

    await t.db.query("UPDATE users SET moderation = 'removed' WHERE id = $1", [shop.id]);
    const boardsBefore = await boardCountOf(shop.id);
    for (const p of [admin, coOwner]) {
      const created = await p.c.resource('BoardResource', 'create', { name: `After ${p.username}`, orbac_subject_id: shop.id });
      expect(created.httpStatus, p.username).toBe(403);
      expect(created.error!.message).toMatch(/^orbac_subject_id: /);
      expect((await p.c.resource('BusinessAccessResource', 'create', { business_id: shop.id, user_id: newcomer.id, permissions: ['ADMIN'] })).httpStatus).toBe(
        403,
      );
      expect((await p.c.resource('BusinessAccessResource', 'get', { business_id: shop.id })).httpStatus).toBe(403);
      expect((await p.c.resource('AdvertiserBillingResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
      expect((await p.c.resource('CampaignsResource', 'get', { advertiser_id: advertiserId })).httpStatus).toBe(404);
      const accounts = (await p.c.resource('AdvertiserResource', 'get')).data as { id: string }[];
      expect(accounts.map((a) => a.id)).not.toContain(advertiserId);
      const profiles = (await p.c.request('GET', '/vx/business_access/profiles/')).json().data.profiles as { id: string }[];
      expect(profiles.map((x) => x.id)).toEqual([p.id]);
    }
    expect(await boardCountOf(shop.id)).toBe(boardsBefore);
    const [grant] = await t.db.query('SELECT 1 FROM business_access WHERE business_id = $1 AND user_id = $2', [shop.id, newcomer.id]);
    expect(grant).toBeUndefined();

    // Reinstated: their access is back (nothing was deleted).
    await t.db.query('UPDATE users SET moderation = NULL WHERE id = $1', [shop.id]);
    expect((await admin.c.resource('BoardResource', 'create', { name: 'Reinstated', orbac_subject_id: shop.id })).httpStatus).toBe(200);
  });
});
