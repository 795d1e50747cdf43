/**
 * Board invites by email (decision 013), through the resource layer and the
 * outbox: the mailed link, its public read for the login prompt, redeeming it
 * into a pending invite (or, seamless, straight into collaborating), expiry
 * and reuse, blocks, secret boards, permissions, cancelling, the hourly limit
 * and a mail that cannot be sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { outboxDir, readOutbox } from '../src/mail';
import { DiskMediaStore } from '../src/media-pipeline/disk-media-store';
import { hashToken } from '../src/lib/tokens';
import { MemoryRateLimiter } from '../src/rate-limit';
import { addCollaborator } from './collaborators';
import { buildTestApp, jobsSettled, TestClient, type TestApp, type TestPerson } from './test-app';
import { openTestDb } from './test-db';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://pins.example', SIGNUP_RATE_LIMIT_CLIENT: '200' });
});
afterAll(() => t.close());

let n = 0;

type Person = TestPerson;

const person = (name: string): Promise<Person> => t.person(name, 'em');

const address = (label: string) => `${label}.${++n}@mail.example`;
const board = async (p: Person, name: string, extra: Record<string, unknown> = {}) =>
  (await p.c.resource('BoardResource', 'create', { name, ...extra })).data as { id: string; slug: string; url: string };
const inviteEmails = (p: Person | TestClient, boardId: string, emails: string[], extra: Record<string, unknown> = {}) =>
  ('c' in p ? p.c : p).resource('BoardInviteResource', 'create', { board_id: boardId, emails, ...extra });
const preview = (c: TestClient, token: string) => c.resource('BoardInviteTokenResource', 'get', { token });
const redeem = (p: Person, token: string, seamless?: boolean) =>
  p.c.resource('BoardInviteTokenResource', 'update', { token, ...(seamless === undefined ? {} : { seamless }) });
const members = (p: Person, boardId: string) => p.c.resource('BoardInvitesResource', 'get', { board_id: boardId });

/** The invites mailed to the address, once the queue has delivered every mail. */
const invitesTo = async (to: string) => {
  await t.jobsSettled('mail');
  return readOutbox(outboxDir(t.config)).filter((m) => m.to === to && m.subject.includes('invited you to collaborate') && /accept_invite=/.test(m.text ?? ''));
};

/** The token of the newest invite link mailed to the address, checked to lead to the board's page. */
async function lastInviteTo(to: string, boardUrl: string) {
  const mail = (await invitesTo(to)).at(-1);
  const match = /https:\/\/pins\.example(\/[^\s?]+\/)\?accept_invite=([\w%-]+)/.exec(mail?.text ?? '');
  if (!mail || !match) throw new Error(`no invite link mailed to ${to}`);
  expect(match[1]).toBe(boardUrl);
  return decodeURIComponent(match[2]!);
}

describe('inviting an address', () => {
  it('mails a link to the board with a token whose hash alone is stored for 14 days; the members see the address as Invited', async () => {
    const owner = await person('Olive Owner');
    const stranger = await person('Stan Stranger');
    const b = await board(owner, 'Road trip');
    const to = address('friend');

    const sent = await inviteEmails(owner, b.id, [to.toUpperCase()]);
    expect(sent.httpStatus).toBe(200);
    expect(sent.data).toEqual([
      expect.objectContaining({
        type: 'boardinvite',
        status: 'new',
        invited_user: null,
        invited_email: to,
        invited_by_user: expect.objectContaining({ id: owner.id }),
      }),
    ]);

    const [mail, ...more] = await invitesTo(to);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to, subject: 'Olive Owner invited you to collaborate on Road trip' });
    const token = await lastInviteTo(to, b.url);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(mail!.html).toContain(`href="https://pins.example${b.url}?accept_invite=${token}"`);

    const stored = await t.db.query<{ email: string; token_hash: string; days: number }>(
      `SELECT email, token_hash, round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM board_email_invites WHERE board_id = $1`,
      [b.id],
    );
    expect(stored).toEqual([{ email: to, token_hash: hashToken(token), days: 14 }]);
    expect(JSON.stringify(await t.db.query('SELECT * FROM board_email_invites WHERE board_id = $1', [b.id]))).not.toContain(token);

    // The owner lists the address as a pending invite; others see no pending invites (nor the address).
    const list = await members(owner, b.id);
    expect(list.data).toEqual([expect.objectContaining({ status: 'new', invited_user: null, invited_email: to })]);
    expect((await members(stranger, b.id)).data).toEqual([]);
    expect(JSON.stringify(await t.client().resource('BoardInvitesResource', 'get', { board_id: b.id }))).not.toContain(to);

    // The same address again, in any case: 409 naming it, and no second mail.
    const twice = await inviteEmails(owner, b.id, [to]);
    expect(twice.httpStatus).toBe(409);
    expect(twice.error?.message).toBe(`${to} is already invited to this board.`);
    expect(await invitesTo(to)).toHaveLength(1);
  });

  it('validates the addresses at the boundary, naming the field', async () => {
    const owner = await person('Val Owner');
    const b = await board(owner, 'Checks');
    const bad = await inviteEmails(owner, b.id, ['friend@mail.example', 'not-an-address']);
    expect(bad).toMatchObject({
      httpStatus: 400,
      error: { code: ERROR_CODES.INVALID_INPUT.code, field: 'emails.1', message: 'emails: not-an-address is not a valid email address.' },
    });
    const twice = await inviteEmails(owner, b.id, ['Twin@mail.example', 'twin@MAIL.example']);
    expect(twice).toMatchObject({ httpStatus: 400, error: { field: 'emails', message: 'emails: name each address only once.' } });
    const many = await inviteEmails(
      owner,
      b.id,
      Array.from({ length: 15 }, (_, i) => `p${i}@mail.example`),
      { invited_user_ids: ['1', '2', '3', '4', '5', '6'] },
    );
    expect(many).toMatchObject({ httpStatus: 400, error: { field: 'emails', message: 'emails: invite at most 20 people at once.' } });
    const none = await owner.c.resource('BoardInviteResource', 'create', { board_id: b.id, emails: [] });
    expect(none).toMatchObject({ httpStatus: 400, error: { field: 'invited_user_ids', message: 'invited_user_ids: choose someone to invite.' } });
    const notText = await owner.c.resource('BoardInviteResource', 'create', { board_id: b.id, emails: [42] });
    expect(notText).toMatchObject({ httpStatus: 400, error: { field: 'emails.0' } });
    const both = await owner.c.resource('BoardInviteResource', 'delete', { board_id: b.id, user_id: owner.id, email: 'a@mail.example' });
    expect(both).toMatchObject({ httpStatus: 400, error: { field: 'email' } });
    const noToken = await t.client().resource('BoardInviteTokenResource', 'get', {});
    expect(noToken).toMatchObject({ httpStatus: 400, error: { field: 'token' } });
    expect(await t.db.query('SELECT 1 FROM board_email_invites WHERE board_id = $1', [b.id])).toEqual([]);
  });

  it('follows the rules of invites by id: the owner, collaborators only when allowed, nobody else', async () => {
    const owner = await person('Pam Owner');
    const collab = await person('Cal Collab');
    const stranger = await person('Sid Stranger');
    const b = await board(owner, 'Wedding');
    const secret = await board(owner, 'Secret wedding', { privacy: 'secret' });
    await addCollaborator(owner.c, collab.c, b.id, collab.id);
    const to = address('guest');

    expect((await inviteEmails(collab, b.id, [to])).httpStatus).toBe(403);
    expect((await inviteEmails(stranger, b.id, [to])).httpStatus).toBe(403);
    expect((await inviteEmails(stranger, secret.id, [to])).httpStatus).toBe(404);
    expect((await inviteEmails(t.client(), b.id, [to])).httpStatus).toBe(401);
    expect(await invitesTo(to)).toHaveLength(0);

    await owner.c.resource('BoardResource', 'update', { board_id: b.id, collaborator_invites_enabled: true });
    const sent = await inviteEmails(collab, b.id, [to]);
    expect(sent.httpStatus).toBe(200);
    expect(sent.data[0].invited_by_user.id).toBe(collab.id);
    expect((await invitesTo(to)).at(-1)?.subject).toBe('Cal Collab invited you to collaborate on Wedding');
  });
});

describe('the link', () => {
  it('is read signed out for the login prompt, redeemed into a pending invite once, then accepted', async () => {
    const owner = await person('Nora Namer');
    const b = await board(owner, 'Picnic');
    const to = address('picnic');
    await inviteEmails(owner, b.id, [to]);
    const token = await lastInviteTo(to, b.url);

    const read = await preview(t.client(), token);
    expect(read.httpStatus).toBe(200);
    expect(read.data).toEqual({ type: 'boardinvite', board: { name: 'Picnic' }, invited_by_user: { first_name: 'Nora' } });

    // Redeeming needs a session.
    expect((await t.client().resource('BoardInviteTokenResource', 'update', { token })).httpStatus).toBe(401);

    // Holding the mail is the proof: the person signs up with any address and redeems it.
    const guest = await person('Gwen Guest');
    const redeemed = await redeem(guest, token);
    expect(redeemed.httpStatus).toBe(200);
    expect(redeemed.data).toMatchObject({
      status: 'new',
      invite: { status: 'new', board: { id: b.id, name: 'Picnic', url: b.url }, invited_by_user: { id: owner.id } },
    });
    const used = await t.db.query<{ used: boolean; redeemed_by_user_id: string }>(
      'SELECT used_at IS NOT NULL AS used, redeemed_by_user_id FROM board_email_invites WHERE board_id = $1',
      [b.id],
    );
    expect(used).toEqual([{ used: true, redeemed_by_user_id: guest.id }]);
    // The owner now sees the person's invite instead of the address.
    const list = await members(owner, b.id);
    expect(list.data).toEqual([expect.objectContaining({ status: 'new', invited_user: expect.objectContaining({ id: guest.id }), invited_email: null })]);

    // Used: the link no longer reads nor redeems, for anyone.
    for (const res of [await preview(t.client(), token), await redeem(guest, token), await redeem(await person('Late Comer'), token)]) {
      expect(res.httpStatus).toBe(404);
      expect(res.error?.message).toBe('Invalid Invite');
    }

    const accepted = await guest.c.resource('BoardInviteResource', 'update', { board_id: b.id, status: 'accepted' });
    expect(accepted.data).toMatchObject({ id: b.id, collaborated_by_me: true });
  });

  it('with seamless (after the login prompt) makes the person a collaborator at once', async () => {
    const owner = await person('Sam Seamless');
    const b = await board(owner, 'Garden');
    const to = address('garden');
    await inviteEmails(owner, b.id, [to]);
    const guest = await person('Gil Gardener');
    const res = await redeem(guest, await lastInviteTo(to, b.url), true);
    expect(res.httpStatus).toBe(200);
    expect(res.data).toMatchObject({ status: 'accepted', board: { id: b.id, collaborated_by_me: true, viewer_invite: null, collaborator_count: 1 } });
    expect((await members(owner, b.id)).data).toEqual([
      expect.objectContaining({ status: 'accepted', invited_user: expect.objectContaining({ id: guest.id }) }),
    ]);
  });

  it('expires after 14 days; the address may then be invited again', async () => {
    const owner = await person('Ed Expiry');
    const b = await board(owner, 'Old news');
    const to = address('late');
    await inviteEmails(owner, b.id, [to]);
    const token = await lastInviteTo(to, b.url);
    await t.db.query(`UPDATE board_email_invites SET expires_at = now() - interval '1 minute' WHERE board_id = $1`, [b.id]);
    const guest = await person('Lia Late');
    for (const res of [await preview(t.client(), token), await redeem(guest, token)]) {
      expect(res.httpStatus).toBe(404);
      expect(res.error?.message).toBe('Invalid Invite');
    }
    expect((await members(owner, b.id)).data).toEqual([]);

    expect((await inviteEmails(owner, b.id, [to])).httpStatus).toBe(200);
    const fresh = await lastInviteTo(to, b.url);
    expect(fresh).not.toBe(token);
    expect((await redeem(guest, fresh)).httpStatus).toBe(200);
  });

  it('answers Invalid Invite for a token never issued and for a deleted board', async () => {
    const owner = await person('Del Owner');
    const b = await board(owner, 'Going away');
    const to = address('gone');
    await inviteEmails(owner, b.id, [to]);
    const token = await lastInviteTo(to, b.url);
    expect((await preview(t.client(), 'not-a-token-we-sent')).error?.message).toBe('Invalid Invite');
    await owner.c.resource('BoardResource', 'delete', { board_id: b.id });
    const res = await preview(t.client(), token);
    expect(res.httpStatus).toBe(404);
    expect(res.error?.message).toBe('Invalid Invite');
  });

  it('leaves the link unused when someone already on the board opens it', async () => {
    const owner = await person('Ona Owner');
    const collab = await person('Col Already');
    const b = await board(owner, 'Crafts');
    await addCollaborator(owner.c, collab.c, b.id, collab.id);
    const to = address('crafts');
    await inviteEmails(owner, b.id, [to]);
    const token = await lastInviteTo(to, b.url);
    for (const p of [owner, collab]) {
      const res = await redeem(p, token);
      expect(res.data).toMatchObject({ status: 'accepted', board: { id: b.id } });
    }
    expect((await preview(t.client(), token)).httpStatus).toBe(200);
  });
});

describe('an address that belongs to an account', () => {
  it('is invited like any other address: nothing in the answer, the list or the errors says whose it is', async () => {
    const owner = await person('Ada Owner');
    const guest = await person('Gus Guest');
    const b = await board(owner, 'Book club');
    const sent = await inviteEmails(owner, b.id, [guest.email.toUpperCase()]);
    expect(sent.httpStatus).toBe(200);
    expect(sent.data).toEqual([expect.objectContaining({ status: 'new', invited_user: null, invited_email: guest.email.toLowerCase() })]);
    expect((await guest.c.resource('BoardInvitesResource', 'get', { current_user: true })).data).toEqual([]);
    expect((await members(owner, b.id)).data).toEqual([expect.objectContaining({ invited_user: null, invited_email: guest.email.toLowerCase() })]);
    // The owner's own address is a link like any other: refusing it would tell a collaborator whose address it is.
    expect((await inviteEmails(owner, b.id, [owner.email])).httpStatus).toBe(200);

    // The account that holds the mail redeems it and joins.
    const token = await lastInviteTo(guest.email, b.url);
    const res = await redeem(guest, token, true);
    expect(res.data).toMatchObject({ status: 'accepted', board: { collaborated_by_me: true } });
  });
});

describe('blocks', () => {
  it('mails an address of someone who blocked the owner like any other (nothing reveals the block); the link then answers Invalid Invite to them', async () => {
    const owner = await person('Bo Owner');
    const blocker = await person('Bea Blocker');
    const b = await board(owner, 'Shared meals');
    await blocker.c.resource('UserBlockResource', 'create', { blocked_user_id: owner.id });
    const res = await inviteEmails(owner, b.id, [blocker.email, address('fine')]);
    expect(res.httpStatus).toBe(200);
    const redeemed = await redeem(blocker, await lastInviteTo(blocker.email, b.url), true);
    expect(redeemed.httpStatus).toBe(404);
    expect(redeemed.error?.message).toBe('Invalid Invite');
    expect((await blocker.c.resource('BoardResource', 'get', { board_id: b.id })).data?.collaborated_by_me ?? false).toBe(false);
  });

  it('refuses to redeem a link between blocked people (Invalid Invite) and leaves it for its real recipient', async () => {
    const owner = await person('Kim Owner');
    const helper = await person('Hal Helper');
    const b = await board(owner, 'Potluck', { collaborator_invites_enabled: true });
    await addCollaborator(owner.c, helper.c, b.id, helper.id);
    const to = address('potluck');
    await inviteEmails(helper, b.id, [to]);
    const token = await lastInviteTo(to, b.url);

    const blocksOwner = await person('Bud Blocks Owner');
    await blocksOwner.c.resource('UserBlockResource', 'create', { blocked_user_id: owner.id });
    const blockedByHelper = await person('Ben Blocked');
    await helper.c.resource('UserBlockResource', 'create', { blocked_user_id: blockedByHelper.id });
    for (const p of [blocksOwner, blockedByHelper]) {
      const res = await redeem(p, token, true);
      expect(res.httpStatus).toBe(404);
      expect(res.error?.message).toBe('Invalid Invite');
      expect((await p.c.resource('BoardResource', 'get', { board_id: b.id })).data?.collaborated_by_me ?? false).toBe(false);
    }
    expect((await preview(t.client(), token)).httpStatus).toBe(200);
    expect((await redeem(await person('Fay Free'), token)).data.status).toBe('new');
  });
});

describe('secret boards', () => {
  it('stay 404 to the link holder until they accept, and to everyone else throughout', async () => {
    const owner = await person('Sara Secret');
    const stranger = await person('Sly Stranger');
    const b = await board(owner, 'Surprise party', { privacy: 'secret' });
    const to = address('surprise');
    await inviteEmails(owner, b.id, [to]);
    const token = await lastInviteTo(to, b.url);

    const visitor = t.client();
    expect((await visitor.resource('BoardResource', 'get', { username: owner.username, slug: b.slug })).httpStatus).toBe(404);
    expect((await preview(visitor, token)).data).toEqual({ type: 'boardinvite', board: { name: 'Surprise party' }, invited_by_user: { first_name: 'Sara' } });

    const guest = await person('Gia Guest');
    expect((await redeem(guest, token)).data).toMatchObject({ status: 'new', invite: { board: { name: 'Surprise party', privacy: 'secret', url: b.url } } });
    expect((await guest.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardFeedResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardInviteResource', 'get', { username: owner.username, slug: b.slug })).data.board.id).toBe(b.id);

    for (const c of [stranger.c, visitor]) {
      expect((await c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
      expect((await c.resource('BoardFeedResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
      expect((await c.resource('BoardInvitesResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    }
    expect((await guest.c.resource('BoardInviteResource', 'update', { board_id: b.id, status: 'accepted' })).httpStatus).toBe(200);
    expect((await guest.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(200);
  });
});

describe('cancelling an invite by email', () => {
  it('the owner or the inviter cancels it by address; the link then answers Invalid Invite', async () => {
    const owner = await person('Mia Owner');
    const a = await person('Al Inviter');
    const c = await person('Cy Other');
    const b = await board(owner, 'Moodboard', { collaborator_invites_enabled: true });
    await addCollaborator(owner.c, a.c, b.id, a.id);
    await addCollaborator(owner.c, c.c, b.id, c.id);
    const first = address('first');
    const second = address('second');
    await inviteEmails(a, b.id, [first, second]);
    const token = await lastInviteTo(first, b.url);
    const cancel = (p: Person, email: string) => p.c.resource('BoardInviteResource', 'delete', { board_id: b.id, email });

    expect((await cancel(c, first)).httpStatus).toBe(403);
    expect((await cancel(a, first.toUpperCase())).data).toEqual({ board_id: b.id, email: first, status: 'cancelled' });
    expect((await preview(t.client(), token)).error?.message).toBe('Invalid Invite');
    expect((await cancel(owner, second)).httpStatus).toBe(200);
    expect((await cancel(owner, second)).error?.message).toBe('Invalid Invite');
    expect((await members(owner, b.id)).data.filter((m: { status: string }) => m.status === 'new')).toEqual([]);
  });

  it('pages the list with invites by email among the others', async () => {
    const owner = await person('Pat Pager');
    const b = await board(owner, 'Big group');
    const guest = await person('Gail Guest');
    await addCollaborator(owner.c, guest.c, b.id, guest.id);
    const emails = [address('one'), address('two'), address('three')];
    await inviteEmails(owner, b.id, emails);
    const seen: string[] = [];
    let bookmark: string | undefined;
    do {
      const page = await owner.c.resource('BoardInvitesResource', 'get', { board_id: b.id, page_size: 2, ...(bookmark ? { bookmark } : {}) });
      seen.push(...page.data.map((m: { invited_user: { id: string } | null; invited_email: string | null }) => m.invited_user?.id ?? m.invited_email));
      bookmark = page.bookmark ?? undefined;
    } while (bookmark);
    expect(seen).toEqual([guest.id, ...emails]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the emails option and the link resource', async () => {
    const doc = (await t.client().request('GET', '/api/openapi.json')).json();
    const create = doc.paths['/resource/BoardInviteResource/create/'].post;
    const options = create.requestBody.content['application/json'].schema.properties.options;
    expect(options.properties.emails).toMatchObject({ type: 'array', maxItems: 20, items: { type: 'string', maxLength: 254 } });
    expect(create.summary).toContain('by email');
    expect(doc.paths['/resource/BoardInviteTokenResource/get/'].get.summary).toContain("inviter's first name");
    const redeemOp = doc.paths['/resource/BoardInviteTokenResource/update/'].put;
    expect(redeemOp.description).toContain('Requires a session');
    expect(redeemOp.requestBody.content['application/json'].schema.properties.options.properties.seamless.type).toBe('boolean');
  });
});

describe('limits and failures', () => {
  it('mails at most 50 invites an hour per inviter, then answers 429 with Retry-After and mails nothing', async () => {
    const owner = await person('Lim Owner');
    await t.db.query('UPDATE users SET email_verified = true WHERE id = $1', [owner.id]);
    const boards = [await board(owner, 'Batch one'), await board(owner, 'Batch two'), await board(owner, 'Batch three')];
    const batch = (k: number, size: number) => Array.from({ length: size }, (_, i) => `bulk${k}.${i}.${n}@mail.example`);
    expect((await inviteEmails(owner, boards[0]!.id, batch(1, 20))).httpStatus).toBe(200);
    expect((await inviteEmails(owner, boards[1]!.id, batch(2, 20))).httpStatus).toBe(200);
    const over = await inviteEmails(owner, boards[2]!.id, batch(3, 11));
    expect(over.httpStatus).toBe(429);
    expect(over.error?.code).toBe(ERROR_CODES.RATE_LIMITED.code);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await invitesTo(batch(3, 11)[0]!)).toHaveLength(0);
    expect((await inviteEmails(owner, boards[2]!.id, batch(3, 10))).httpStatus).toBe(200);
    expect((await inviteEmails(owner, boards[2]!.id, [address('one-more')])).httpStatus).toBe(429);
    // Invites by id send no mail and are not counted.
    const friend = await person('Fred Friend');
    expect((await owner.c.resource('BoardInviteResource', 'create', { board_id: boards[2]!.id, invited_user_ids: [friend.id] })).httpStatus).toBe(200);
  });

  it('mails at most 5 invites a day while the inviter has not verified their email, all or nothing, also at once', async () => {
    const owner = await person('Unverified Owner');
    const boards = [await board(owner, 'Unverified one'), await board(owner, 'Unverified two')];
    expect(t.config.actionLimits.board_invite_mail_unverified).toEqual({ limit: 5, windowSeconds: 86400 });
    const three = [address('uv-a'), address('uv-b'), address('uv-c')];
    expect((await inviteEmails(owner, boards[0]!.id, three)).httpStatus).toBe(200);
    const over = await inviteEmails(owner, boards[1]!.id, [address('uv-d'), address('uv-e'), address('uv-f')]);
    expect(over.httpStatus).toBe(429);
    expect(over.error).toMatchObject({ code: ERROR_CODES.RATE_LIMITED.code, message: 'Verify your email to send more invites by email.' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(86000);
    // The refused three were not counted; two more fit, one at a time, even when sent together.
    const together = await Promise.all(
      [address('uv-g'), address('uv-h'), address('uv-i'), address('uv-j')].map((a) => inviteEmails(owner, boards[1]!.id, [a])),
    );
    expect(together.map((r) => r.httpStatus).sort()).toEqual([200, 200, 429, 429]);
    await t.jobsSettled('mail');
    expect(readOutbox(outboxDir(t.config)).filter((m) => m.subject.includes('invited you to collaborate') && /uv-/.test(m.to))).toHaveLength(5);
  });

  it('answers at once while mail cannot be sent; the invites stay and each mail goes out once the mail server is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pinboard-invite-mail-'));
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, WEB_DIST_DIR: join(dir, 'no-web'), PUBLIC_URL: 'https://pins.example' });
    const db = await openTestDb();
    const delivered: string[] = [];
    const refused: string[] = [];
    let serverDown = true;
    const mailer = {
      send: async (m: { to: string }) => {
        if (!m.to.endsWith('@mail.example')) return;
        if (serverDown && m.to.startsWith('down')) {
          refused.push(m.to);
          throw new Error('connection refused');
        }
        delivered.push(m.to);
      },
    };
    const { app, jobs } = await buildApp({ config, db, media: new DiskMediaStore(dir), limiter: new MemoryRateLimiter(), mailer }, { logger: false });
    try {
      await app.ready();
      const owner = new TestClient(app);
      await owner.signUp({ email: 'mail.owner@example.com', full_name: 'Mo Owner' });
      const b = (await owner.resource('BoardResource', 'create', { name: 'Offline' })).data as { id: string };
      const res = await owner.resource('BoardInviteResource', 'create', {
        board_id: b.id,
        emails: ['up@mail.example', 'down@mail.example', 'after@mail.example'],
      });
      expect(res.httpStatus).toBe(200);
      const left = await db.query<{ email: string }>('SELECT email FROM board_email_invites WHERE board_id = $1 ORDER BY email', [b.id]);
      expect(left.map((r) => r.email)).toEqual(['after@mail.example', 'down@mail.example', 'up@mail.example']);
      await vi.waitFor(() => expect(refused).toEqual(['down@mail.example']), { timeout: 10_000, interval: 25 });
      serverDown = false;
      await jobsSettled(jobs, ['mail']);
      expect(delivered.sort()).toEqual(['after@mail.example', 'down@mail.example', 'up@mail.example']);
    } finally {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
