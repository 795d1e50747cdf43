/**
 * Board invites end to end through the resource layer: the owner invites by
 * user id, the invitee accepts or declines, the owner removes collaborators
 * and cancels invites, a collaborator leaves; blocks, duplicates, self-invites
 * and collaborator invites follow the rules; and who may change sections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePin, makeStoredImage, type StoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient, type TestPerson } from './test-app';

let t: TestApp;
let image: StoredImage;

beforeAll(async () => {
  // Every case signs up a few people of its own.
  t = await buildTestApp({ SIGNUP_RATE_LIMIT_CLIENT: '200' });
  image = await makeStoredImage(t.media, { seed: 11, width: 300, height: 300 });
});
afterAll(() => t.close());

type Person = TestPerson;

const person = (name: string): Promise<Person> => t.person(name, 'inv');

const board = async (p: Person, name: string, extra: Record<string, unknown> = {}) =>
  (await p.c.resource('BoardResource', 'create', { name, ...extra })).data as { id: string; slug: string; url: string };
const invite = (p: Person, boardId: string, ...ids: string[]) => p.c.resource('BoardInviteResource', 'create', { board_id: boardId, invited_user_ids: ids });
const accept = (p: Person, boardId: string) => p.c.resource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' });
const members = (p: Person | TestClient, boardId: string, extra: Record<string, unknown> = {}) =>
  ('c' in p ? p.c : p).resource('BoardInvitesResource', 'get', { board_id: boardId, ...extra });
const statusOf = (r: { data?: { status: string; invited_user: { username: string } }[] }) =>
  Object.fromEntries((r.data ?? []).map((m) => [m.invited_user.username, m.status]));

describe('inviting and accepting', () => {
  it('the owner invites; the invitee sees the invite, accepts and can then save into the board', async () => {
    const owner = await person('Olive Owner');
    const guest = await person('Gus Guest');
    const stranger = await person('Stan Stranger');
    const b = await board(owner, 'Trip plans');

    const sent = await invite(owner, b.id, guest.id);
    expect(sent.httpStatus).toBe(200);
    expect(sent.data).toEqual([
      expect.objectContaining({
        type: 'boardinvite',
        status: 'new',
        board: { id: b.id },
        invited_user: expect.objectContaining({ id: guest.id, username: guest.username, full_name: 'Gus Guest' }),
        invited_by_user: expect.objectContaining({ id: owner.id, username: owner.username, full_name: 'Olive Owner', first_name: expect.any(String) }),
      }),
    ]);

    // The invitee's own view: their invites, and the one on this board by id or by address.
    const mine = await guest.c.resource('BoardInvitesResource', 'get', { current_user: true });
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ status: 'new', board: { id: b.id, name: 'Trip plans', url: b.url, owner: { username: owner.username } } });
    expect((await guest.c.resource('BoardInviteResource', 'get', { board_id: b.id })).data.board.name).toBe('Trip plans');
    expect((await guest.c.resource('BoardInviteResource', 'get', { username: owner.username, slug: b.slug })).data.board.id).toBe(b.id);
    const seenByGuest = await guest.c.resource('BoardResource', 'get', { board_id: b.id });
    expect(seenByGuest.data).toMatchObject({ collaborated_by_me: false, viewer_invite: { status: 'new', invited_by_user: { username: owner.username } } });

    // The owner sees the pending invite; someone else sees no pending invites.
    expect(statusOf(await members(owner, b.id))).toEqual({ [guest.username]: 'new' });
    expect((await members(stranger, b.id)).data).toEqual([]);
    expect((await stranger.c.resource('BoardInviteResource', 'get', { board_id: b.id })).error?.message).toBe('Invalid Invite');

    const accepted = await accept(guest, b.id);
    expect(accepted.httpStatus).toBe(200);
    expect(accepted.data).toMatchObject({ id: b.id, collaborated_by_me: true, is_collaborative: true, viewer_invite: null, collaborator_count: 1 });
    expect(accepted.data.collaborating_users).toEqual([expect.objectContaining({ id: guest.id, username: guest.username })]);

    expect(statusOf(await members(stranger, b.id))).toEqual({ [guest.username]: 'accepted' });
    expect((await guest.c.resource('BoardInvitesResource', 'get', { current_user: true })).data).toEqual([]);
    expect((await accept(guest, b.id)).error?.message).toBe('Invalid Invite');

    // A collaborator saves into the board.
    const source = await makePin(t.db, { pinnerId: stranger.id, image });
    const saved = await guest.c.resource('RepinResource', 'create', { pin_id: source, board_id: b.id });
    expect(saved.httpStatus).toBe(200);
    expect(saved.data.board.id).toBe(b.id);
  });

  it('lets the invitee of a secret board see its name in the invite, and the board only after accepting', async () => {
    const owner = await person('Sara Secret');
    const guest = await person('Gil Guest');
    const b = await board(owner, 'Surprise party', { privacy: 'secret' });
    await invite(owner, b.id, guest.id);
    expect((await guest.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    expect((await guest.c.resource('BoardFeedResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    const pending = await guest.c.resource('BoardInviteResource', 'get', { username: owner.username, slug: b.slug });
    expect(pending.data.board).toMatchObject({ name: 'Surprise party', privacy: 'secret' });
    expect((await accept(guest, b.id)).data).toMatchObject({ name: 'Surprise party', collaborated_by_me: true });
    expect((await guest.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(200);
  });

  it('declining removes the invite; a second decline is an invalid invite', async () => {
    const owner = await person('Dee Owner');
    const guest = await person('Dan Decliner');
    const b = await board(owner, 'Book club');
    await invite(owner, b.id, guest.id);
    const declined = await guest.c.resource('BoardInviteResource', 'delete', { board_id: b.id });
    expect(declined).toMatchObject({ httpStatus: 200, data: { status: 'declined' } });
    expect((await members(owner, b.id)).data).toEqual([]);
    const again = await guest.c.resource('BoardInviteResource', 'delete', { board_id: b.id });
    expect(again.httpStatus).toBe(404);
    expect(again.error?.message).toBe('Invalid Invite');
    // Declined people can be invited again.
    expect((await invite(owner, b.id, guest.id)).httpStatus).toBe(200);
  });

  it("a stranger cannot accept, decline or cancel someone else's invite", async () => {
    const owner = await person('Ann Owner');
    const guest = await person('Ivy Invitee');
    const stranger = await person('Sly Stranger');
    const open = await board(owner, 'Open board');
    const secret = await board(owner, 'Closed board', { privacy: 'secret' });
    await invite(owner, open.id, guest.id);
    await invite(owner, secret.id, guest.id);
    for (const b of [open, secret]) {
      const r = await accept(stranger, b.id);
      expect(r.httpStatus).toBe(404);
      expect(r.error?.message).toBe('Invalid Invite');
      expect((await stranger.c.resource('BoardInviteResource', 'delete', { board_id: b.id })).httpStatus).toBe(404);
    }
    // Cancelling someone's invite: not a member of the public board (404 like missing), the secret one unseen (404).
    expect((await stranger.c.resource('BoardInviteResource', 'delete', { board_id: open.id, user_id: guest.id })).httpStatus).toBe(404);
    expect((await stranger.c.resource('BoardInviteResource', 'delete', { board_id: secret.id, user_id: guest.id })).httpStatus).toBe(404);
    expect(statusOf(await members(owner, open.id))).toEqual({ [guest.username]: 'new' });
    expect((await accept(guest, secret.id)).httpStatus).toBe(200);
    // Signed out: log in first.
    expect((await t.client().resource('BoardInviteResource', 'update', { board_id: open.id, status: 'accepted' })).httpStatus).toBe(401);
  });
});

describe('refusals', () => {
  it('refuses inviting yourself, the owner, twice, or a collaborator again', async () => {
    const owner = await person('Rita Owner');
    const guest = await person('Rex Guest');
    const b = await board(owner, 'Garden', { collaborator_invites_enabled: true });
    const self = await invite(owner, b.id, owner.id);
    expect(self.httpStatus).toBe(400);
    expect(self.error?.message).toBe('invited_user_ids: you cannot invite yourself.');
    expect((await invite(owner, b.id, guest.id)).httpStatus).toBe(200);
    const twice = await invite(owner, b.id, guest.id);
    expect(twice.httpStatus).toBe(409);
    expect(twice.error?.message).toBe('Rex Guest is already invited to this board.');
    // The text people see carries its catalogue key and arguments (decision 042); the English message is unchanged.
    expect(twice.error).toMatchObject({ message_key: 'boardInvites.alreadyInvited', message_args: { name: 'Rex Guest' } });
    expect(self.error).toMatchObject({ message_key: 'boardInvites.notYourself' });
    expect(self.error).not.toHaveProperty('message_args');
    await accept(guest, b.id);
    expect((await invite(owner, b.id, guest.id)).error?.message).toBe('Rex Guest already collaborates on this board.');
    expect((await invite(guest, b.id, owner.id)).error?.message).toBe('invited_user_ids: the owner is already on the board.');
    expect((await invite(owner, b.id, guest.id, guest.id)).httpStatus).toBe(400);
    expect((await invite(owner, b.id, '999999999')).httpStatus).toBe(404);
    // All or none: one refused person leaves the others uninvited.
    const fresh = await person('Fay Fresh');
    expect((await invite(owner, b.id, fresh.id, owner.id)).httpStatus).toBe(400);
    expect(statusOf(await members(owner, b.id))).toEqual({ [guest.username]: 'accepted' });
  });

  it('refuses invites between blocked people, either way, and drops invites after a block', async () => {
    const owner = await person('Bo Owner');
    const blocker = await person('Bea Blocker');
    const blocked = await person('Ben Blocked');
    const later = await person('Lou Later');
    const b = await board(owner, 'Shared meals');
    await blocker.c.resource('UserBlockResource', 'create', { blocked_user_id: owner.id });
    await owner.c.resource('UserBlockResource', 'create', { blocked_user_id: blocked.id });
    // Someone who blocked the owner is answered as a missing person; the owner's own block is named.
    const r1 = await invite(owner, b.id, blocker.id);
    expect(r1.httpStatus).toBe(404);
    expect(r1.error?.message).toBe('That person could not be found.');
    const r2 = await invite(owner, b.id, blocked.id);
    expect(r2.httpStatus).toBe(403);
    expect(r2.error?.message).toBe("You can't invite Ben Blocked to this board.");

    // A collaborator may not bring in someone who blocked the owner either, and is not told why.
    const helper = await person('Hal Helper');
    await owner.c.resource('BoardResource', 'update', { board_id: b.id, collaborator_invites_enabled: true });
    await addCollaborator(owner.c, helper.c, b.id, helper.id);
    expect((await invite(helper, b.id, blocker.id)).httpStatus).toBe(404);

    // Blocked after the invite: the invite no longer shows and cannot be accepted.
    expect((await invite(owner, b.id, later.id)).httpStatus).toBe(200);
    await later.c.resource('UserBlockResource', 'create', { blocked_user_id: owner.id });
    expect((await later.c.resource('BoardInvitesResource', 'get', { current_user: true })).data).toEqual([]);
    expect((await accept(later, b.id)).httpStatus).toBe(404);

    // People search for inviting leaves out blocked people, members and invitees.
    const search = await owner.c.resource('BoardInviteSuggestionsResource', 'get', { board_id: b.id, query: 'b' });
    const names = search.data.map((p: { username: string }) => p.username);
    expect(names).not.toContain(blocker.username);
    expect(names).not.toContain(blocked.username);
    expect(names).not.toContain(owner.username);
    const byName = await owner.c.resource('BoardInviteSuggestionsResource', 'get', { board_id: b.id, query: 'Hal' });
    expect(byName.data).toEqual([]);
    const free = await person('Bill Free');
    const found = await owner.c.resource('BoardInviteSuggestionsResource', 'get', { board_id: b.id, query: 'Bill' });
    expect(found.data.map((p: { id: string }) => p.id)).toEqual([free.id]);
  });

  it('lets collaborators invite only when the owner turned collaborator invites on', async () => {
    const owner = await person('Cal Owner');
    const collab = await person('Cora Collab');
    const friend = await person('Fred Friend');
    const stranger = await person('Sid Stranger');
    const b = await board(owner, 'Wedding');
    await addCollaborator(owner.c, collab.c, b.id, collab.id);
    const refused = await invite(collab, b.id, friend.id);
    expect(refused.httpStatus).toBe(403);
    expect(refused.error?.message).toBe("Only the board's owner can invite collaborators.");
    expect((await invite(stranger, b.id, friend.id)).httpStatus).toBe(403);
    expect((await collab.c.resource('BoardInviteSuggestionsResource', 'get', { board_id: b.id })).httpStatus).toBe(403);

    await owner.c.resource('BoardResource', 'update', { board_id: b.id, collaborator_invites_enabled: true });
    const sent = await invite(collab, b.id, friend.id);
    expect(sent.httpStatus).toBe(200);
    expect(sent.data[0].invited_by_user.id).toBe(collab.id);
    // The collaborator sees pending invites; a collaborator cannot turn the setting back off.
    expect(statusOf(await members(collab, b.id, { sort: 'viewer_first' }))).toEqual({ [collab.username]: 'accepted', [friend.username]: 'new' });
    expect((await members(collab, b.id, { sort: 'viewer_first' })).data[0].invited_user.id).toBe(collab.id);
    expect((await collab.c.resource('BoardResource', 'update', { board_id: b.id, collaborator_invites_enabled: false })).httpStatus).toBe(403);
    expect((await accept(friend, b.id)).data.collaborator_count).toBe(2);
    expect((await friend.c.resource('BoardInvitesResource', 'get', { board_id: b.id, status: ['accepted'] })).data[1].invited_by_user.id).toBe(collab.id);
  });
});

describe('removing, cancelling and leaving', () => {
  it('the owner removes collaborators and cancels invites; the inviter cancels theirs; a collaborator leaves', async () => {
    const owner = await person('Mia Owner');
    const a = await person('Al Collab');
    const c = await person('Cy Collab');
    const pending = await person('Pat Pending');
    const other = await person('Ola Other');
    const b = await board(owner, 'Moodboard', { privacy: 'secret', collaborator_invites_enabled: true });
    await addCollaborator(owner.c, a.c, b.id, a.id);
    await addCollaborator(owner.c, c.c, b.id, c.id);
    await invite(a, b.id, pending.id);
    await invite(owner, b.id, other.id);

    // A collaborator cannot remove another collaborator, nor cancel an invite someone else sent.
    expect((await c.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: a.id })).httpStatus).toBe(403);
    expect((await c.c.resource('BoardInviteResource', 'delete', { board_id: b.id, user_id: pending.id })).httpStatus).toBe(403);
    // The inviter cancels the invite they sent.
    expect((await a.c.resource('BoardInviteResource', 'delete', { board_id: b.id, user_id: pending.id })).data.status).toBe('cancelled');
    expect((await accept(pending, b.id)).httpStatus).toBe(404);
    // The owner cancels another.
    expect((await owner.c.resource('BoardInviteResource', 'delete', { board_id: b.id, user_id: other.id })).httpStatus).toBe(200);
    expect((await owner.c.resource('BoardInviteResource', 'delete', { board_id: b.id, user_id: other.id })).httpStatus).toBe(404);

    // The owner removes a collaborator: the secret board is gone for them.
    expect((await owner.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: a.id })).httpStatus).toBe(200);
    expect((await a.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    // A collaborator leaves.
    expect((await c.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: c.id })).httpStatus).toBe(200);
    expect((await c.c.resource('BoardResource', 'get', { board_id: b.id })).httpStatus).toBe(404);
    const after = await owner.c.resource('BoardResource', 'get', { board_id: b.id });
    expect(after.data).toMatchObject({ is_collaborative: false, collaborator_count: 0, collaborating_users: [] });
    expect((await members(owner, b.id)).data).toEqual([]);
  });

  it('pages a long list of collaborators and invites', async () => {
    const owner = await person('Pam Pager');
    const b = await board(owner, 'Big group');
    const people: Person[] = [];
    for (let i = 0; i < 5; i++) people.push(await person(`Member ${i}`));
    for (const p of people.slice(0, 3)) await addCollaborator(owner.c, p.c, b.id, p.id);
    await invite(owner, b.id, ...people.slice(3).map((p) => p.id));
    const seen: string[] = [];
    let bookmark: string | undefined;
    do {
      const page = await members(owner, b.id, { page_size: 2, ...(bookmark ? { bookmark } : {}) });
      seen.push(...page.data.map((m: { invited_user: { id: string } }) => m.invited_user.id));
      bookmark = page.bookmark ?? undefined;
    } while (bookmark);
    expect(seen).toEqual(people.map((p) => p.id));
  });
});

describe('who may change sections', () => {
  it('the owner and collaborators rename, reorder and delete; others are refused', async () => {
    const owner = await person('Sue Sections');
    const collab = await person('Col Sections');
    const stranger = await person('Str Sections');
    const b = await board(owner, 'Kitchen');
    const secret = await board(owner, 'Hidden kitchen', { privacy: 'secret' });
    await addCollaborator(owner.c, collab.c, b.id, collab.id);
    const s1 = (await owner.c.resource('BoardSectionResource', 'create', { board_id: b.id, title: 'Tiles' })).data;
    const s2 = (await collab.c.resource('BoardSectionResource', 'create', { board_id: b.id, title: 'Taps' })).data;
    const hidden = (await owner.c.resource('BoardSectionResource', 'create', { board_id: secret.id, title: 'Hidden' })).data;
    await makePin(t.db, { pinnerId: owner.id, boardId: b.id, sectionId: s1.id, image });

    expect((await collab.c.resource('BoardSectionResource', 'update', { section_id: s1.id, title: 'Wall tiles' })).data.title).toBe('Wall tiles');
    expect((await collab.c.resource('BoardSectionResource', 'update', { section_id: s2.id, position: 0 })).httpStatus).toBe(200);
    const order = await owner.c.resource('BoardSectionsResource', 'get', { board_id: b.id });
    expect(order.data.map((s: { id: string }) => s.id)).toEqual([s2.id, s1.id]);
    expect((await owner.c.resource('BoardSectionResource', 'update', { section_id: s1.id, title: '   ' })).httpStatus).toBe(400);
    expect((await owner.c.resource('BoardSectionResource', 'update', { section_id: s1.id, title: 'x'.repeat(181) })).error?.message).toBe(
      'Please enter no more than 180 characters.',
    );

    for (const change of [{ title: 'Mine' }, { position: 1 }]) {
      expect((await stranger.c.resource('BoardSectionResource', 'update', { section_id: s1.id, ...change })).httpStatus).toBe(403);
    }
    expect((await stranger.c.resource('BoardSectionResource', 'delete', { section_id: s1.id })).httpStatus).toBe(403);
    expect((await stranger.c.resource('BoardSectionResource', 'update', { section_id: hidden.id, title: 'Mine' })).httpStatus).toBe(404);
    expect((await stranger.c.resource('BoardSectionResource', 'delete', { section_id: hidden.id })).httpStatus).toBe(404);
    expect((await t.client().resource('BoardSectionResource', 'delete', { section_id: s1.id })).httpStatus).toBe(401);

    const removed = await collab.c.resource('BoardSectionResource', 'delete', { section_id: s1.id });
    expect(removed.data).toMatchObject({ id: s1.id, moved_pin_count: 1 });
    const after = await owner.c.resource('BoardResource', 'get', { board_id: b.id });
    expect(after.data).toMatchObject({ section_count: 1, pin_count: 1 });

    // Once removed from the board, the former collaborator may no longer change its sections.
    await owner.c.resource('BoardCollaboratorResource', 'delete', { board_id: b.id, user_id: collab.id });
    expect((await collab.c.resource('BoardSectionResource', 'update', { section_id: s2.id, title: 'Mine' })).httpStatus).toBe(403);
  });
});
