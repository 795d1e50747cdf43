/**
 * Notifications (decision 086): each kind from the event that makes it, the
 * aggregation, never oneself, never across a block, never about what the
 * recipient may not see (at creation and again at every read: list, count,
 * digest), mark read (all, ids), the count, the settings (a kind off for the
 * app is not made), the instant and weekly mails with RFC 8058 one-click
 * unsubscribe, `notify` for imports and exports, and the push port.
 */
import { zNotificationOut, zNotificationSettingsOut } from '@pinboard/shared/schemas/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, makeBoard, makeCollaborator, makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { notify, type NotificationPush } from '../src/modules/notifications';
import { createNotificationsService } from '../src/modules/notifications/notifications.service';
import {
  boardInViewSql,
  canSeeNotification,
  channelOnSql,
  commentInViewSql,
  pinInViewSql,
  visibleActorSql,
} from '../src/modules/notifications/notifications.policy';
import { closeSmtp, listenSmtp, smtpCatcher, type CaughtMail } from './smtp-catcher';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';
import type { SMTPServer } from 'smtp-server';

let t: TestApp;
let image: StoredImage;
let smtp: SMTPServer;
const caught: CaughtMail[] = [];

beforeAll(async () => {
  smtp = smtpCatcher(caught);
  const port = await listenSmtp(smtp, 0);
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '500', SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://pins.example' });
  image = await makeStoredImage(t.media, { seed: 86, width: 200, height: 300 });
});
afterAll(async () => {
  await t?.close();
  if (smtp) await closeSmtp(smtp);
});

type Note = ReturnType<typeof zNotificationOut.parse>;
const person = (name: string) => t.person(name, 'nt');
const pinOf = (owner: TestPerson, boardId: string | null = null) => makePin(t.db, { pinnerId: owner.id, boardId, image, title: 'A Pin' });
const settled = () => t.jobsSettled('notify', 'mail');
async function notes(p: TestPerson): Promise<Note[]> {
  await settled();
  const r = await p.c.resource('NotificationsResource', 'get', {});
  expect(r.httpStatus).toBe(200);
  return (r.data as unknown[]).map((n) => zNotificationOut.parse(n));
}
async function unread(p: TestPerson): Promise<number> {
  await settled();
  return (await p.c.resource('NotificationCountResource', 'get', {})).data.unread as number;
}
const followed = (by: TestPerson, whom: TestPerson) => by.c.resource('UserFollowResource', 'create', { user_id: whom.id });
const comment = (by: TestPerson, pinId: string, text: string) => by.c.resource('PinCommentResource', 'create', { pin_id: pinId, text });
/** The notification mails a person got (not the sign-up's verification). */
const mailsTo = (p: TestPerson) => caught.filter((m) => m.to.includes(p.email) && m.raw.includes('List-Unsubscribe'));
/** A mail's body and headers, unfolded and decoded enough to read (nodemailer folds long headers, quoted-printable bodies). */
const readable = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');

describe('follow', () => {
  it('aggregates a day’s followers in one notification, newest first; a new follower after reading makes it unread and puts it on top', async () => {
    const star = await person('Sia Star');
    const [a, b, c, d] = [await person('Ann'), await person('Ben'), await person('Cal'), await person('Dee')];
    for (const fan of [a, b, c]) expect((await followed(fan, star)).httpStatus).toBe(200);
    // Following again changes nothing.
    await followed(a, star);
    const [one, ...none] = await notes(star);
    expect(none).toEqual([]);
    expect(one).toMatchObject({ kind: 'follow', actor_count: 3, read: false });
    expect(one!.actors.map((x) => x.username)).toEqual([c.username, b.username, a.username]);
    expect(await unread(star)).toBe(1);

    const pinId = await pinOf(star);
    await comment(a, pinId, 'Lovely');
    expect((await notes(star)).map((n) => n.kind)).toEqual(['comment', 'follow']);
    const read = await star.c.resource('NotificationsResource', 'update', { read: true });
    expect(read.data).toEqual({ unread: 0 });
    expect((await notes(star)).every((n) => n.read)).toBe(true);

    await followed(d, star);
    const [top, second] = await notes(star);
    expect(top).toMatchObject({ kind: 'follow', actor_count: 4, read: false });
    expect(top!.actors).toHaveLength(3);
    expect(top!.actors[0]!.username).toBe(d.username);
    expect(second).toMatchObject({ kind: 'comment', read: true });
    expect(await unread(star)).toBe(1);
  });
});

describe('pin_saved and group_board_pin', () => {
  it('tells the pinner once per Pin and day, never for their own save; collaborators and the owner hear of a Pin on a group board', async () => {
    const owner = await person('Pia Pinner');
    const [sam, tom] = [await person('Sam Saver'), await person('Tom Saver')];
    const pinId = await pinOf(owner);
    for (const saver of [sam, tom]) {
      const board = await makeBoard(t.db, saver.id);
      expect((await saver.c.resource('RepinResource', 'create', { pin_id: pinId, board_id: board.id })).httpStatus).toBe(200);
    }
    const ownBoard = await makeBoard(t.db, owner.id);
    await owner.c.resource('RepinResource', 'create', { pin_id: pinId, board_id: ownBoard.id });
    const [saved, ...rest] = await notes(owner);
    expect(rest).toEqual([]);
    expect(saved).toMatchObject({ kind: 'pin_saved', pin_id: pinId, actor_count: 2 });

    // A group board: owner Gia, collaborators Hal and Ivy. Hal saves a Pin to it.
    const [gia, hal, ivy] = [await person('Gia Group'), await person('Hal Helper'), await person('Ivy Helper')];
    const group = await makeBoard(t.db, gia.id, { privacy: 'secret' });
    await makeCollaborator(t.db, group.id, hal.id);
    await makeCollaborator(t.db, group.id, ivy.id);
    await hal.c.resource('RepinResource', 'create', { pin_id: pinId, board_id: group.id });
    for (const p of [gia, ivy]) expect((await notes(p)).map((n) => [n.kind, n.board_id])).toEqual([['group_board_pin', group.id]]);
    expect(await notes(hal)).toEqual([]);
    // Saved to a secret board the pinner may not see: pin_saved still names only their own Pin.
    expect((await notes(owner))[0]).toMatchObject({ kind: 'pin_saved', actor_count: 3 });
  });
});

describe('comment, comment_reply and mention', () => {
  it('tells the Pin’s owner, the parent comment’s author and the people mentioned, each once, never the writer', async () => {
    const [owner, writer, friend, parent] = [await person('Oli Owner'), await person('Wes Writer'), await person('Fay Friend'), await person('Pat Parent')];
    const pinId = await pinOf(owner);
    const made = await comment(writer, pinId, `Look @${friend.username} and @${owner.username} and @${writer.username}`);
    expect(made.httpStatus).toBe(200);
    expect((await notes(owner)).map((n) => n.kind)).toEqual(['mention']);
    expect((await notes(friend)).map((n) => [n.kind, n.pin_id, n.comment_id])).toEqual([['mention', pinId, made.data.id]]);
    expect(await notes(writer)).toEqual([]);

    // comment.created with a parent (comment replies): the parent's author hears comment_reply.
    const parentComment = await comment(parent, pinId, 'First!');
    await t.services.events.emit('comment.created', {
      commentId: made.data.id,
      pinId,
      authorId: writer.id,
      parentId: parentComment.data.id,
      mentionedUserIds: [],
    });
    expect((await notes(parent)).map((n) => [n.kind, n.comment_id])).toEqual([['comment_reply', parentComment.data.id]]);
    const plain = await comment(writer, pinId, 'No mention');
    expect(plain.httpStatus).toBe(200);
    const kinds = (await notes(owner)).map((n) => n.kind);
    expect(kinds).toEqual(['comment', 'mention']);
  });

  it('tells a comment’s author of a reply made through the API (decision 090), and not across a block', async () => {
    const [owner, first, replier, blocked] = [await person('Rae Owner'), await person('Rae First'), await person('Rae Replier'), await person('Rae Blocked')];
    const pinId = await pinOf(owner);
    const top = await comment(first, pinId, 'What glaze is this?');
    const reply = await replier.c.resource('PinCommentResource', 'create', { pin_id: pinId, text: 'Celadon, I think', parent_id: top.data.id });
    expect(reply.httpStatus).toBe(200);
    expect((await notes(first)).map((n) => [n.kind, n.comment_id, n.actors.map((a) => a.username)])).toEqual([
      ['comment_reply', top.data.id, [replier.username]],
    ]);
    await first.c.resource('UserBlockResource', 'create', { blocked_user_id: blocked.id });
    const hidden = await blocked.c.resource('PinCommentResource', 'create', { pin_id: pinId, text: 'Me too', parent_id: top.data.id });
    expect(hidden.httpStatus).toBe(404);
    expect((await notes(first)).map((n) => n.actors.map((a) => a.username))).toEqual([[replier.username]]);
  });
});

describe('blocks', () => {
  it('makes nothing across a block, either way', async () => {
    const [ann, bob, cy] = [await person('Ann Blocker'), await person('Bob Blocked'), await person('Cy Host')];
    await block(t.db, ann.id, bob.id);
    const pinId = await pinOf(cy);
    await comment(bob, pinId, `Hi @${ann.username}`);
    await t.services.notifications.runJob({ source: 'follow', followerId: bob.id, followeeId: ann.id });
    await t.services.notifications.runJob({ source: 'follow', followerId: ann.id, followeeId: bob.id });
    expect(await notes(ann)).toEqual([]);
    expect(await notes(bob)).toEqual([]);
    expect(await unread(ann)).toBe(0);
  });

  it('hides and uncounts an actor blocked later, and the notification when no actor is left', async () => {
    const [star, fan1, fan2] = [await person('Sue Star'), await person('Fab One'), await person('Fab Two')];
    await followed(fan1, star);
    await followed(fan2, star);
    expect((await notes(star))[0]).toMatchObject({ actor_count: 2 });
    await star.c.resource('UserBlockResource', 'create', { blocked_user_id: fan2.id });
    const [after] = await notes(star);
    expect(after).toMatchObject({ actor_count: 1, actors: [{ id: fan1.id, username: fan1.username }] });
    // Blocked the other way round: the last actor goes, so does the notification and its count.
    await fan1.c.resource('UserBlockResource', 'create', { blocked_user_id: star.id });
    expect(await notes(star)).toEqual([]);
    expect(await unread(star)).toBe(0);
  });
});

describe('what the recipient may see', () => {
  it('makes no mention on a secret board’s Pin, and hides one whose board was made secret later, or whose Pin was deleted', async () => {
    const [host, guest] = [await person('Hana Host'), await person('Gus Guest')];
    const secret = await makeBoard(t.db, host.id, { privacy: 'secret' });
    const hiddenPin = await pinOf(host, secret.id);
    await comment(host, hiddenPin, `Psst @${guest.username}`);
    expect(await notes(guest)).toEqual([]);

    const open = await makeBoard(t.db, host.id);
    const pinId = await pinOf(host, open.id);
    await comment(host, pinId, `Look @${guest.username}`);
    expect(await notes(guest)).toHaveLength(1);
    expect(await unread(guest)).toBe(1);
    expect((await host.c.resource('BoardResource', 'update', { board_id: open.id, privacy: 'secret' })).httpStatus).toBe(200);
    expect(await notes(guest)).toEqual([]);
    expect(await unread(guest)).toBe(0);
    await host.c.resource('BoardResource', 'update', { board_id: open.id, privacy: 'public' });
    expect(await notes(guest)).toHaveLength(1);
    expect((await host.c.resource('PinResource', 'delete', { id: pinId })).httpStatus).toBe(200);
    expect(await notes(guest)).toEqual([]);
    expect(await unread(guest)).toBe(0);
  });

  it('tells an invitee of a secret board while the invite is pending, without naming the board until they may see it, and mails it at once', async () => {
    const [owner, invitee] = [await person('Ola Inviter'), await person('Ian Invitee')];
    const board = await makeBoard(t.db, owner.id, { privacy: 'secret' });
    const r = await owner.c.resource('BoardInviteResource', 'create', { board_id: board.id, invited_user_ids: [invitee.id] });
    expect(r.httpStatus).toBe(200);
    expect((await notes(invitee)).map((n) => [n.kind, n.board_id, n.actors[0]?.id])).toEqual([['board_invite', undefined, owner.id]]);
    const open = await makeBoard(t.db, owner.id);
    await owner.c.resource('BoardInviteResource', 'create', { board_id: open.id, invited_user_ids: [invitee.id] });
    expect((await notes(invitee)).map((n) => n.board_id)).toEqual([open.id, undefined]);
    const [mail] = mailsTo(invitee);
    expect(mailsTo(invitee)).toHaveLength(2);
    expect(mail?.subject).toContain(owner.username);
    const raw = readable(mail!.raw);
    expect(raw).toMatch(/List-Unsubscribe: <https:\/\/pins\.example\/v3\/notifications\/unsubscribe\/\?token=[\w.-]+>/);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Declined (the invite removed): the board is no longer shown to them.
    await invitee.c.resource('BoardInviteResource', 'delete', { board_id: board.id });
    expect((await notes(invitee)).map((n) => n.board_id)).toEqual([open.id]);
  });
});

describe('mark read, count and settings', () => {
  it('marks only the given ids read, and only the viewer’s own', async () => {
    const [me, other, fan] = [await person('Mo Reader'), await person('Ot Other'), await person('Fan Fan')];
    await followed(fan, me);
    await followed(fan, other);
    const pinId = await pinOf(me);
    await comment(fan, pinId, 'Hey');
    const [newest, older] = await notes(me);
    const [theirs] = await notes(other);
    const r = await me.c.resource('NotificationsResource', 'update', { read: true, ids: [older!.id, theirs!.id] });
    expect(r.data).toEqual({ unread: 1 });
    expect((await notes(me)).map((n) => [n.id, n.read])).toEqual([
      [newest!.id, false],
      [older!.id, true],
    ]);
    expect(await unread(other)).toBe(1);
    expect((await me.c.resource('NotificationsResource', 'update', { read: false })).httpStatus).toBe(400);
    expect((await t.client().resource('NotificationCountResource', 'get', {})).httpStatus).toBe(401);
  });

  it('answers the defaults, changes a channel, and makes no notification of a kind off for the app', async () => {
    const [me, fan] = [await person('Set Tings'), await person('Fol Lower')];
    const got = await me.c.resource('NotificationSettingsResource', 'get', {});
    const settings = zNotificationSettingsOut.parse(got.data);
    expect(settings.follow).toEqual({ app: true, email: true, push: true });
    expect(settings.board_invite).toEqual({ app: true, email: true, push: true });
    const changed = await me.c.resource('NotificationSettingsResource', 'update', { follow: { app: false }, comment: { email: false } });
    expect(changed.data.follow).toEqual({ app: false, email: true, push: true });
    expect(changed.data.comment).toEqual({ app: true, email: false, push: true });
    await followed(fan, me);
    expect(await notes(me)).toEqual([]);
    expect((await me.c.resource('NotificationSettingsResource', 'update', { follow: { app: 'no' } })).httpStatus).toBe(400);
  });
});

describe('moderation_decision, campaign_status, import_done and export_done', () => {
  it('tells the person a decision is about and mails it; one-click unsubscribe turns that mail off', async () => {
    const me = await person('Mod Subject');
    await t.services.events.emit('moderation.decided', { decisionId: '1086001', userId: me.id, decision: 'remove' });
    expect((await notes(me)).map((n) => n.kind)).toEqual(['moderation_decision']);
    const [mail] = mailsTo(me);
    const url = /List-Unsubscribe: <(https:\/\/pins\.example[^>]+)>/.exec(readable(mail!.raw))![1]!;
    const path = url.replace('https://pins.example', '');
    // GET changes nothing: a page whose button posts.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await me.c.resource('NotificationSettingsResource', 'get', {})).data.moderation_decision.email).toBe(true);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${path}x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    // Without the one-click field it is an API caller's mistake, answered in the envelope.
    const empty = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'x=1' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 'failure' });
    expect((await me.c.resource('NotificationSettingsResource', 'get', {})).data.moderation_decision.email).toBe(true);
    // RFC 8058 allows multipart/form-data for the same field.
    const boundary = 'oneclick';
    const multipart = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const after = (await me.c.resource('NotificationSettingsResource', 'get', {})).data;
    expect(after.moderation_decision).toEqual({ app: true, email: false, push: true });
    expect(after.board_invite.email).toBe(true);
    await t.services.events.emit('moderation.decided', { decisionId: '1086002', userId: me.id, decision: 'restrict' });
    expect(await notes(me)).toHaveLength(2);
    expect(mailsTo(me)).toHaveLength(1);
  });

  it('tells an advertiser their campaign paused, and `notify` tells of an import or export', async () => {
    const me = await person('Ada Vertiser');
    await t.services.events.emit('campaign.statusChanged', { campaigns: [{ id: '1086100', ownerId: me.id }], status: 'paused' });
    await notify(t.services.notifications, { userId: me.id, kind: 'import_done', key: 'run-1', detail: { pins: 12 } });
    await notify(t.services.notifications, { userId: me.id, kind: 'export_done', key: 'run-2' });
    // The jobs run side by side: their order is not the point here.
    expect((await notes(me)).map((n) => [n.kind, n.actor_count]).sort()).toEqual([
      ['campaign_status', 0],
      ['export_done', 0],
      ['import_done', 0],
    ]);
    // A finished import or export is mailed at once (decision 094), its link to the import page for an import.
    await settled();
    const subjects = mailsTo(me).map((m) => readable(m.raw));
    expect(subjects.filter((m) => m.includes('Your import is done') && m.includes('/settings/import/'))).toHaveLength(1);
    expect(subjects.filter((m) => m.includes('Your export is ready to download'))).toHaveLength(1);
  });
});

describe('the weekly digest', () => {
  it('mails once a week what is unread and still visible, with a one-click unsubscribe of the digest kinds', async () => {
    const [me, fan, gone] = [await person('Dig Est'), await person('Dig Fan'), await person('Dig Gone')];
    await followed(fan, me);
    await followed(gone, me);
    const pinId = await pinOf(me);
    await comment(gone, pinId, 'Nice');
    await me.c.resource('UserBlockResource', 'create', { blocked_user_id: gone.id });
    await settled();
    const before = caught.length;
    await t.services.notifications.sendDigests();
    await settled();
    const mine = caught.slice(before).filter((m) => m.to.includes(me.email) && m.raw.includes('List-Unsubscribe'));
    expect(mine).toHaveLength(1);
    const raw = readable(mine[0]!.raw);
    expect(raw).toContain(`${fan.username} started following you`);
    expect(raw).not.toContain(gone.username);
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Once a week: nothing more now, even with something new.
    await followed(await person('Dig Late'), me);
    await t.services.notifications.sendDigests();
    await settled();
    expect(mailsTo(me)).toHaveLength(1);

    const url = /List-Unsubscribe: <https:\/\/pins\.example([^>]+)>/.exec(raw)![1]!;
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const settings = (await me.c.resource('NotificationSettingsResource', 'get', {})).data;
    expect(settings.follow.email).toBe(false);
    expect(settings.comment.email).toBe(false);
    expect(settings.board_invite.email).toBe(true);
    expect(settings.moderation_decision.email).toBe(true);
  });

  it('mails nothing to someone with nothing unread', async () => {
    const me = await person('No Thing');
    const before = caught.length;
    await t.services.notifications.sendDigests();
    await settled();
    expect(caught.slice(before).filter((m) => m.to.includes(me.email) && m.raw.includes('List-Unsubscribe'))).toEqual([]);
  });
});

describe('the push port', () => {
  it('is called when a notification is made or gains an actor and its kind’s push is on', async () => {
    const calls: { userId: string; message: Parameters<NotificationPush['sendPush']>[1] }[] = [];
    const port: NotificationPush = {
      sendPush: async (userId, message) => void calls.push({ userId, message }),
    };
    const service = createNotificationsService({
      db: t.db,
      jobs: { send: async () => {} },
      messages: t.services.messages,
      mailer: { send: async () => {} },
      config: t.config,
      notificationPush: port,
    });
    const [star, a, b, quiet] = [await person('Pu Sh'), await person('Pa One'), await person('Pa Two'), await person('Qu Iet')];
    await service.runJob({ source: 'follow', followerId: a.id, followeeId: star.id });
    await service.runJob({ source: 'follow', followerId: b.id, followeeId: star.id });
    await service.runJob({ source: 'follow', followerId: b.id, followeeId: star.id });
    expect(calls.map((c) => c.userId)).toEqual([star.id, star.id]);
    expect(calls[1]!.message).toMatchObject({
      title: 'Pinboard',
      body: `${b.username} and 1 other started following you`,
      url: `https://pins.example/${b.username}/`,
    });
    expect(calls[0]!.message.tag).toBe(calls[1]!.message.tag);
    await quiet.c.resource('NotificationSettingsResource', 'update', { follow: { push: false } });
    await service.runJob({ source: 'follow', followerId: a.id, followeeId: quiet.id });
    expect(calls).toHaveLength(2);
    expect(await notes(quiet)).toHaveLength(1);
  });
});

describe('the policy’s two forms', () => {
  it('agree: canSeeNotification over the loaded facts says what the list shows, for every row of the people above', async () => {
    const rows = await t.db.query<{
      id: string;
      kind: string;
      recipient_id: string;
      pin_id: string | null;
      board_id: string | null;
      comment_id: string | null;
    }>('SELECT id::text, kind, recipient_id::text, pin_id::text, board_id::text, comment_id::text FROM notifications ORDER BY id');
    expect(rows.length).toBeGreaterThan(20);
    const shown = new Set<string>();
    for (const r of rows) {
      const [facts] = await t.db.query<{ actors: number; pin: boolean; board: boolean; comment: boolean; app: boolean }>(
        `SELECT (SELECT count(*)::int FROM notification_actors a WHERE a.notification_id = $1 AND ${visibleActorSql('$2::bigint', 'a.actor_id')}) AS actors,
           ${pinInViewSql('$2::bigint', '$3::bigint')} AS pin, ${boardInViewSql('$2::bigint', '$4::bigint', '$6::text')} AS board,
           ${commentInViewSql('$2::bigint', '$5::bigint')} AS comment,
           (SELECT ${channelOnSql('app', 'ns', '$6::text')} FROM (SELECT 1) one LEFT JOIN notification_settings ns ON ns.user_id = $2 AND ns.kind = $6::text) AS app`,
        [r.id, r.recipient_id, r.pin_id, r.board_id, r.comment_id, r.kind],
      );
      const seen = canSeeNotification({
        kind: r.kind as Note['kind'],
        recipientId: r.recipient_id,
        visibleActorCount: facts!.actors,
        pinVisible: r.pin_id ? facts!.pin : null,
        boardVisible: r.board_id ? facts!.board : null,
        commentVisible: r.comment_id ? facts!.comment : null,
        appOn: facts!.app,
      });
      if (seen) shown.add(r.id);
    }
    const listed = new Set<string>();
    for (const recipient of new Set(rows.map((x) => x.recipient_id))) {
      const page = await t.services.notifications.list({ viewer: { id: recipient, username: '' }, clientIp: '127.0.0.1' }, { pageSize: 250 });
      for (const n of page.items) listed.add(n.id);
    }
    expect([...listed].sort()).toEqual([...shown].sort());
    // Both kinds of answer occur: some rows are hidden (blocks, secret boards, a deleted Pin, a kind off).
    expect(shown.size).toBeLessThan(rows.length);
  });
});
