/**
 * Moderation decisions about people (decisions 038, 045): a removed person
 * and everything of theirs answers 404 through every door to everyone (their
 * profile to staff alone), they cannot sign in and their sessions open
 * nothing, the statement of reasons is mailed with a counter-notice link,
 * a counter-notice decided with no_action reinstates them, and the
 * transparency report counts it. A restricted person keeps their profile
 * but leaves people search and the sitemap.
 */
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir, readOutbox } from '../src/mail';
import { makeTestImage } from '../src/media-pipeline/test-images';
import { userAccounts } from '../src/modules/users';
import { makeCollaborator } from '../src/seed/factories';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let staff: TestPerson;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://pins.example' });
  staff = await t.person('Staff', 'mp');
  await userAccounts.setEmployee(t.db, staff.username, true);
});
afterAll(() => t.close());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
async function sitemapProfiles() {
  const index = await t.client().request('GET', '/sitemap.xml');
  const all: string[] = [];
  for (const file of locs(index.body).filter((l) => l.includes('/sitemaps/profile-')))
    all.push(...locs((await t.client().request('GET', new URL(file).pathname)).body));
  return all;
}

async function decide(reportId: string, decision: 'remove' | 'restrict' | 'no_action', statement = 'Spam account posting scam links.') {
  const res = await staff.c.resource('ModerationDecisionResource', 'create', { report_id: reportId, decision, statement_of_reasons: statement });
  expect(res.httpStatus).toBe(200);
  return res.data as { id: string; target: { kind: string; id: string } };
}

describe('removing a person', () => {
  it('answers 404 about them and everything of theirs through every door, to everyone but staff for the profile; they cannot sign in; a counter-notice reinstates them', async () => {
    const spammer = await t.person('Quetzalspam', 'mp');
    const reporter = await t.person('Reporter', 'mp');
    const follower = await t.person('Follower', 'mp');
    const host = await t.person('Host', 'mp');
    await follower.c.resource('UserFollowResource', 'create', { user_id: spammer.id });
    await spammer.c.resource('UserFollowResource', 'create', { user_id: host.id });
    // Follow lists and the counts beside them: the removed person leaves both, on the other people's profiles.
    const follows = async (c: TestClient) => {
      const hostProfile = (await c.resource('UserResource', 'get', { username: host.username })).data;
      const followerProfile = (await c.resource('UserResource', 'get', { username: follower.username })).data;
      const hostFollowers = ((await c.resource('UserFollowersResource', 'get', { username: host.username })).data as { id: string }[]).map((u) => u.id);
      const following = ((await c.resource('UserFollowingResource', 'get', { username: follower.username })).data as { id: string }[]).map((u) => u.id);
      expect(hostProfile.follower_count).toBe(hostFollowers.length);
      expect(followerProfile.following_count - followerProfile.interest_following_count).toBe(following.length);
      return { hostFollowers, following };
    };
    expect(await follows(t.client())).toEqual({ hostFollowers: [spammer.id], following: [spammer.id] });
    const board = (await spammer.c.resource('BoardResource', 'create', { name: 'Xylophonic deals' })).data;
    const pin = (
      await spammer.c.upload(
        'PinResource',
        'create',
        { board_id: board.id, title: 'Zorblax offer' },
        await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 4501 }),
      )
    ).data;
    const image = pin.images['236x'].url as string;
    // A collaborator's Pin on someone else's board, and a comment on someone else's Pin.
    const hostBoard = (await host.c.resource('BoardResource', 'create', { name: 'Shared finds' })).data;
    await makeCollaborator(t.db, hostBoard.id, spammer.id);
    const onHostBoard = (
      await spammer.c.upload(
        'PinResource',
        'create',
        { board_id: hostBoard.id, title: 'Zorblax again' },
        await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 4502 }),
      )
    ).data;
    const hostPin = (
      await host.c.upload(
        'PinResource',
        'create',
        { board_id: hostBoard.id, title: 'Host own' },
        await makeTestImage({ width: 300, height: 300, format: 'jpeg', seed: 4503 }),
      )
    ).data;
    expect((await spammer.c.resource('PinCommentResource', 'create', { pin_id: hostPin.id, text: 'Cheap zorblax here' })).httpStatus).toBe(200);
    expect((await host.c.resource('PinCommentResource', 'create', { pin_id: hostPin.id, text: 'Nice' })).httpStatus).toBe(200);

    await t.db.query("UPDATE users SET about = 'Wholesale zorblax, DM me', website_url = 'https://zorblax.example/' WHERE id = $1", [spammer.id]);
    const anon = t.client();
    expect((await anon.request('GET', image)).statusCode).toBe(200);
    expect((await anon.resource('UserResource', 'get', { username: spammer.username })).httpStatus).toBe(200);
    expect(await sitemapProfiles()).toContain(`https://pins.example/${spammer.username}/`);

    const report = await reporter.c.resource('UserReportResource', 'create', { user_id: spammer.id, reason: 'spam' });
    expect(report.httpStatus).toBe(200);
    const queue = (await staff.c.resource('ModerationQueueResource', 'get', { page_size: 250 })).data as { id: string; target: { kind: string; id: string } }[];
    expect(queue.find((r) => r.id === report.data.id)?.target).toMatchObject({ kind: 'user', id: spammer.id });
    const decided = await decide(report.data.id, 'remove');
    expect(decided.target).toEqual({ kind: 'user', id: spammer.id });

    const doors = async (c: TestClient, who: string) => {
      expect((await c.resource('UserResource', 'get', { username: spammer.username })).httpStatus, who).toBe(404);
      const page = await c.request('GET', `/${spammer.username}/`, { headers: { accept: 'text/html' } });
      expect(page.statusCode, who).toBe(404);
      expect(page.body.includes('Quetzalspam'), who).toBe(false);
      expect((await c.resource('BoardResource', 'get', { board_id: board.id })).httpStatus, who).toBe(404);
      expect((await c.resource('BoardsResource', 'get', { username: spammer.username })).data ?? [], who).toHaveLength(0);
      for (const id of [pin.id, onHostBoard.id]) {
        expect((await c.resource('PinResource', 'get', { id })).httpStatus, who).toBe(404);
        expect((await c.request('GET', `/v3/pins/${id}/`)).statusCode, who).toBe(404);
        const pinPage = await c.request('GET', `/pin/${id}/`, { headers: { accept: 'text/html' } });
        expect(pinPage.statusCode, who).toBe(404);
        expect(pinPage.body.includes('Zorblax'), who).toBe(false);
      }
      expect((await c.request('GET', image)).statusCode, who).toBe(404);
      expect((await c.resource('UserPinsResource', 'get', { username: spammer.username })).data ?? [], who).toHaveLength(0);
      const hostFeed = (await c.resource('BoardFeedResource', 'get', { board_id: hostBoard.id })).data as { id: string }[];
      expect(
        hostFeed.map((p) => p.id),
        who,
      ).toEqual([hostPin.id]);
      const comments = (await c.resource('PinCommentsResource', 'get', { pin_id: hostPin.id })).data as { text: string }[];
      expect(
        comments.map((x) => x.text),
        who,
      ).toEqual(['Nice']);
      expect((await c.resource('PinResource', 'get', { id: hostPin.id })).data.comment_count, who).toBe(1);
      for (const scope of ['pins', 'boards', 'users'] as const) {
        const query = scope === 'users' ? 'quetzalspam' : scope === 'boards' ? 'xylophonic' : 'zorblax';
        expect((await c.resource('BaseSearchResource', 'get', { query, scope })).data, `${who} ${scope}`).toHaveLength(0);
      }
    };
    expect(await follows(anon)).toEqual({ hostFollowers: [], following: [] });
    expect(await follows(follower.c)).toEqual({ hostFollowers: [], following: [] });
    await doors(anon, 'anonymous');
    await doors(follower.c, 'follower');
    await doors(host.c, 'collaborating host');
    await doors(reporter.c, 'reporter');
    expect(((await follower.c.resource('UserHomefeedResource', 'get', { page_size: 100 })).data as { id: string }[]).some((p) => p.id === pin.id)).toBe(false);
    expect(await sitemapProfiles()).not.toContain(`https://pins.example/${spammer.username}/`);
    // Staff still reads the profile, to review it.
    expect((await staff.c.resource('UserResource', 'get', { username: spammer.username })).httpStatus).toBe(200);

    // Their session opens nothing, and signing in is refused with the reason (only after the right password).
    expect((await spammer.c.resource('UserSessionResource', 'get', {})).data.isAuth).toBe(false);
    expect((await spammer.c.resource('BoardResource', 'create', { name: 'Again' })).httpStatus).toBe(401);
    const wrong = await t.client().resource('UserSessionResource', 'create', { username_or_email: spammer.username, password: 'not the password' });
    expect(wrong.error?.code).toBe(ERROR_CODES.BAD_CREDENTIALS.code);
    const login = await t.client().resource('UserSessionResource', 'create', { username_or_email: spammer.username, password: 'correct horse battery' });
    expect(login.httpStatus).toBe(403);
    expect(login.error?.message).toMatch(/account was removed/);

    // The statement of reasons by mail, with a counter-notice link they can use signed out.
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const mail = readOutbox(outboxDir(t.config)).find((m) => m.to === spammer.email && m.subject === 'Our decision on a report');
    expect(mail?.text).toMatch(/the profile @/);
    expect(mail?.text).toMatch(/cannot sign in/);
    const link = mail?.text.match(/https:\/\/pins\.example\/reports-and-violations\/\?decision=(\d+)&token=([\w-]+)/);
    expect(link?.[1]).toBe(decided.id);
    const token = link![2]!;
    expect(readOutbox(outboxDir(t.config)).find((m) => m.to === reporter.email && m.text.includes('You reported the profile'))).toBeTruthy();
    expect((await t.client().resource('ModerationAppealResource', 'create', { decision_id: decided.id, text: 'x' })).httpStatus).toBe(401);
    expect((await t.client().resource('ModerationAppealResource', 'create', { decision_id: decided.id, text: 'x', appeal_token: 'forged' })).httpStatus).toBe(
      404,
    );
    const appeal = await t
      .client()
      .resource('ModerationAppealResource', 'create', { decision_id: decided.id, text: 'I sell real zorblax.', appeal_token: token });
    expect(appeal.httpStatus).toBe(200);
    expect((await t.client().resource('ModerationAppealResource', 'create', { decision_id: decided.id, text: 'again', appeal_token: token })).httpStatus).toBe(
      409,
    );
    // Staff review the counter-notice with the profile's words in view, inside the queue item; nobody else reads them.
    const queued = (
      (await staff.c.resource('ModerationQueueResource', 'get', { page_size: 250 })).data as { id: string; kind: string; target: { content: unknown } }[]
    ).find((r) => r.id === appeal.data.id);
    expect(queued?.kind).toBe('counter_notice');
    expect(queued?.target.content).toEqual({ title: 'Quetzalspam', description: 'Wholesale zorblax, DM me', link: 'https://zorblax.example/' });
    expect((await reporter.c.resource('ModerationQueueResource', 'get', {})).httpStatus).toBe(403);
    expect((await reporter.c.resource('UserResource', 'get', { username: spammer.username })).httpStatus).toBe(404);
    await decide(appeal.data.id, 'no_action', 'The counter-notice shows a real shop.');
    expect((await anon.resource('UserResource', 'get', { username: spammer.username })).httpStatus).toBe(200);
    expect((await anon.resource('PinResource', 'get', { id: pin.id })).httpStatus).toBe(200);
    expect((await anon.request('GET', image)).statusCode).toBe(200);
    expect((await anon.resource('PinCommentsResource', 'get', { pin_id: hostPin.id })).data).toHaveLength(2);
    expect(await follows(anon)).toEqual({ hostFollowers: [spammer.id], following: [spammer.id] });
    expect(
      (await t.client().resource('UserSessionResource', 'create', { username_or_email: spammer.username, password: 'correct horse battery' })).httpStatus,
    ).toBe(200);

    // The transparency report counts the person's decisions like any other.
    const rows = (await staff.c.resource('TransparencyReportResource', 'get', {})).data.rows as { decision: string; count: number }[];
    expect(rows.find((r) => r.decision === 'remove')?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('restricting a person', () => {
  it('keeps the profile and their things, but leaves them out of people search and the sitemap', async () => {
    const person = await t.person('Vexillorestrict', 'mp');
    const reporter = await t.person('Reporter2', 'mp');
    const board = (await person.c.resource('BoardResource', 'create', { name: 'Flags' })).data;
    const findable = async () =>
      ((await reporter.c.resource('BaseSearchResource', 'get', { query: 'vexillorestrict', scope: 'users' })).data as unknown[]).length;
    expect(await findable()).toBe(1);
    const report = await reporter.c.resource('UserReportResource', 'create', { user_id: person.id, reason: 'spam' });
    await decide(report.data.id, 'restrict', 'Mass-following people.');
    expect(await findable()).toBe(0);
    expect(await sitemapProfiles()).not.toContain(`https://pins.example/${person.username}/`);
    expect((await t.client().resource('UserResource', 'get', { username: person.username })).httpStatus).toBe(200);
    expect((await t.client().resource('BoardResource', 'get', { board_id: board.id })).httpStatus).toBe(200);
    expect((await person.c.resource('UserSessionResource', 'get', {})).data.isAuth).toBe(true);
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const mail = readOutbox(outboxDir(t.config)).find((m) => m.to === person.email && m.subject === 'Our decision on a report');
    expect(mail?.text).toMatch(/no longer shown in search/);
    expect(mail?.text).toMatch(/reports-and-violations\/[^?]/);
  });
});

describe('a removed collaborator (decision 045)', () => {
  it('leaves the collaborator list, the invites and the people to invite; the board count follows its list on removal and reinstatement', async () => {
    const host = await t.person('Boardhost', 'mp');
    const helper = await t.person('Quokkahelper', 'mp');
    const invitee = await t.person('Quokkainvitee', 'mp');
    const reporter = await t.person('Reporter3', 'mp');
    await host.c.resource('UserFollowResource', 'create', { user_id: helper.id });
    await host.c.resource('UserFollowResource', 'create', { user_id: invitee.id });
    const board = (await host.c.resource('BoardResource', 'create', { name: 'Quokka finds' })).data;
    await makeCollaborator(t.db, board.id, helper.id);
    await host.c.upload(
      'PinResource',
      'create',
      { board_id: board.id, title: 'Host quokka' },
      await makeTestImage({ width: 200, height: 200, format: 'jpeg', seed: 4901 }),
    );
    for (const seed of [4902, 4903]) {
      await helper.c.upload(
        'PinResource',
        'create',
        { board_id: board.id, title: 'Helper quokka' },
        await makeTestImage({ width: 200, height: 200, format: 'jpeg', seed }),
      );
    }
    const sentInvite = await host.c.resource('BoardInviteResource', 'create', { board_id: board.id, invited_user_ids: [invitee.id] });
    expect(sentInvite.httpStatus, JSON.stringify(sentInvite.error)).toBe(200);

    const view = async () => {
      const page = (await host.c.resource('BoardResource', 'get', { board_id: board.id })).data as {
        pin_count: number;
        collaborator_count: number;
        collaborating_users: { id: string }[];
      };
      const feed = (await host.c.resource('BoardFeedResource', 'get', { board_id: board.id, page_size: 50 })).data as unknown[];
      expect(page.pin_count).toBe(feed.length);
      expect(page.collaborator_count).toBe(page.collaborating_users.length);
      const listed = await host.c.resource('BoardInvitesResource', 'get', { board_id: board.id, status: ['accepted', 'new'] });
      expect(listed.httpStatus, JSON.stringify(listed.error)).toBe(200);
      const members = (listed.data as { invited_user?: { id: string } | null; user?: { id: string } | null }[]).map((m) => (m.invited_user ?? m.user)?.id);
      const found = await host.c.resource('BoardInviteSuggestionsResource', 'get', { board_id: board.id, query: 'quokka' });
      expect(found.httpStatus, JSON.stringify(found.error)).toBe(200);
      const suggestions = (found.data as { id: string }[]).map((u) => u.id);
      return { pins: page.pin_count, collaborators: page.collaborating_users.map((u) => u.id), members, suggestions };
    };
    const start = await view();
    expect(start.pins).toBe(3);
    expect(start.collaborators).toEqual([helper.id]);
    expect(start.members).toEqual(expect.arrayContaining([helper.id, invitee.id]));

    const reportHelper = await reporter.c.resource('UserReportResource', 'create', { user_id: helper.id, reason: 'spam' });
    const reportInvitee = await reporter.c.resource('UserReportResource', 'create', { user_id: invitee.id, reason: 'spam' });
    const removedHelper = await decide(reportHelper.data.id, 'remove');
    await decide(reportInvitee.data.id, 'remove');
    const after = await view();
    expect(after).toEqual({ pins: 1, collaborators: [], members: [], suggestions: [] });
    // Inviting a removed person answers as for a missing one.
    await t.db.query('DELETE FROM board_invites WHERE board_id = $1', [board.id]);
    // Not on the board any more, and still not among the people to invite.
    expect((await view()).suggestions).toEqual([]);
    expect((await host.c.resource('BoardInviteResource', 'create', { board_id: board.id, invited_user_ids: [invitee.id] })).httpStatus).toBe(404);

    // Reinstated through a counter-notice: their Pins and the count come back.
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const mail = readOutbox(outboxDir(t.config)).find((m) => m.to === helper.email && m.text.includes(`decision=${removedHelper.id}`));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    const appeal = await t
      .client()
      .resource('ModerationAppealResource', 'create', { decision_id: removedHelper.id, text: 'I only pin quokkas.', appeal_token: token });
    await decide(appeal.data.id, 'no_action', 'Quokkas are fine.');
    const back = await view();
    expect(back.pins).toBe(3);
    expect(back.collaborators).toEqual([helper.id]);
  });
});

describe("a removed person's leftovers in others' things (decision 045)", () => {
  it("leaves their Pins out of a section's count and preview and out of the board's cover, and their invites out of others' lists; accepting one answers 404", async () => {
    const host = await t.person('Sectionhost', 'mp');
    const helper = await t.person('Ocelothelper', 'mp');
    const invitee = await t.person('Ocelotinvitee', 'mp');
    const boss = await t.person('Ocelotboss', 'mp');
    const reporter = await t.person('Reporter4', 'mp');
    const board = (await host.c.resource('BoardResource', 'create', { name: 'Ocelot finds', collaborator_invites_enabled: true })).data;
    await makeCollaborator(t.db, board.id, helper.id);
    const section = (await host.c.resource('BoardSectionResource', 'create', { board_id: board.id, title: 'Spots' })).data;
    const img = (seed: number) => makeTestImage({ width: 200, height: 200, format: 'jpeg', seed });
    const hostPin = (await host.c.upload('PinResource', 'create', { board_id: board.id, section_id: section.id, title: 'Host ocelot' }, await img(4951))).data;
    const helperPin = (await helper.c.upload('PinResource', 'create', { board_id: board.id, section_id: section.id, title: 'Helper ocelot' }, await img(4952)))
      .data;
    // The owner chose the collaborator's Pin as the cover; it is also the board's newest.
    expect((await host.c.resource('BoardResource', 'update', { board_id: board.id, cover_pin_id: helperPin.id })).httpStatus).toBe(200);
    // Invites: one the helper sent on the host's board, one on a board of someone who will be removed.
    expect((await helper.c.resource('BoardInviteResource', 'create', { board_id: board.id, invited_user_ids: [invitee.id] })).httpStatus).toBe(200);
    const bossBoard = (await boss.c.resource('BoardResource', 'create', { name: 'Boss board' })).data;
    expect((await boss.c.resource('BoardInviteResource', 'create', { board_id: bossBoard.id, invited_user_ids: [invitee.id] })).httpStatus).toBe(200);
    // And invites by email, whose mailed links someone signed in redeems.
    const linkTo = async (by: TestPerson, boardId: string, email: string) => {
      expect((await by.c.resource('BoardInviteResource', 'create', { board_id: boardId, emails: [email] })).httpStatus).toBe(200);
      await t.jobsSettled('mail'); // mail is delivered by the job queue
      const mail = readOutbox(outboxDir(t.config))
        .filter((m) => m.to === email)
        .at(-1);
      return decodeURIComponent(/accept_invite=([\w%-]+)/.exec(mail?.text ?? '')![1]!);
    };
    const links = [await linkTo(helper, board.id, 'ocelot.helper@mail.example'), await linkTo(boss, bossBoard.id, 'ocelot.boss@mail.example')];
    const redeemer = await t.person('Ocelotredeemer', 'mp');
    for (const token of links) expect((await t.client().resource('BoardInviteTokenResource', 'get', { token })).httpStatus).toBe(200);

    const view = async () => {
      const sections = (await host.c.resource('BoardSectionsResource', 'get', { board_id: board.id })).data as { id: string; pin_count: number }[];
      const listed = (await host.c.resource('BoardFeedResource', 'get', { board_id: board.id, section_id: section.id, page_size: 50 })).data as {
        id: string;
      }[];
      const mine = sections.find((s) => s.id === section.id)!;
      expect(mine.pin_count).toBe(listed.length);
      const page = (await host.c.resource('BoardResource', 'get', { board_id: board.id })).data as { image_cover_url: string | null };
      const invites = ((await invitee.c.resource('BoardInvitesResource', 'get', { current_user: true })).data as { board: { id: string } }[]).map(
        (i) => i.board.id,
      );
      const pending = (
        (await host.c.resource('BoardInvitesResource', 'get', { board_id: board.id, status: ['new'] })).data as {
          invited_user?: { id: string } | null;
          invited_email?: string | null;
        }[]
      ).map((m) => m.invited_user?.id ?? m.invited_email);
      return { sectionCount: mine.pin_count, sectionPins: listed.map((p) => p.id), cover: page.image_cover_url, invites, pending };
    };
    const start = await view();
    expect(start).toMatchObject({ sectionCount: 2, cover: helperPin.images['236x'].url, pending: [invitee.id, 'ocelot.helper@mail.example'] });
    expect(start.invites.sort()).toEqual([board.id, bossBoard.id].sort());

    const removedHelper = await decide((await reporter.c.resource('UserReportResource', 'create', { user_id: helper.id, reason: 'spam' })).data.id, 'remove');
    await decide((await reporter.c.resource('UserReportResource', 'create', { user_id: boss.id, reason: 'spam' })).data.id, 'remove');
    const after = await view();
    expect(after).toEqual({ sectionCount: 1, sectionPins: [hostPin.id], cover: hostPin.images['236x'].url, invites: [], pending: [] });
    // Every image the board and its section show answers.
    expect((await t.client().request('GET', after.cover!)).statusCode).toBe(200);
    const preview = (
      (await host.c.resource('BoardSectionsResource', 'get', { board_id: board.id })).data as { id: string; preview_pins: { image_square_url: string }[] }[]
    ).find((s) => s.id === section.id)!.preview_pins;
    expect(preview.map((p) => p.image_square_url)).toEqual([hostPin.images['236x'].url]);
    // Accepting either invite answers as for a missing one, and makes no collaborator.
    for (const b of [board.id, bossBoard.id]) {
      expect((await invitee.c.resource('BoardInviteResource', 'update', { board_id: b, status: 'accepted' })).httpStatus).toBe(404);
    }
    expect(await t.db.query('SELECT 1 FROM board_collaborators WHERE user_id = $1', [invitee.id])).toEqual([]);
    // Their mailed links answer 'Invalid Invite' too, and leave no invite behind.
    for (const token of links) {
      expect((await t.client().resource('BoardInviteTokenResource', 'get', { token })).httpStatus).toBe(404);
      expect((await redeemer.c.resource('BoardInviteTokenResource', 'update', { token, seamless: true })).httpStatus).toBe(404);
    }
    expect(
      await t.db.query('SELECT 1 FROM board_invites WHERE invited_user_id = $1 UNION ALL SELECT 1 FROM board_collaborators WHERE user_id = $1', [redeemer.id]),
    ).toEqual([]);

    // Reinstated through a counter-notice: the section's count, the chosen cover and their invite come back.
    await t.jobsSettled('mail'); // mail is delivered by the job queue
    const mail = readOutbox(outboxDir(t.config)).find((m) => m.to === helper.email && m.text.includes(`decision=${removedHelper.id}`));
    const token = mail!.text.match(/token=([\w-]+)/)![1]!;
    // From another address than the other test's counter-notice (anonymous counter-notices are limited per client).
    const appeal = await t
      .client({ ip: '203.0.113.45' })
      .resource('ModerationAppealResource', 'create', { decision_id: removedHelper.id, text: 'Ocelots only.', appeal_token: token });
    expect(appeal.httpStatus, JSON.stringify(appeal.error)).toBe(200);
    await decide(appeal.data.id, 'no_action', 'Ocelots are fine.');
    expect(await view()).toMatchObject({
      sectionCount: 2,
      cover: helperPin.images['236x'].url,
      invites: [board.id],
      pending: [invitee.id, 'ocelot.helper@mail.example'],
    });
  });
});
