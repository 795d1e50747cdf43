/**
 * Reports of comments and Pins (decision 057): a decision about a reported
 * comment acts on that comment alone (never on its author's account), and
 * its statement of reasons names the comment; a Pin is reported with one of
 * PIN_REPORT_REASONS, a Pin one may not see answers 404, and staff see the
 * reported Pin's image in the queue, before and after removing it.
 */
import { PIN_REPORT_REASONS } from '@pinboard/shared/constants/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir, readOutbox } from '../src/mail';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { userAccounts } from '../src/modules/users';
import { makeCollaborator } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;
let staff: TestPerson;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://pins.example' });
  staff = await t.person('Staff', 'cr');
  await userAccounts.setEmployee(t.db, staff.username, true);
});
afterAll(() => t.close());

type QueueItem = {
  id: string;
  target: { kind: string; id: string | null; content: { title: string; description: string; link: string; image_url: string | null } | null };
};

async function queueItem(reportId: string) {
  const items = (await staff.c.resource('ModerationQueueResource', 'get', { page_size: 100 })).data as QueueItem[];
  return items.find((i) => i.id === reportId);
}

async function decide(reportId: string, decision: 'remove' | 'restrict' | 'no_action', statement = 'The comment insults another person.') {
  const res = await staff.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision, statement_of_reasons: statement });
  expect(res.httpStatus, JSON.stringify(res)).toBe(200);
  return res.data as { id: string; target: { kind: string; id: string } };
}

async function pinOf(person: TestPerson, title: string, seed: number, board?: { secret?: boolean }) {
  const b = (await person.c.resource('BoardResource', 'create', { name: `${title} board`, privacy: board?.secret ? 'secret' : 'public' })).data;
  return (await person.c.upload('PinResource', 'create', { board_id: b.id, title }, await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed })))
    .data as {
    id: string;
    images: Record<string, { url: string }>;
  };
}

const commentTexts = async (c: TestPerson['c'], pinId: string) =>
  ((await c.resource('PinCommentsResource', 'get', { pin_id: pinId })).data as { text: string }[]).map((x) => x.text);

describe('a reported comment', () => {
  it('removed: only that comment goes, for everyone; its author keeps the account, and the statement names the comment', async () => {
    const host = await t.person('Host', 'cr');
    const author = await t.person('Author', 'cr');
    const reporter = await t.person('Reporter', 'cr');
    const pin = await pinOf(host, 'Quiet lake', 5701);
    const rude = (await author.c.resource('PinCommentResource', 'create', { pin_id: pin.id, text: 'What a dull photo, you fool' })).data as { id: string };
    await author.c.resource('PinCommentResource', 'create', { pin_id: pin.id, text: 'The light is lovely though' });

    // Through the contract's UserReportResource with comment_id (docs/product/api-contract.md §9).
    const report = await reporter.c.resource('UserReportResource', 'create', { comment_id: rude.id, reason: 'harassment' });
    expect(report.httpStatus).toBe(200);
    const item = await queueItem(report.data.id);
    expect(item?.target.kind).toBe('comment');
    expect(item?.target.content?.description).toBe('What a dull photo, you fool');

    const decided = await decide(report.data.id, 'remove');
    expect(decided.target).toEqual({ kind: 'comment', id: rude.id });

    for (const [who, person] of [
      ['host', host],
      ['author', author],
      ['reporter', reporter],
    ] as const) {
      expect(await commentTexts(person.c, pin.id), who).toEqual(['The light is lovely though']);
      expect((await person.c.resource('PinResource', 'get', { id: pin.id })).data.comment_count, who).toBe(1);
    }
    expect(await commentTexts(t.client(), pin.id)).toEqual(['The light is lovely though']);
    // The author's account is untouched: profile and sign-in.
    expect((await t.client().resource('UserResource', 'get', { username: author.username })).httpStatus).toBe(200);
    const again = t.client();
    expect((await again.resource('UserSessionResource', 'create', { username_or_email: author.email, password: 'correct horse battery' })).httpStatus).toBe(
      200,
    );

    const mail = readOutbox(outboxDir(t.config)).find((m) => m.to === author.email && m.subject === 'Our decision on a report');
    expect(mail?.text).toContain(`the comment "What a dull photo, you fool" on the Pin https://pins.example/pin/${pin.id}/`);
    expect(mail?.text).not.toMatch(/profile/);

    // A counter-notice by the author, decided with no_action, brings the comment back.
    const appeal = await author.c.resource('ModerationAppealResource', 'create', { decision_id: decided.id, text: 'It was a joke between friends.' });
    expect(appeal.httpStatus).toBe(200);
    expect((await queueItem(appeal.data.id))?.target.kind).toBe('comment');
    await decide(appeal.data.id, 'no_action', 'On review the comment is within our rules.');
    expect(await commentTexts(host.c, pin.id)).toEqual(['The light is lovely though', 'What a dull photo, you fool']);
  });

  it('restricted: only its author sees it; the old PinCommentReportResource files the same comment report', async () => {
    const host = await t.person('Host', 'cr');
    const author = await t.person('Author', 'cr');
    const reporter = await t.person('Reporter', 'cr');
    const pin = await pinOf(host, 'Old mill', 5702);
    const c = (await author.c.resource('PinCommentResource', 'create', { pin_id: pin.id, text: 'Buy followers at example.com' })).data as { id: string };
    const report = await reporter.c.resource('PinCommentReportResource', 'create', { comment_id: c.id, reason: 'spam' });
    expect(report.httpStatus).toBe(200);
    expect((await decide(report.data.id, 'restrict', 'Advertising in comments.')).target.kind).toBe('comment');
    expect(await commentTexts(author.c, pin.id)).toEqual(['Buy followers at example.com']);
    expect((await author.c.resource('PinResource', 'get', { id: pin.id })).data.comment_count).toBe(1);
    for (const person of [host, reporter]) {
      expect(await commentTexts(person.c, pin.id)).toEqual([]);
      expect((await person.c.resource('PinResource', 'get', { id: pin.id })).data.comment_count).toBe(0);
    }
    expect((await t.client().resource('UserResource', 'get', { username: author.username })).httpStatus).toBe(200);
  });

  it('deleted before the decision: the report takes only no_action, and never falls back to the author', async () => {
    const host = await t.person('Host', 'cr');
    const author = await t.person('Author', 'cr');
    const reporter = await t.person('Reporter', 'cr');
    const pin = await pinOf(host, 'Hay bales', 5703);
    const c = (await author.c.resource('PinCommentResource', 'create', { pin_id: pin.id, text: 'Nasty words' })).data as { id: string };
    const report = await reporter.c.resource('UserReportResource', 'create', { comment_id: c.id, reason: 'harassment' });
    expect((await author.c.resource('PinCommentResource', 'delete', { comment_id: c.id })).httpStatus).toBe(200);
    const refused = await staff.c.resource('ModerationDecisionResource', 'create', {
      report_id: report.data.id,
      decision: 'remove',
      statement_of_reasons: 'x',
    });
    expect(refused.httpStatus).toBe(400);
    expect((await t.client().resource('UserResource', 'get', { username: author.username })).httpStatus).toBe(200);
    expect((await decide(report.data.id, 'no_action')).target.kind).toBe('none');
  });
});

describe('a reported Pin', () => {
  it('takes one of the Pin reasons and one target; a Pin the reporter may not see answers 404', async () => {
    const owner = await t.person('Owner', 'cr');
    const reporter = await t.person('Reporter', 'cr');
    const pin = await pinOf(owner, 'Bright kite', 5704);
    const secret = await pinOf(owner, 'Hidden kite', 5705, { secret: true });
    expect(PIN_REPORT_REASONS).toContain('misinformation');
    const wrongReason = await reporter.c.resource('UserReportResource', 'create', { pin_id: pin.id, reason: 'boring' });
    expect(wrongReason.httpStatus).toBe(400);
    expect(JSON.stringify(wrongReason)).toContain('reason');
    expect((await reporter.c.resource('UserReportResource', 'create', { pin_id: pin.id, user_id: owner.id, reason: 'spam' })).httpStatus).toBe(400);
    expect((await reporter.c.resource('UserReportResource', 'create', { reason: 'spam' })).httpStatus).toBe(400);
    expect((await reporter.c.resource('UserReportResource', 'create', { pin_id: secret.id, reason: 'spam' })).httpStatus).toBe(404);
    expect((await reporter.c.resource('UserReportResource', 'create', { pin_id: '9123456789012345', reason: 'spam' })).httpStatus).toBe(404);
    expect((await owner.c.resource('UserReportResource', 'create', { pin_id: pin.id, reason: 'spam' })).httpStatus).toBe(400);
    expect((await t.client().resource('UserReportResource', 'create', { pin_id: pin.id, reason: 'spam' })).httpStatus).toBe(401);
  });

  it('enters the queue with its image, which staff still see after removing the Pin; others get 404', async () => {
    const owner = await t.person('Owner', 'cr');
    const reporter = await t.person('Reporter', 'cr');
    const other = await t.person('Other', 'cr');
    // A secret Pin: its image is not public, so the staff rule is what lets staff see it.
    const pin = await pinOf(owner, 'Miracle pills', 5706, { secret: true });
    await makeCollaboratorOf(owner, pin.id, reporter);
    const report = await reporter.c.resource('UserReportResource', 'create', { pin_id: pin.id, reason: 'dangerous_goods', details: 'Sells fake medicine.' });
    expect(report.httpStatus).toBe(200);
    const item = await queueItem(report.data.id);
    expect(item?.target.kind).toBe('pin');
    const image = item?.target.content?.image_url;
    expect(image).toBe(pin.images['236x']!.url);
    expect((await staff.c.request('GET', image!)).statusCode).toBe(200);
    expect((await other.c.request('GET', image!)).statusCode).toBe(404);

    await decide(report.data.id, 'remove', 'Sale of unlicensed medicine.');
    for (const person of [owner, reporter, other]) {
      expect((await person.c.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(404);
      expect((await person.c.request('GET', image!)).statusCode).toBe(404);
    }
    expect((await staff.c.request('GET', image!)).statusCode).toBe(200);
  });
});

/** The reporter may see the secret Pin as a collaborator of its board. */
async function makeCollaboratorOf(owner: TestPerson, pinId: string, person: TestPerson) {
  const boardId = ((await owner.c.resource('PinResource', 'get', { id: pinId })).data as { board: { id: string } }).board.id;
  await makeCollaborator(t.db, boardId, person.id);
}
