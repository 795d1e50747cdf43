/**
 * A profile's counts are the lengths of the lists they count, for every kind
 * of viewer: `board_count` is the number of boards the profile's board list
 * returns (and likewise the secret and archived groups), `pin_count` the
 * person's Pins feed, `quick_saves_pin_count` the boardless strip,
 * `follower_count` and `following_count` the two people lists. The owner has
 * public, secret, protected and archived boards, one shared with a
 * collaborator, and a boardless Pin; once with a public and once with a
 * private profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePin, makeStoredImage } from '../src/seed/factories';
import { addCollaborator } from './collaborators';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

type Viewer = 'owner' | 'collaborator' | 'follower' | 'other' | 'blocked' | 'anonymous';
type Kind = 'public' | 'private';
const VIEWERS: Viewer[] = ['owner', 'collaborator', 'follower', 'other', 'blocked', 'anonymous'];
let t: TestApp;
const clients = {} as Record<Kind, Record<Viewer, TestClient>>;

beforeAll(async () => {
  t = await buildTestApp();
  const image = await makeStoredImage(t.media, { seed: 47, width: 300, height: 300 });
  for (const kind of ['public', 'private'] as const) {
    const c = {} as Record<Viewer, TestClient>;
    const ids = {} as Record<Viewer, string>;
    for (const v of VIEWERS) {
      c[v] = t.client();
      if (v !== 'anonymous') ids[v] = (await c[v].signUp({ email: `pc-${kind}-${v}@example.com`, username: `pc${kind}${v}` })).id;
    }
    const { invite_code } = (await c.owner.resource('InviteCodeResource', 'get')).data;
    for (const v of ['collaborator', 'follower', 'blocked'] as const) {
      expect((await c[v].resource('UserFollowResource', 'create', { user_id: ids.owner, invite_code })).httpStatus).toBe(200);
    }
    await c.owner.resource('UserFollowResource', 'create', { user_id: ids.follower });
    const boards: Record<string, string> = {};
    for (const [name, privacy] of [
      ['open', 'public'],
      ['hidden', 'secret'],
      ['guarded', 'protected'],
      ['shared secret', 'secret'],
      ['shared guarded', 'protected'],
      ['old', 'public'],
      ['old hidden', 'secret'],
    ] as const) {
      const board = (await c.owner.resource('BoardResource', 'create', { name, privacy })).data;
      boards[name] = board.id;
      await makePin(t.db, { pinnerId: ids.owner, boardId: board.id, image, title: `${name} pin` });
    }
    await makePin(t.db, { pinnerId: ids.owner, boardId: null, image, title: 'boardless pin' });
    for (const name of ['shared secret', 'shared guarded', 'old hidden']) await addCollaborator(c.owner, c.collaborator, boards[name]!, ids.collaborator);
    for (const name of ['old', 'old hidden']) {
      expect((await c.owner.resource('BoardResource', 'update', { board_id: boards[name], archived: true })).httpStatus).toBe(200);
    }
    if (kind === 'private') await c.owner.resource('UserResource', 'update', { is_private_profile: true });
    await c.owner.resource('UserBlockResource', 'create', { blocked_user_id: ids.blocked });
    clients[kind] = c;
  }
});
afterAll(() => t.close());

const cells = (['public', 'private'] as const).flatMap((kind) => VIEWERS.map((viewer) => [kind, viewer] as const));

async function listLength(c: TestClient, resource: string, options: Record<string, unknown>) {
  const answer = await c.resource(resource, 'get', { ...options, page_size: 100 });
  return answer.httpStatus === 200 ? (answer.data as unknown[]).length : 0;
}

describe.each(cells)('%s profile read by %s', (kind, viewer) => {
  it('every count equals the length of the list it counts', async () => {
    const c = clients[kind][viewer];
    const username = `pc${kind}owner`;
    const profile = (await c.resource('UserResource', 'get', { username })).data;
    expect(profile.board_count).toBe(await listLength(c, 'BoardsResource', { username }));
    if (viewer === 'owner') {
      expect(profile.secret_board_count).toBe(await listLength(c, 'BoardsResource', { username, filter_types: ['SECRET'] }));
    }
    expect(profile.archived_board_count).toBe(await listLength(c, 'BoardsResource', { username, filter_types: ['ARCHIVED'] }));
    expect(profile.pin_count).toBe(await listLength(c, 'UserPinsResource', { username }));
    expect(profile.quick_saves_pin_count).toBe(await listLength(c, 'BoardlessPinsResource', { username }));
    expect(profile.follower_count).toBe(await listLength(c, 'UserFollowersResource', { username }));
    expect(profile.following_count).toBe(await listLength(c, 'UserFollowingResource', { username }));
  });

  it('the counts are what that viewer may list', async () => {
    const c = clients[kind][viewer];
    const profile = (await c.resource('UserResource', 'get', { username: `pc${kind}owner` })).data;
    const sees = kind === 'public' || viewer === 'owner' || viewer === 'follower' || viewer === 'collaborator';
    // Owner: all seven boards. Collaborator: open and the shared secret one (protected and archived boards are listed to the owner only).
    const boards = { owner: 7, collaborator: 2, follower: 1, other: 1, blocked: 1, anonymous: 1 }[viewer];
    expect(profile.board_count).toBe(sees ? boards : 0);
  });
});
