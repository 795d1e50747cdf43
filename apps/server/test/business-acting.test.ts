/**
 * Acting as a business kept with the session (docs/product/api-contract.md §9,
 * BusinessActingResource; decision 059): every tab of a session (one cookie)
 * acts alike, another session of the same person does not; the calls that make
 * content act as the session says unless `orbac_subject_id` overrides; the
 * business-access rights and the MFA rule are checked each time, and acting is
 * cleared when the right ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { buildTestApp, type TestClient, type TestApp, type TestPerson } from './test-app';
import { enableMfa, makePartner } from './business-people';

let t: TestApp;
let png: string;
const PASSWORD = 'correct horse battery';

const partner = (name: string) => makePartner(t, name, 'bx');

/** Another session of the same person: a second device, its own cookie. */
async function secondSession(p: TestPerson, mfaCode?: string) {
  const c = t.client();
  const r = await c.resource('UserSessionResource', 'create', { username_or_email: p.username, password: PASSWORD, mfa_code: mfaCode });
  expect(r.httpStatus).toBe(200);
  return c;
}

/** A second tab of a session: a new client with the same cookies. */
function tabOf(c: TestClient) {
  const tab = t.client();
  for (const [k, v] of c.cookies) tab.cookies.set(k, v);
  return tab;
}

const createPin = (c: TestClient, extra: Record<string, unknown> = {}) => c.resource('PinResource', 'create', { image_base64: png, title: 'A Pin', ...extra });

let business: TestPerson;
let publisher: TestPerson;
let recovery: string[];

beforeAll(async () => {
  t = await buildTestApp();
  png = `data:image/png;base64,${(await makeTestImage({ width: 120, height: 160, format: 'png', seed: 3 })).toString('base64')}`;
  business = await partner('Shop');
  publisher = await partner('Pub');
  expect(
    (await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: publisher.id, permissions: ['PROFILE_PUBLISHER'] }))
      .httpStatus,
  ).toBe(200);
  recovery = (await enableMfa(publisher.c)).recovery;
});
afterAll(() => t.close());

describe('BusinessActingResource', () => {
  it('keeps the acting profile with the session: every tab of it acts as the business, another session as the person', async () => {
    const other = await secondSession(publisher, recovery[0]);
    expect((await publisher.c.resource('BusinessActingResource', 'get')).data).toBeNull();

    const set = await publisher.c.resource('BusinessActingResource', 'update', { business_id: business.id });
    expect(set.httpStatus).toBe(200);
    expect(set.data).toMatchObject({ id: business.id, permissions: ['PROFILE_PUBLISHER'], user: { username: business.username, businessName: 'Shop' } });

    // A second tab (the same cookie) learns it from the server, and from the Viewer.
    const tab = tabOf(publisher.c);
    expect((await tab.resource('BusinessActingResource', 'get')).data).toMatchObject({ id: business.id });
    expect((await tab.resource('UserSessionResource', 'get')).data.acting).toMatchObject({ id: business.id });
    // Another session of the same person acts as themself.
    expect((await other.resource('BusinessActingResource', 'get')).data).toBeNull();
    expect((await other.resource('UserSessionResource', 'get')).data.acting).toBeNull();

    // The tab that never switched posts as the business, with the audit record naming the person.
    const pin = await createPin(tab);
    expect(pin.httpStatus).toBe(200);
    expect(pin.data.pinner.id).toBe(business.id);
    const [audit] = await t.db.query<{ actor_id: string; action: string }>('SELECT actor_id, action FROM business_audit WHERE target_id = $1', [pin.data.id]);
    expect(audit).toEqual({ actor_id: publisher.id, action: 'pin.create' });
    expect((await createPin(other)).data.pinner.id).toBe(publisher.id);

    // orbac_subject_id still overrides per request: naming oneself acts as oneself.
    expect((await createPin(tab, { orbac_subject_id: publisher.id })).data.pinner.id).toBe(publisher.id);

    // Switching back in one tab switches every tab of the session at once.
    expect((await publisher.c.resource('BusinessActingResource', 'update', { business_id: null })).data).toBeNull();
    expect((await tab.resource('UserSessionResource', 'get')).data.acting).toBeNull();
    expect((await createPin(tab)).data.pinner.id).toBe(publisher.id);
  });

  it('board create, section create, save, comments and the picker act as the session does', async () => {
    const c = publisher.c;
    await c.resource('BusinessActingResource', 'update', { business_id: business.id });
    const board = await c.resource('BoardResource', 'create', { name: 'Session board' });
    expect(board.data.owner.id).toBe(business.id);
    const section = await c.resource('BoardSectionResource', 'create', { board_id: board.data.id, title: 'Spring' });
    expect(section.httpStatus).toBe(200);
    const source = await createPin(business.c);
    const saved = await c.resource('RepinResource', 'create', { pin_id: source.data.id, board_id: board.data.id, section_id: section.data.id });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.pinner.id).toBe(business.id);
    const picker = await c.resource('BoardPickerBoardsResource', 'get', { field_set_key: 'board_picker', filter: 'all' });
    expect(picker.data.all_boards.map((b: { id: string }) => b.id)).toContain(board.data.id);
    const sections = await c.resource('BoardSectionsRepinResource', 'get', { board_id: board.data.id });
    expect(sections.data.map((s: { id: string }) => s.id)).toEqual([section.data.id]);
    const comment = await c.resource('PinCommentResource', 'create', { pin_id: source.data.id, text: 'From the shop' });
    expect(comment.httpStatus).toBe(200);
    const [row] = await t.db.query<{ author_id: string }>('SELECT author_id FROM pin_comments WHERE id = $1', [comment.data.id]);
    expect(row!.author_id).toBe(business.id);
    expect((await c.resource('PinCommentResource', 'delete', { comment_id: comment.data.id })).httpStatus).toBe(200);
    await c.resource('BusinessActingResource', 'update', { business_id: null });
  });

  it('refuses a business one may not act for (403 naming business_id), the MFA rule unmet, and signed out (401)', async () => {
    const stranger = await partner('Stranger');
    const refused = await stranger.c.resource('BusinessActingResource', 'update', { business_id: business.id });
    expect(refused.httpStatus).toBe(403);
    expect(refused.error!.message).toMatch(/^business_id: /);
    const noMfa = await partner('NoMfa');
    await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: noMfa.id, permissions: ['ADMIN'] });
    const mfa = await noMfa.c.resource('BusinessActingResource', 'update', { business_id: business.id });
    expect(mfa.httpStatus).toBe(403);
    expect(mfa.error!.message).toContain('two-factor');
    expect((await t.client().resource('BusinessActingResource', 'get')).httpStatus).toBe(401);
    expect((await t.client().resource('BusinessActingResource', 'update', { business_id: null })).error!.code).toBe(ERROR_CODES.LOGIN_REQUIRED.code);
    // Acting as oneself by one's own id is acting as oneself.
    expect((await stranger.c.resource('BusinessActingResource', 'update', { business_id: stranger.id })).data).toBeNull();
  });

  it('an analyst may act as the business but not make content as it (403), and nothing is made as the person instead', async () => {
    const analyst = await partner('Analyst');
    await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: analyst.id, permissions: ['ANALYST'] });
    await enableMfa(analyst.c);
    expect((await analyst.c.resource('BusinessActingResource', 'update', { business_id: business.id })).httpStatus).toBe(200);
    const pin = await createPin(analyst.c);
    expect(pin.httpStatus).toBe(403);
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE pinner_id = $1', [analyst.id]);
    expect(row!.n).toBe(0);
  });

  it('is cleared when the right ends: access taken away, or two-factor sign-in turned off', async () => {
    const admin = await partner('Admin');
    await business.c.resource('BusinessAccessResource', 'create', { business_id: business.id, user_id: admin.id, permissions: ['ADMIN'] });
    const codes = (await enableMfa(admin.c)).recovery;
    await admin.c.resource('BusinessActingResource', 'update', { business_id: business.id });
    // Two-factor sign-in off: the next write is refused (nothing is made as the person), and the session acts as the person again.
    expect((await admin.c.resource('UserMfaResource', 'delete', { code: codes[0], password: PASSWORD })).httpStatus).toBe(200);
    const refused = await createPin(admin.c);
    expect(refused.httpStatus).toBe(403);
    expect(refused.error!.message).toContain('no longer act');
    expect((await admin.c.resource('BusinessActingResource', 'get')).data).toBeNull();
    expect((await createPin(admin.c)).data.pinner.id).toBe(admin.id);

    // Access taken away: every session of the person stops acting for the business at once.
    const tab = tabOf(publisher.c);
    await publisher.c.resource('BusinessActingResource', 'update', { business_id: business.id });
    expect((await tab.resource('UserSessionResource', 'get')).data.acting).toMatchObject({ id: business.id });
    expect((await business.c.resource('BusinessAccessResource', 'delete', { business_id: business.id, user_id: publisher.id })).httpStatus).toBe(200);
    expect((await tab.resource('UserSessionResource', 'get')).data.acting).toBeNull();
    const [row] = await t.db.query<{ acting_as: string | null }>('SELECT acting_as FROM sessions WHERE user_id = $1 AND acting_as IS NOT NULL', [publisher.id]);
    expect(row).toBeUndefined();
  });
});
