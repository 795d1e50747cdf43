/**
 * The four takedown forms from one law configuration (region, laws, one law
 * per report, anonymity, trusted flaggers, the cutoff), and moderation:
 * staff's queue oldest first, decisions with statements of reasons to both
 * sides, removed content gone through every door, counter-notices and the
 * transparency report.
 */
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { TAKEDOWN_CONFIG, TAKEDOWN_FORMS } from '@pinboard/shared/constants/takedowns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir, readOutbox } from '../src/mail';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { canModerate } from '../src/modules/reports/reports.policy';
import { userAccounts } from '../src/modules/users';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let staff: TestPerson;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_TAKEDOWN_ANONYMOUS: '1000', RATE_LIMIT_TAKEDOWN: '1000' });
  staff = await t.person('Staff', 'td');
  await userAccounts.setEmployee(t.db, staff.username, true);
});
afterAll(() => t.close());

const COUNTRY = { test: 'US', turkey: 'TR', dsa: 'DE', india: 'IN' } as const;
const body = (form: keyof typeof COUNTRY, extra: Record<string, unknown> = {}) => ({
  laws: ['DMCA'],
  reported_url: 'https://example.com/somewhere',
  reporter_name: 'Rita Reporter',
  reporter_email: 'rita@example.com',
  reporter_country: COUNTRY[form],
  content_date: '2024-03-01',
  details: 'My photograph, used without my permission.',
  ...extra,
});
const reportCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM user_reports'))[0]!.n);

describe('takedown forms', () => {
  it('takes a report through each of the four forms, signed in, with the laws, country and date stored', async () => {
    const me = await t.person('Lawyer', 'td');
    for (const form of TAKEDOWN_FORMS) {
      const res = await me.c.request('POST', TAKEDOWN_CONFIG[form].API, { payload: body(form) });
      expect(res.statusCode, form).toBe(200);
      const { id } = res.json().data;
      const [row] = await t.db.query<{ form: string; laws: string[]; reporter_country: string; status: string }>(
        'SELECT form, laws, reporter_country, status FROM user_reports WHERE id = $1',
        [id],
      );
      expect(row).toMatchObject({ form, laws: ['DMCA'], reporter_country: COUNTRY[form], status: 'open' });
    }
  });

  it('takes anonymous reports only on the dsa and india forms', async () => {
    for (const form of TAKEDOWN_FORMS) {
      const before = await reportCount();
      const res = await t.client().request('POST', `/v3/legal/takedowns/${form}/`, { payload: body(form) });
      const allowed = TAKEDOWN_CONFIG[form].ALLOW_ANON_SUBMISSION;
      expect(res.statusCode, form).toBe(allowed ? 200 : 401);
      if (!allowed) {
        expect(res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.LOGIN_REQUIRED.code });
        expect(await reportCount()).toBe(before);
      }
    }
    expect(['dsa', 'india'].every((f) => TAKEDOWN_CONFIG[f as 'dsa'].ALLOW_ANON_SUBMISSION)).toBe(true);
  });

  it('allows several laws only on the test form, and reads `law` as a one-item list', async () => {
    const me = await t.person('Multi', 'td');
    for (const form of TAKEDOWN_FORMS) {
      const before = await reportCount();
      const res = await me.c.request('POST', `/v3/legal/takedowns/${form}/`, { payload: body(form, { laws: ['DMCA', 'GDPR'] }) });
      if (form === 'test') expect(res.statusCode).toBe(200);
      else {
        expect(res.statusCode, form).toBe(400);
        expect(res.json()).toMatchObject({ status: 'failure', code: ERROR_CODES.INVALID_INPUT.code });
        expect(res.json().message_detail + res.json().message).toMatch(/laws|one law/i);
        expect(await reportCount()).toBe(before);
      }
    }
    const single = await me.c.request('POST', '/v3/legal/takedowns/turkey/', { payload: { ...body('turkey', { laws: undefined }), law: 'Trademark' } });
    expect(single.statusCode).toBe(200);
    const [row] = await t.db.query<{ laws: string[] }>('SELECT laws FROM user_reports WHERE id = $1', [single.json().data.id]);
    expect(row!.laws).toEqual(['Trademark']);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { laws: [] }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { laws: ['Copyright'] }) })).statusCode).toBe(400);
  });

  it('refuses a report from outside the form’s region, naming the right form', async () => {
    const me = await t.person('Roamer', 'td');
    const before = await reportCount();
    const wrong = await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { reporter_country: 'IN' }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/india form/);
    expect((await me.c.request('POST', '/v3/legal/takedowns/india/', { payload: body('india', { reporter_country: 'FR' }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/test/', { payload: body('test', { reporter_country: 'TR' }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/turkey/', { payload: body('turkey', { reporter_country: 'US' }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { reporter_country: 'Germany' }) })).statusCode).toBe(400);
    expect(await reportCount()).toBe(before);
    // Every member country and the EU itself are in the dsa form's scope.
    for (const code of ['AT', 'SE', 'EU', 'mt']) {
      expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { reporter_country: code }) })).statusCode, code).toBe(200);
    }
  });

  it('refuses content dated before the cutoff (1 Jan 2024) or in the future', async () => {
    const me = await t.person('Dated', 'td');
    const before = await reportCount();
    const old = await me.c.request('POST', '/v3/legal/takedowns/india/', { payload: body('india', { content_date: '2023-12-31' }) });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/2024-01-01/);
    expect((await me.c.request('POST', '/v3/legal/takedowns/india/', { payload: body('india', { content_date: '2999-01-01' }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/india/', { payload: body('india', { content_date: 'yesterday' }) })).statusCode).toBe(400);
    expect(await reportCount()).toBe(before);
    expect((await me.c.request('POST', '/v3/legal/takedowns/india/', { payload: body('india', { content_date: '2024-01-01' }) })).statusCode).toBe(200);
  });

  it('takes trusted flaggers only on the dsa form', async () => {
    const me = await t.person('Flagger', 'td');
    for (const form of TAKEDOWN_FORMS) {
      const res = await me.c.request('POST', `/v3/legal/takedowns/${form}/`, { payload: body(form, { trusted_flagger: true }) });
      expect(res.statusCode, form).toBe(form === 'dsa' ? 200 : 400);
    }
  });

  it('refuses unknown forms, bad emails and reports naming nothing', async () => {
    const me = await t.person('Sloppy', 'td');
    expect((await me.c.request('POST', '/v3/legal/takedowns/mars/', { payload: body('dsa') })).statusCode).toBe(404);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { reporter_email: 'not an email' }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { reported_url: undefined }) })).statusCode).toBe(400);
    expect((await me.c.request('POST', '/v3/legal/takedowns/dsa/', { payload: body('dsa', { details: '' }) })).statusCode).toBe(400);
  });
});

describe('moderation', () => {
  it('counts as staff the accounts marked by make-staff and those named in STAFF_USERNAMES', () => {
    const named = new Set(['mo']);
    expect(canModerate({ is_employee: true, username: 'x' }, new Set())).toBe(true);
    expect(canModerate({ is_employee: false, username: 'MO' }, named)).toBe(true);
    expect(canModerate({ is_employee: false, username: 'x' }, named)).toBe(false);
    expect(canModerate(null, named)).toBe(false);
  });

  it('lets only staff read the queue, oldest first, and decide', async () => {
    const someone = await t.person('Someone', 'td');
    expect((await someone.c.resource('ModerationQueueResource', 'get', {})).httpStatus).toBe(403);
    expect((await t.client().resource('ModerationQueueResource', 'get', {})).httpStatus).toBe(401);
    const queue = await staff.c.resource('ModerationQueueResource', 'get', { page_size: 3 });
    expect(queue.httpStatus).toBe(200);
    expect(queue.data[0].content_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ids = queue.data.map((r: { id: string }) => BigInt(r.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    const next = await staff.c.resource('ModerationQueueResource', 'get', { page_size: 3, bookmark: queue.bookmark });
    expect(BigInt(next.data[0].id) > ids[2]!).toBe(true);

    const reportId = queue.data[0].id;
    const refused = await someone.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision: 'no_action', statement_of_reasons: 'x' });
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.code).toBe(ERROR_CODES.FORBIDDEN.code);
    expect((await t.db.query('SELECT 1 FROM moderation_decisions WHERE report_id = $1', [reportId])).length).toBe(0);
    expect(
      (await staff.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision: 'ban', statement_of_reasons: 'x' })).httpStatus,
    ).toBe(400);
    expect(
      (await staff.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision: 'no_action', statement_of_reasons: '' })).httpStatus,
    ).toBe(400);
    expect((await staff.c.resource('TransparencyReportResource', 'get', {})).httpStatus).toBe(200);
    expect((await someone.c.resource('TransparencyReportResource', 'get', {})).httpStatus).toBe(403);
  });

  it('removes a reported Pin: 404 through every door, for its owner too, with statements of reasons to both sides and a counter-notice path', async () => {
    const owner = await t.person('Pinner', 'td');
    const reporter = await t.person('Holder', 'td');
    const follower = await t.person('Fan', 'td');
    await follower.c.resource('UserFollowResource', 'create', { user_id: owner.id });
    const jpeg = await makeTestImage({ width: 400, height: 400, format: 'jpeg', seed: 901 });
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Copied things' })).data;
    const pin = (await owner.c.upload('PinResource', 'create', { board_id: board.id, title: 'Zanzibarfrog picture' }, jpeg)).data;
    const keep = (
      await owner.c.upload(
        'PinResource',
        'create',
        { board_id: board.id, title: 'Own sketch' },
        await makeTestImage({ width: 400, height: 400, format: 'jpeg', seed: 902 }),
      )
    ).data;
    const image = pin.images['236x'].url as string;
    const anon = t.client();
    // Seen everywhere first (and the image is remembered as public, the signed-out reads cached).
    expect((await anon.request('GET', image)).statusCode).toBe(200);
    expect((await anon.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(200);
    expect((await anon.resource('BoardResource', 'get', { board_id: board.id })).data.pin_count).toBe(2);

    const sent = await reporter.c.request('POST', '/v3/legal/takedowns/dsa/', {
      payload: body('dsa', { reported_url: `http://localhost/pin/${pin.id}/`, laws: ['DMCA'], reporter_email: undefined }),
    });
    expect(sent.statusCode).toBe(200);
    const reportId = sent.json().data.id;
    const [stored] = await t.db.query<{ reported_pin_id: string; reported_id: string }>('SELECT reported_pin_id, reported_id FROM user_reports WHERE id = $1', [
      reportId,
    ]);
    expect(stored).toEqual({ reported_pin_id: pin.id, reported_id: owner.id });

    const decided = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: reportId,
      decision: 'remove',
      statement_of_reasons: 'The reporter showed they hold the copyright of this photograph.',
    });
    expect(decided.httpStatus).toBe(200);
    expect(decided.data).toMatchObject({ decision: 'remove', laws: ['DMCA'], target: { kind: 'pin', id: pin.id } });
    // One decision per report.
    expect(
      (await staff.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision: 'no_action', statement_of_reasons: 'again' }))
        .httpStatus,
    ).toBe(409);

    for (const [who, c] of [
      ['anonymous', anon],
      ['owner', owner.c],
      ['follower', follower.c],
      ['reporter', reporter.c],
    ] as const) {
      expect((await c.resource('PinResource', 'get', { id: pin.id })).httpStatus, who).toBe(404);
      expect((await c.request('GET', `/v3/pins/${pin.id}/`)).statusCode, who).toBe(404);
      expect((await c.request('GET', image)).statusCode, who).toBe(404);
      const pinPage = await c.request('GET', `/pin/${pin.id}/`, { headers: { accept: 'text/html' } });
      expect(pinPage.statusCode, who).toBe(404);
      expect(pinPage.body.includes('Zanzibarfrog'), who).toBe(false);
      const feed = await c.resource('BoardFeedResource', 'get', { board_id: board.id });
      expect(
        feed.data.map((p: { id: string }) => p.id),
        who,
      ).toEqual([keep.id]);
      const search = await c.resource('BaseSearchResource', 'get', { query: 'zanzibarfrog', scope: 'pins' });
      expect(search.data, who).toHaveLength(0);
      const pins = await c.resource('UserPinsResource', 'get', { username: owner.username });
      expect(
        pins.data.some((p: { id: string }) => p.id === pin.id),
        who,
      ).toBe(false);
      const profile = (await c.resource('UserResource', 'get', { username: owner.username })).data;
      expect(profile.pin_count, who).toBe(1);
      expect((await c.resource('BoardResource', 'get', { board_id: board.id })).data.pin_count, who).toBe(1);
    }
    const home = await follower.c.resource('UserHomefeedResource', 'get', { page_size: 100 });
    expect(home.data.some((p: { id: string }) => p.id === pin.id)).toBe(false);

    // The statement of reasons: by mail to both, and in-app.
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const mails = readOutbox(outboxDir(t.config)).filter((m) => m.subject === 'Our decision on a report');
    const toOwner = mails.find((m) => m.to === owner.email);
    const toReporter = mails.find((m) => m.to === reporter.email);
    expect(toOwner?.text).toMatch(/Content of yours was reported: the Pin "Zanzibarfrog picture"/);
    expect(toOwner?.text).toMatch(/removed/);
    expect(toOwner?.text).toMatch(/holds? the copyright/);
    expect(toOwner?.text).toMatch(/counter-notice/);
    expect(toOwner?.text).toMatch(/Digital Services Act/);
    expect(toReporter?.text).toMatch(/You reported/);
    const notices = await owner.c.resource('ModerationNoticesResource', 'get', {});
    expect(notices.data[0]).toMatchObject({
      role: 'affected',
      decision: 'remove',
      can_contest: true,
      statement_of_reasons: expect.stringMatching(/copyright/),
    });
    expect((await reporter.c.resource('ModerationNoticesResource', 'get', {})).data[0]).toMatchObject({ role: 'reporter' });

    // A counter-notice enters the queue; decided with no_action it reinstates the Pin.
    const decisionId = notices.data[0].id;
    expect((await follower.c.resource('ModerationAppealResource', 'create', { decision_id: decisionId, text: 'not mine to contest' })).httpStatus).toBe(404);
    const appeal = await owner.c.resource('ModerationAppealResource', 'create', { decision_id: decisionId, text: 'I took this photo myself.' });
    expect(appeal.httpStatus).toBe(200);
    expect((await owner.c.resource('ModerationAppealResource', 'create', { decision_id: decisionId, text: 'again' })).httpStatus).toBe(409);
    let item: { id: string; kind: string } | undefined;
    let bookmark: string | undefined;
    do {
      const page = await staff.c.resource('ModerationQueueResource', 'get', { page_size: 50, bookmark });
      item = page.data.find((r: { id: string }) => r.id === appeal.data.id);
      bookmark = page.bookmark ?? undefined;
    } while (!item && bookmark);
    expect(item).toMatchObject({ kind: 'counter_notice', target: { kind: 'pin', id: pin.id } });
    expect(
      (
        await staff.c.resource('ModerationDecisionResource', 'create', {
          report_id: appeal.data.id,
          decision: 'no_action',
          statement_of_reasons: 'The counter-notice shows the pinner took the photo.',
        })
      ).httpStatus,
    ).toBe(200);
    expect((await anon.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(200);
    expect((await anon.request('GET', image)).statusCode).toBe(200);
    expect((await anon.resource('BoardResource', 'get', { board_id: board.id })).data.pin_count).toBe(2);

    // The transparency report counts both decisions by law and decision, with the time to decide.
    const report = (await staff.c.resource('TransparencyReportResource', 'get', {})).data;
    expect(report.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ form: 'dsa', law: 'DMCA', decision: 'remove', count: 1 }),
        expect.objectContaining({ form: 'dsa', law: 'DMCA', decision: 'no_action' }),
      ]),
    );
    expect(typeof report.rows[0].median_hours).toBe('number');
    const csv = await staff.c.request('GET', '/v3/moderation/transparency_report.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toMatch(/^form,law,decision,count,median_hours_to_decide/);
    expect(csv.body).toMatch(/\ndsa,DMCA,remove,1,/);
    expect((await owner.c.request('GET', '/v3/moderation/transparency_report.csv')).statusCode).toBe(403);
  });

  it('restricts a Pin (and the other Pins showing its image) to its owner: others get 404, the owner still sees it', async () => {
    const owner = await t.person('Restricted', 'td');
    const saver = await t.person('Saver', 'td');
    const other = await t.person('Onlooker', 'td');
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Hidden soon' })).data;
    const pin = (
      await owner.c.upload(
        'PinResource',
        'create',
        { board_id: board.id, title: 'Quokkaselfie' },
        await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 903 }),
      )
    ).data;
    const saved = (await saver.c.resource('RepinResource', 'create', { pin_id: pin.id })).data;
    const image = pin.images['236x'].url as string;
    const sent = await other.c.request('POST', '/v3/legal/takedowns/test/', { payload: body('test', { reported_url: `/pin/${pin.id}/`, laws: ['GDPR'] }) });
    const decided = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: sent.json().data.id,
      decision: 'restrict',
      statement_of_reasons: 'Shows a private person.',
    });
    expect(decided.httpStatus).toBe(200);
    expect((await owner.c.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(200);
    expect((await owner.c.request('GET', image)).statusCode).toBe(200);
    expect((await owner.c.resource('BaseSearchResource', 'get', { query: 'quokkaselfie', scope: 'pins' })).data).toHaveLength(1);
    expect((await saver.c.resource('PinResource', 'get', { id: saved.id })).httpStatus).toBe(200);
    expect((await saver.c.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(404);
    for (const c of [other.c, t.client()]) {
      expect((await c.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(404);
      expect((await c.resource('PinResource', 'get', { id: saved.id })).httpStatus).toBe(404);
      expect((await c.request('GET', image)).statusCode).toBe(404);
      expect((await c.resource('BaseSearchResource', 'get', { query: 'quokkaselfie', scope: 'pins' })).data).toHaveLength(0);
    }
    expect((await t.client().resource('BoardResource', 'get', { board_id: board.id })).data.pin_count).toBe(0);
  });

  it('restricts a board to its owner, and refuses remove or restrict for a report that names no Pin, board or person', async () => {
    const owner = await t.person('Boarder', 'td');
    const board = (await owner.c.resource('BoardResource', 'create', { name: 'Trademarked logos' })).data;
    const reporter = await t.person('Brand', 'td');
    const sent = await reporter.c.request('POST', '/v3/legal/takedowns/test/', {
      payload: body('test', { laws: ['Trademark', 'DMCA'], reported_url: `/${owner.username}/${board.slug}/` }),
    });
    expect(sent.statusCode).toBe(200);
    const restricted = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: sent.json().data.id,
      decision: 'restrict',
      statement_of_reasons: 'Uses a registered mark.',
    });
    expect(restricted.data.target).toEqual({ kind: 'board', id: board.id });
    expect((await owner.c.resource('BoardResource', 'get', { board_id: board.id })).httpStatus).toBe(200);
    expect((await reporter.c.resource('BoardResource', 'get', { board_id: board.id })).httpStatus).toBe(404);
    expect((await t.client().resource('BoardsResource', 'get', { username: owner.username })).data).toHaveLength(0);

    // An address that names nothing here (people are decided in moderating-people.test.ts).
    const person = { data: (await reporter.c.request('POST', '/v3/legal/takedowns/test/', { payload: body('test') })).json().data };
    const before = Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM moderation_decisions'))[0]!.n);
    const refused = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: person.data.id,
      decision: 'remove',
      statement_of_reasons: 'x',
    });
    expect(refused.httpStatus).toBe(400);
    expect(refused.error?.field).toBe('decision');
    expect(Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM moderation_decisions'))[0]!.n)).toBe(before);
    expect(
      (await staff.c.resource('ModerationDecisionResource', 'create', { report_id: person.data.id, decision: 'no_action', statement_of_reasons: 'Not spam.' }))
        .httpStatus,
    ).toBe(200);
    expect(
      (await staff.c.resource('ModerationDecisionResource', 'create', { report_id: '12345', decision: 'no_action', statement_of_reasons: 'x' })).httpStatus,
    ).toBe(404);
  });
});
