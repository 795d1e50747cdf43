/**
 * Rights that must end: a block ends board collaboration and invites between
 * the two; invites end with their sender's right to invite; private
 * profiles' Pins and counts stay hidden from non-followers in every list;
 * covers come only from the board's own Pins; protected boards are not
 * revealed through their Pins in feeds and search; blocks answer like
 * missing people and never name a third party's block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir, readOutbox } from '../src/mail';
import { makePin, makeStoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestPerson } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '200', PUBLIC_URL: 'https://pins.example' });
});
afterAll(() => t.close());

let n = 0;

type Person = TestPerson;

const person = (name: string): Promise<Person> => t.person(name, 're');

const board = async (p: Person, name: string, extra: Record<string, unknown> = {}) => {
  const r = await p.c.resource('BoardResource', 'create', { name, ...extra });
  if (r.httpStatus !== 200) throw new Error(`board failed: ${JSON.stringify(r)}`);
  return r.data as { id: string; slug: string; url: string };
};

/** A Pin with an image of its own (so that /media answers only for it). */
async function pin(p: Person, boardId: string | null, title = 'A pin') {
  const image = await makeStoredImage(t.media, { seed: 1000 + ++n, width: 120, height: 120 });
  const id = await makePin(t.db, { pinnerId: p.id, boardId, image, title });
  return { id, url: image.images['236x']!.url };
}

const block = (a: Person, b: Person) => a.c.resource('UserBlockResource', 'create', { blocked_user_id: b.id });
const invite = (p: Person, boardId: string, ids: string[], emails?: string[]) =>
  p.c.resource('BoardInviteResource', 'create', { board_id: boardId, invited_user_ids: ids, ...(emails ? { emails } : {}) });
const accept = (p: Person, boardId: string) => p.c.resource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' });

/** The token of the newest invite link mailed to the address. */
async function lastInviteTo(to: string) {
  await t.jobsSettled('mail'); // mail is delivered by the job queue
  // The invite's own mail: the invitee's notification of it (decision 086) is mailed beside it.
  const mail = readOutbox(outboxDir(t.config))
    .filter((m) => m.to === to && /accept_invite=/.test(m.text ?? ''))
    .at(-1);
  const match = /accept_invite=([\w%-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invite link mailed to ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('a block ends board collaboration and invites between the two', () => {
  it('the blocked collaborator loses the secret board, its Pins and images; the blocker loses theirs; pending invites go', async () => {
    const owner = await person('Bea Blocker');
    const collab = await person('Col Blocked');
    const secret = await board(owner, 'Hidden plans', { privacy: 'secret' });
    await addCollaborator(owner.c, collab.c, secret.id, collab.id);
    const p = await pin(owner, secret.id, 'Secret idea');
    // The other way: the owner collaborates on the collaborator's secret board.
    const theirs = await board(collab, 'Their secret', { privacy: 'secret' });
    await addCollaborator(collab.c, owner.c, theirs.id, owner.id);
    // Pending invites both ways, by user and by email.
    const another = await board(owner, 'Another one', { privacy: 'secret' });
    expect((await invite(owner, another.id, [collab.id], [collab.email])).httpStatus).toBe(200);
    const token = await lastInviteTo(collab.email);
    const third = await board(collab, 'Third one');
    expect((await invite(collab, third.id, [owner.id], [owner.email])).httpStatus).toBe(200);

    // Before the block the collaborator sees everything.
    expect((await collab.c.resource('BoardResource', 'get', { board_id: secret.id })).httpStatus).toBe(200);
    expect((await collab.c.request('GET', p.url)).statusCode).toBe(200);

    expect((await block(owner, collab)).httpStatus).toBe(200);

    const gone = await collab.c.resource('BoardResource', 'get', { board_id: secret.id });
    expect(gone.httpStatus).toBe(404);
    expect((await collab.c.resource('BoardFeedResource', 'get', { board_id: secret.id })).httpStatus).toBe(404);
    expect((await collab.c.resource('PinResource', 'get', { id: p.id })).httpStatus).toBe(404);
    expect((await collab.c.request('GET', p.url)).statusCode).toBe(404);
    const own = await pin(collab, null, 'Mine');
    expect((await collab.c.resource('RepinResource', 'create', { pin_id: own.id, board_id: secret.id })).httpStatus).toBe(404);
    expect((await owner.c.resource('BoardResource', 'get', { board_id: theirs.id })).httpStatus).toBe(404);

    const left = await t.db.query(
      `SELECT 'collab' AS k FROM board_collaborators WHERE board_id = ANY($1::bigint[])
       UNION ALL SELECT 'invite' FROM board_invites WHERE board_id = ANY($1::bigint[])
       UNION ALL SELECT 'email' FROM board_email_invites WHERE board_id = ANY($1::bigint[]) AND used_at IS NULL`,
      [[secret.id, theirs.id, another.id, third.id]],
    );
    expect(left).toEqual([]);
    expect((await collab.c.resource('BoardInviteTokenResource', 'update', { token })).httpStatus).toBe(404);

    // Unblocking brings nothing back.
    await owner.c.resource('UserBlockResource', 'delete', { blocked_user_id: collab.id });
    expect((await collab.c.resource('BoardResource', 'get', { board_id: secret.id })).httpStatus).toBe(404);
    expect((await accept(collab, another.id)).httpStatus).toBe(404);
  });
});

describe("invites end with their sender's right to invite", () => {
  async function setup() {
    const owner = await person('Oda Owner');
    const collab = await person('Cam Collab');
    const guest = await person('Gil Guest');
    const b = await board(owner, 'Shared board', { collaborator_invites_enabled: true });
    await addCollaborator(owner.c, collab.c, b.id, collab.id);
    const email = `guest${++n}@mail.example`;
    expect((await invite(collab, b.id, [guest.id], [email])).httpStatus).toBe(200);
    return { owner, collab, guest, b, token: await lastInviteTo(email) };
  }

  it('removing the collaborator ends the invites they sent', async () => {
    const { owner, collab, guest, b, token } = await setup();
    expect((await owner.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: collab.id })).httpStatus).toBe(200);
    expect((await accept(guest, b.id)).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardInviteTokenResource', 'update', { token, seamless: true })).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardResource', 'get', { board_id: b.id })).data.collaborated_by_me).toBe(false);
  });

  it('a collaborator who leaves ends the invites they sent', async () => {
    const { collab, guest, b } = await setup();
    expect((await collab.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: collab.id })).httpStatus).toBe(200);
    expect((await accept(guest, b.id)).httpStatus).toBe(404);
  });

  it("turning collaborator invites off ends collaborators' invites, not the owner's", async () => {
    const { owner, guest, b, token } = await setup();
    const other = await person('Ozzy Other');
    expect((await invite(owner, b.id, [other.id])).httpStatus).toBe(200);
    expect((await owner.c.resource('BoardResource', 'update', { board_id: b.id, collaborator_invites_enabled: false })).httpStatus).toBe(200);
    expect((await accept(guest, b.id)).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardInviteTokenResource', 'update', { token })).httpStatus).toBe(404);
    expect((await accept(other, b.id)).httpStatus).toBe(200);
  });
});

async function makePrivate(p: Person) {
  const r = await p.c.resource('UserResource', 'update', { is_private_profile: true });
  if (r.httpStatus !== 200) throw new Error(`private failed: ${JSON.stringify(r)}`);
}

async function followPrivate(follower: Person, owner: Person) {
  const code = (await owner.c.resource('InviteCodeResource', 'get')).data.invite_code as string;
  const r = await follower.c.resource('UserFollowResource', 'create', { user_id: owner.id, invite_code: code });
  if (r.httpStatus !== 200) throw new Error(`follow failed: ${JSON.stringify(r)}`);
}

describe("a private profile's Pin lists", () => {
  it("show nothing to non-followers, even Pins on someone else's public board", async () => {
    const priv = await person('Pia Private');
    const host = await person('Hal Host');
    const stranger = await person('Sid Stranger');
    const follower = await person('Fay Follower');
    const shared = await board(host, 'Open board');
    await addCollaborator(host.c, priv.c, shared.id, priv.id);
    const p = await pin(priv, shared.id, 'Private person pin');
    await makePrivate(priv);
    await followPrivate(follower, priv);

    for (const name of ['UserPinsResource', 'UserCreatedPinsResource']) {
      for (const c of [stranger.c, t.client()]) {
        const r = await c.resource(name, 'get', { username: priv.username });
        expect(r.httpStatus, name).toBe(200);
        expect(r.data, name).toEqual([]);
      }
      expect(
        (await follower.c.resource(name, 'get', { username: priv.username })).data.map((x: { id: string }) => x.id),
        name,
      ).toEqual([p.id]);
      expect(
        (await priv.c.resource(name, 'get', { username: priv.username })).data.map((x: { id: string }) => x.id),
        name,
      ).toEqual([p.id]);
    }
  });
});

describe("a board's cover", () => {
  it('never comes from a Pin that moved to another board', async () => {
    const owner = await person('Cora Cover');
    const stranger = await person('Stu Stranger');
    const open = await board(owner, 'Open covers');
    const hidden = await board(owner, 'Hidden covers', { privacy: 'secret' });
    const older = await pin(owner, open.id, 'Older');
    const chosen = await pin(owner, open.id, 'Chosen');
    expect((await owner.c.resource('BoardResource', 'update', { board_id: open.id, cover_pin_id: chosen.id })).httpStatus).toBe(200);
    expect((await owner.c.resource('PinResource', 'update', { id: chosen.id, board_id: hidden.id })).httpStatus).toBe(200);

    const read = await stranger.c.resource('BoardResource', 'get', { board_id: open.id });
    expect(JSON.stringify(read.data)).not.toContain(chosen.url.replace(/_236x.*$/, ''));
    expect(read.data.image_cover_url).toBe(older.url);
    const listed = await stranger.c.resource('BoardsResource', 'get', { username: owner.username });
    const item = listed.data.find((b: { id: string }) => b.id === open.id);
    expect(item.image_cover_url).toBe(older.url);
  });
});

describe("a private profile's counts", () => {
  it('are hidden in people search and follow lists from those who may not see its content', async () => {
    const word = `zebrafinch${++n}`;
    const priv = await person(`Quinn ${word}`);
    const fan = await person('Fan Follower');
    const stranger = await person('Sam Stranger');
    await makePrivate(priv);
    await followPrivate(fan, priv);
    // The private person follows a public one: they appear in its followers list.
    const pub = await person('Pub Public');
    await priv.c.resource('UserFollowResource', 'create', { user_id: pub.id });

    const found = await stranger.c.resource('BaseSearchResource', 'get', { query: word, scope: 'users' });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ id: priv.id, is_private_profile: true, follower_count: 0 });
    const anon = await t.client().resource('BaseSearchResource', 'get', { query: word, scope: 'users' });
    expect(anon.data[0].follower_count).toBe(0);
    expect((await fan.c.resource('BaseSearchResource', 'get', { query: word, scope: 'users' })).data[0].follower_count).toBe(1);

    const followers = await stranger.c.resource('UserFollowersResource', 'get', { username: pub.username });
    expect(followers.data.find((u: { id: string }) => u.id === priv.id)).toMatchObject({ follower_count: 0 });
    const following = await stranger.c.resource('UserFollowingResource', 'get', { username: fan.username });
    expect(following.data.find((u: { id: string }) => u.id === priv.id)).toMatchObject({ follower_count: 0 });
    const asFan = await fan.c.resource('UserFollowingResource', 'get', { username: fan.username });
    expect(asFan.data.find((u: { id: string }) => u.id === priv.id)).toMatchObject({ follower_count: 1 });
  });
});

describe('a Pin on a protected board', () => {
  it('does not reveal its board in feeds and search to others than its owner and collaborators', async () => {
    const word = `quokka${++n}`;
    const owner = await person('Pat Protected');
    const collab = await person('Cy Collab');
    const fan = await person('Flo Fan');
    const prot = await board(owner, 'Unlisted board', { privacy: 'protected' });
    await addCollaborator(owner.c, collab.c, prot.id, collab.id);
    const p = await pin(owner, prot.id, `Pin ${word}`);
    await fan.c.resource('UserFollowResource', 'create', { user_id: owner.id });

    const find = (items: { id: string }[]) => items.find((x) => x.id === p.id) as { board: unknown; pinned_to_board: unknown } | undefined;
    const home = find((await fan.c.resource('UserHomefeedResource', 'get')).data);
    expect(home).toMatchObject({ board: null, pinned_to_board: null });
    const discover = find((await t.client().resource('UserHomefeedResource', 'get', { page_size: 100 })).data);
    expect(discover).toMatchObject({ board: null, pinned_to_board: null });
    for (const c of [fan.c, t.client()]) {
      const hit = find((await c.resource('BaseSearchResource', 'get', { query: word, scope: 'pins' })).data);
      expect(hit).toMatchObject({ board: null, pinned_to_board: null });
      expect(JSON.stringify(hit)).not.toContain(prot.id);
    }
    for (const c of [owner.c, collab.c]) {
      const hit = find((await c.resource('BaseSearchResource', 'get', { query: word, scope: 'pins' })).data);
      expect(hit).toMatchObject({ board: { id: prot.id }, pinned_to_board: { id: prot.id } });
    }
  });
});

describe('blocks answer like missing people', () => {
  const missingId = '999999999999';

  it('following or inviting someone who blocked you answers as for a missing person', async () => {
    const blocker = await person('Blair Blocker');
    const viewer = await person('Vic Viewer');
    await block(blocker, viewer);
    const missingFollow = await viewer.c.resource('UserFollowResource', 'create', { user_id: missingId });
    const follow = await viewer.c.resource('UserFollowResource', 'create', { user_id: blocker.id });
    expect(follow.httpStatus).toBe(404);
    expect(follow.error?.message).toBe(missingFollow.error?.message);

    const b = await board(viewer, 'Invite board');
    const missingInvite = await invite(viewer, b.id, [missingId]);
    const blockedInvite = await invite(viewer, b.id, [blocker.id]);
    expect(blockedInvite.httpStatus).toBe(404);
    expect(blockedInvite.error?.message).toBe(missingInvite.error?.message);

    const theirs = await pin(blocker, null, 'Their pin');
    const save = await viewer.c.resource('RepinResource', 'create', { pin_id: theirs.id });
    const missingSave = await viewer.c.resource('RepinResource', 'create', { pin_id: missingId });
    expect(save.httpStatus).toBe(404);
    expect(save.error?.message).toBe(missingSave.error?.message);
  });

  it('inviting someone the owner blocked (or who blocked the owner) does not reveal the block', async () => {
    for (const ownerBlocks of [true, false]) {
      const owner = await person('Otto Owner');
      const collab = await person('Cleo Collab');
      const target = await person('Tess Target');
      const b = await board(owner, 'Team board', { collaborator_invites_enabled: true });
      await addCollaborator(owner.c, collab.c, b.id, collab.id);
      if (ownerBlocks) await block(owner, target);
      else await block(target, owner);
      const missing = await invite(collab, b.id, [missingId]);
      const r = await invite(collab, b.id, [target.id]);
      expect(r.httpStatus).toBe(404);
      expect(r.error?.message).toBe(missing.error?.message);
      expect(JSON.stringify(r)).not.toContain('Tess');
    }
  });
});

describe('messages and blocks', () => {
  it('starting a conversation with someone who blocked you, or with two who blocked each other, answers as for missing people', async () => {
    const blocker = await person('Mo Blocker');
    const viewer = await person('Val Viewer');
    const other = await person('Oli Other');
    await block(blocker, viewer);
    const start = (p: Person, ids: string[]) => p.c.resource('ConversationsResource', 'create', { user_ids: ids, text: 'Hello' });
    const missing = await start(viewer, ['999999999999']);
    const r = await start(viewer, [blocker.id]);
    expect(r.httpStatus).toBe(404);
    expect(r.error?.message).toBe(missing.error?.message);
    const group = await start(other, [blocker.id, viewer.id]);
    expect(group.httpStatus).toBe(404);
    expect(group.error?.message).toBe(missing.error?.message);
  });
});
