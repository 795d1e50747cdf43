/**
 * The world the access matrix and the role-aware fuzz look at: one owner
 * whose profile is private, with
 *  - a secret board (canary name and description, a canary section, canary
 *    Pins) that one collaborator shares,
 *  - a protected board (canary name and section; visible by link to those
 *    who may see the owner's content, listed to the owner only),
 *  - a public board and a Pin saved to the profile, both canary: the private
 *    profile shows them to the owner and the follower only,
 *  - a conversation with the follower (canary text) with a message that
 *    carries a secret Pin, which the follower may not see,
 *  - a secret Pin and a private one marked as tried;
 *  - a Pin and a board removed by a moderator (canary titles and image), which no role sees;
 * and the roles: the owner, the collaborator on the secret board, a
 * follower of the private profile, an unrelated other person, a person the
 * owner blocked, and a signed-out visitor.
 *
 * Each canary class is a unique word that appears in the titles, names and
 * slugs of its things, plus the ids of those things; `mayNotSee(role)` says
 * which classes a role's answers must never contain. `restore()` puts the
 * world back after actions that change it (a deleted board, an unfollow, a
 * logged-out session), so that every check runs against the same world.
 */
import { newId } from '../../src/lib/ids';
import { makeTestImage } from '../../src/media-pipeline/test-images';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { DEFAULT_PASSWORD, makeComment, makePin, makeSection, makeStoredImage, type StoredImage } from '../../src/seed/factories';
import { addCollaborator } from '../collaborators';
import type { TestApp, TestClient, TestPerson } from '../test-app';

export const ROLES = ['owner', 'collaborator', 'follower', 'other', 'blocked', 'signedOut'] as const;
export type Role = (typeof ROLES)[number];

/** The canary words: unique, lowercase (they survive slugs), never produced by anything else. */
export const CANARY = {
  /** The secret board and everything on it: the owner and the collaborator only. */
  secret: 'qzsecretcanary',
  /** The private profile's content (its public board, its Pins, its conversation): the owner and the follower only. */
  private: 'qzprivatecanary',
  /** The protected board itself: its owner, and by link (the request names it) those who may see the owner's content. */
  protected: 'qzprotectedcanary',
  /** A Pin a moderator removed (decision 038), on the public board with its own image: no one sees it, its owner included. */
  removed: 'qzremovedcanary',
} as const;
export type CanaryClass = keyof typeof CANARY;
export const CANARY_CLASSES = Object.keys(CANARY) as CanaryClass[];

/** Classes whose canaries a role may see in any answer. */
const MAY_SEE: Record<Role, readonly CanaryClass[]> = {
  owner: ['secret', 'private', 'protected'],
  collaborator: ['secret'],
  follower: ['private'],
  other: [],
  blocked: [],
  signedOut: [],
};

/** Classes a role may see only in answers to a request that names the thing (its id or slug): a protected board is visible by link. */
const MAY_SEE_BY_LINK: Record<Role, readonly CanaryClass[]> = {
  owner: [],
  collaborator: [],
  follower: ['protected'],
  other: [],
  blocked: [],
  signedOut: [],
};

/** The same world with the owner's profile public: its content (the private class) is everyone's, the protected board anyone's by link. */
const MAY_SEE_PUBLIC_PROFILE: Record<Role, readonly CanaryClass[]> = {
  owner: ['secret', 'private', 'protected'],
  collaborator: ['secret', 'private'],
  follower: ['private'],
  other: ['private'],
  blocked: ['private'],
  signedOut: ['private'],
};

export interface World {
  t: TestApp;
  /** Whether the owner's profile is public (the fuzz's second world); private unless asked. */
  publicProfile: boolean;
  /** Classes whose canaries the role may see in any answer. */
  maySee(role: Role): readonly CanaryClass[];
  /** Classes the role may see only in answers to a request that names the thing. */
  maySeeByLink(role: Role): readonly CanaryClass[];
  image: StoredImage;
  /** The images of the secret Pins and of the private profile's Pins (their media addresses are canaries too). */
  secretImage: StoredImage;
  privateImage: StoredImage;
  /** A small JPEG as a data URL, for actions that take an image. */
  imageDataUrl: string;
  people: Record<Exclude<Role, 'signedOut'>, TestPerson>;
  /** The client each role sends with (signed in again by `restore` when an action ended its session). */
  clients: Record<Role, TestClient>;
  owner: TestPerson;
  secret: { boardId: string; slug: string; sectionId: string; pinIds: string[] };
  protectedBoard: { boardId: string; slug: string; sectionId: string; pinId: string };
  publicBoard: { boardId: string; slug: string; pinIds: string[] };
  boardlessPinId: string;
  /** The owner's comments on the first secret Pin and on the Pin saved to the private profile, and the owner's reply under the secret one (decision 090). */
  comments: { secret: string; private: string; secretReply: string };
  conversationId: string;
  /** Pins of the other person (public), for actions that need a Pin the role may see. */
  otherPinId: string;
  /** The owner's finished data export (decision 096), its ZIP in the media store. */
  ownerExportId: string;
  /** The owner's finished import of a Pinterest export (decision 094), with nothing left to retry. */
  ownerImportId: string;
  /** The owner's OAuth app (decision 099), with its one redirect URI. */
  ownerApp: { clientId: string; redirectUri: string };
  /** The owner's bulk upload draft (decision 098), still processing: its id, batch and tus upload. */
  draft: { id: string; batchId: string; uploadId: string };
  /** The strings and ids of each class, as they stand now. */
  canaries(): Record<CanaryClass, string[]>;
  /** What names the thing of each class in a request: its id or slug, or a section's id (a section's address is inside its board's). */
  links(): Record<CanaryClass, string[]>;
  /** `sessions`: also make sure every role's session still stands (after actions that log out or change passwords). */
  restore(o?: { sessions?: boolean }): Promise<void>;
}

const ORIGINAL = {
  secret: { name: `Plans ${CANARY.secret}`, description: `Surprise ${CANARY.secret} party` },
  protected: { name: `Drafts ${CANARY.protected}`, description: `Half done ${CANARY.protected}` },
  public: { name: `Garden ${CANARY.private}`, description: `Roses ${CANARY.private}` },
};

export async function buildWorld(t: TestApp, o: { publicProfile?: boolean } = {}): Promise<World> {
  const publicProfile = !!o.publicProfile;
  const image = await makeStoredImage(t.media, { seed: 4242, width: 160, height: 160 });
  const secretImage = await makeStoredImage(t.media, { seed: 4243, width: 160, height: 160 });
  const privateImage = await makeStoredImage(t.media, { seed: 4244, width: 160, height: 160 });
  const people = {
    owner: await t.person('Olive Owner', 'am'),
    collaborator: await t.person('Cole Collab', 'am'),
    follower: await t.person('Fay Follower', 'am'),
    other: await t.person('Otto Other', 'am'),
    blocked: await t.person('Bo Blocked', 'am'),
  };
  const owner = people.owner;
  const createBoard = async (o: { name: string; description: string; privacy: string }) => {
    const r = await owner.c.resource('BoardResource', 'create', o);
    if (r.httpStatus !== 200) throw new Error(`board: ${JSON.stringify(r)}`);
    return r.data as { id: string; slug: string };
  };
  const secretBoard = await createBoard({ ...ORIGINAL.secret, privacy: 'secret' });
  const protectedBoard = await createBoard({ ...ORIGINAL.protected, privacy: 'protected' });
  const publicBoard = await createBoard({ ...ORIGINAL.public, privacy: 'public' });
  const section = await owner.c.resource('BoardSectionResource', 'create', { board_id: secretBoard.id, title: `Menu ${CANARY.secret}` });
  if (section.httpStatus !== 200) throw new Error(`section: ${JSON.stringify(section)}`);
  const protectedSectionId = await makeSection(t.db, protectedBoard.id, `Part ${CANARY.protected}`);

  const pin = (boardId: string | null, title: string, sectionId: string | null = null) =>
    makePin(t.db, { pinnerId: owner.id, boardId, sectionId, image: title.includes(CANARY.secret) ? secretImage : privateImage, title, description: title });
  const secretPins = [await pin(secretBoard.id, `Cake ${CANARY.secret}`), await pin(secretBoard.id, `Balloons ${CANARY.secret}`, section.data.id)];
  // Pins on the protected board are the private profile's content; only the board itself is the protected canary.
  const protectedPinId = await pin(protectedBoard.id, `Sketch ${CANARY.private}`);
  const publicPins = [await pin(publicBoard.id, `Tulip ${CANARY.private}`)];
  const boardlessPinId = await pin(null, `Loose idea ${CANARY.private}`);
  const removedImage = await makeStoredImage(t.media, { seed: 4245, width: 160, height: 160 });
  const removedPinId = await makePin(t.db, {
    pinnerId: owner.id,
    boardId: publicBoard.id,
    image: removedImage,
    title: `Copied ${CANARY.removed}`,
    description: CANARY.removed,
  });
  await t.db.query(`UPDATE pins SET moderation = 'removed' WHERE id = $1`, [removedPinId]);
  await t.db.query('UPDATE boards SET pin_count = pin_count - 1 WHERE id = $1', [publicBoard.id]);
  const removedBoard = await createBoard({ name: `Taken ${CANARY.removed}`, description: CANARY.removed, privacy: 'public' });
  await t.db.query(`UPDATE boards SET moderation = 'removed' WHERE id = $1`, [removedBoard.id]);
  const otherPinId = await makePin(t.db, { pinnerId: people.other.id, boardId: null, image, title: 'A plain public pin' });
  const ownerImportId = newId();
  await t.db.query(`INSERT INTO imports (id, user_id, status, board_privacy, finished_at) VALUES ($1, $2, 'done', 'secret', now())`, [ownerImportId, owner.id]);
  const ownerApp = { clientId: '', redirectUri: 'https://world.example/callback' };
  ownerApp.clientId = (await t.services.oauth.registerApp(owner.id, { name: 'World app', redirect_uris: [ownerApp.redirectUri] })).client_id;
  const ownerExportId = newId();
  const exportKey = `exports/${owner.id}/${ownerExportId}_world.zip`;
  await t.media.put(exportKey, Buffer.from('PK\x05\x06'.padEnd(22, '\0')), 'application/zip');
  await t.db.query(
    `INSERT INTO exports (id, user_id, status, object_key, size_bytes, finished_at, expires_at) VALUES ($1, $2, 'done', $3, 22, now(), now() + interval '7 days')`,
    [ownerExportId, owner.id, exportKey],
  );
  const draft = { id: newId(), batchId: 'canarybatch', uploadId: 'canaryupload' };
  await t.db.query(`INSERT INTO pin_drafts (id, owner_id, batch_id, upload_id, status, title) VALUES ($1, $2, $3, $4, 'processing', $5)`, [
    draft.id,
    owner.id,
    draft.batchId,
    draft.uploadId,
    `Draft ${CANARY.secret}`,
  ]);
  const secretComment = await makeComment(t.db, { pinId: secretPins[0]!, authorId: owner.id, text: `Note ${CANARY.secret}` });
  const comments = {
    secret: secretComment,
    private: await makeComment(t.db, { pinId: boardlessPinId, authorId: owner.id, text: `Thought ${CANARY.private}` }),
    secretReply: await makeComment(t.db, { pinId: secretPins[0]!, authorId: owner.id, text: `Answer ${CANARY.secret}`, parentId: secretComment }),
  };

  await addCollaborator(owner.c, people.collaborator.c, secretBoard.id, people.collaborator.id);
  // The follower follows before the profile turns private (following a private profile needs its invite code).
  const followed = await people.follower.c.resource('UserFollowResource', 'create', { user_id: owner.id });
  if (followed.httpStatus !== 200) throw new Error(`follow: ${JSON.stringify(followed)}`);
  const conv = await owner.c.resource('ConversationsResource', 'create', { user_ids: [people.follower.id], text: `Psst ${CANARY.private}` });
  if (conv.httpStatus !== 200) throw new Error(`conversation: ${JSON.stringify(conv)}`);
  // A message carrying a secret Pin: its reader (the follower) may not see the Pin.
  const sent = await owner.c.resource('ConversationMessagesResource', 'create', { conversation_id: conv.data.id, text: 'Look', pin_id: secretPins[0] });
  if (sent.httpStatus !== 200) throw new Error(`message: ${JSON.stringify(sent)}`);
  // Tried Pins: a secret one and a private one.
  for (const pinId of [secretPins[0], boardlessPinId]) {
    const tried = await owner.c.resource('PinTriedResource', 'create', { pin_id: pinId });
    if (tried.httpStatus !== 200) throw new Error(`tried: ${JSON.stringify(tried)}`);
  }
  const priv = await owner.c.resource('UserResource', 'update', { is_private_profile: !publicProfile });
  if (priv.httpStatus !== 200) throw new Error(`private: ${JSON.stringify(priv)}`);
  const blocked = await owner.c.resource('UserBlockResource', 'create', { blocked_user_id: people.blocked.id });
  if (blocked.httpStatus !== 200) throw new Error(`block: ${JSON.stringify(blocked)}`);

  const [hashes] = [
    await t.db.query<{ id: string; password_hash: string; username: string; full_name: string }>(
      'SELECT id, password_hash, username, full_name FROM users WHERE id = ANY($1::bigint[])',
      [Object.values(people).map((p) => p.id)],
    ),
  ];
  const clients: Record<Role, TestClient> = {
    owner: owner.c,
    collaborator: people.collaborator.c,
    follower: people.follower.c,
    other: people.other.c,
    blocked: people.blocked.c,
    signedOut: t.client(),
  };
  const sessions = new Map<Role, string | undefined>(ROLES.map((r) => [r, clients[r].cookies.get(SESSION_COOKIE)]));

  const mediaBases = { secret: [secretImage.mediaBase], private: [privateImage.mediaBase] };
  let remade = 0;
  const world: World = {
    t,
    publicProfile,
    maySee: (role) => (publicProfile ? MAY_SEE_PUBLIC_PROFILE : MAY_SEE)[role],
    maySeeByLink: (role) => (publicProfile && role !== 'owner' ? ['protected'] : MAY_SEE_BY_LINK[role]),
    image,
    secretImage,
    privateImage,
    imageDataUrl: `data:image/jpeg;base64,${(await makeTestImage({ width: 64, height: 64, format: 'jpeg', seed: 7 })).toString('base64')}`,
    people,
    clients,
    owner,
    secret: { boardId: secretBoard.id, slug: secretBoard.slug, sectionId: section.data.id, pinIds: secretPins },
    protectedBoard: { boardId: protectedBoard.id, slug: protectedBoard.slug, sectionId: protectedSectionId, pinId: protectedPinId },
    publicBoard: { boardId: publicBoard.id, slug: publicBoard.slug, pinIds: publicPins },
    boardlessPinId,
    comments,
    conversationId: conv.data.id,
    otherPinId,
    ownerExportId,
    ownerImportId,
    ownerApp,
    draft,
    canaries() {
      return {
        secret: [
          CANARY.secret,
          ...mediaBases.secret,
          world.secret.boardId,
          world.secret.sectionId,
          ...world.secret.pinIds,
          world.comments.secret,
          world.comments.secretReply,
        ],
        private: [
          CANARY.private,
          ...mediaBases.private,
          world.publicBoard.boardId,
          ...world.publicBoard.pinIds,
          world.boardlessPinId,
          world.protectedBoard.pinId,
          world.conversationId,
          world.comments.private,
        ],
        protected: [CANARY.protected, world.protectedBoard.boardId, world.protectedBoard.sectionId],
        removed: [CANARY.removed, removedImage.mediaBase, removedPinId, removedBoard.id],
      };
    },
    links() {
      return {
        secret: [world.secret.boardId, world.secret.slug],
        private: [world.publicBoard.boardId, world.publicBoard.slug],
        protected: [world.protectedBoard.boardId, world.protectedBoard.slug, world.protectedBoard.sectionId],
        removed: [],
      };
    },
    async restore(o = {}) {
      const db = t.db;
      const ids = Object.values(people).map((p) => p.id);
      for (const h of hashes) {
        await db.query('UPDATE users SET password_hash = $2, username = $3, full_name = $4, is_private_profile = (id = $5 AND NOT $6) WHERE id = $1', [
          h.id,
          h.password_hash,
          h.username,
          h.full_name,
          owner.id,
          publicProfile,
        ]);
      }
      // Relations: exactly the follow, the block and the collaboration the world starts with; no invites.
      await db.query('DELETE FROM follows WHERE follower_id = ANY($1::bigint[]) OR followee_id = ANY($1::bigint[])', [ids]);
      await db.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [people.follower.id, owner.id]);
      await db.query('DELETE FROM blocks WHERE blocker_id = ANY($1::bigint[]) OR blocked_id = ANY($1::bigint[])', [ids]);
      await db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [owner.id, people.blocked.id]);
      await db.query('DELETE FROM board_follows WHERE user_id = ANY($1::bigint[])', [ids]);
      const boardIds = [world.secret.boardId, world.protectedBoard.boardId, world.publicBoard.boardId];
      await db.query('DELETE FROM board_collaborators WHERE board_id IN (SELECT id FROM boards WHERE owner_id = ANY($1::bigint[]))', [ids]);
      await db.query('INSERT INTO board_collaborators (board_id, user_id) VALUES ($1, $2)', [world.secret.boardId, people.collaborator.id]);
      await db.query('DELETE FROM board_invites WHERE board_id IN (SELECT id FROM boards WHERE owner_id = ANY($1::bigint[]))', [ids]);
      await db.query('DELETE FROM board_email_invites WHERE board_id IN (SELECT id FROM boards WHERE owner_id = ANY($1::bigint[]))', [ids]);
      // No notifications but the world's (decision 086): what earlier requests told the people is not the world's.
      // Each person has one from the owner about each canary class's Pin, board or comment: the read policy must
      // hide those the person may not see now, whatever the notification named when it was made.
      await db.query('DELETE FROM notifications WHERE recipient_id = ANY($1::bigint[])', [ids]);
      const aimed: { kind: string; pin?: string; board?: string; comment?: string }[] = [
        { kind: 'group_board_pin', pin: world.secret.pinIds[0], board: world.secret.boardId },
        { kind: 'comment', pin: world.secret.pinIds[0], comment: world.comments.secret },
        { kind: 'comment_reply', pin: world.secret.pinIds[0], comment: world.comments.secretReply },
        { kind: 'board_invite', board: world.protectedBoard.boardId },
        { kind: 'pin_saved', pin: world.protectedBoard.pinId },
        { kind: 'mention', pin: world.boardlessPinId, comment: world.comments.private },
        { kind: 'pin_saved', pin: world.publicBoard.pinIds[0], board: world.publicBoard.boardId },
      ];
      for (const person of Object.values(people)) {
        if (person.id === owner.id) continue;
        for (const [i, n] of aimed.entries()) {
          const id = newId();
          await db.query('INSERT INTO notifications (id, recipient_id, kind, agg_key, pin_id, board_id, comment_id) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
            id,
            person.id,
            n.kind,
            `world:${i}`,
            n.pin ?? null,
            n.board ?? null,
            n.comment ?? null,
          ]);
          await db.query('INSERT INTO notification_actors (notification_id, actor_id) VALUES ($1, $2)', [id, owner.id]);
        }
      }
      // The boards as they were.
      const privacy = ['secret', 'protected', 'public'];
      const original = [ORIGINAL.secret, ORIGINAL.protected, ORIGINAL.public];
      for (const [i, id] of boardIds.entries()) {
        await db.query('UPDATE boards SET deleted_at = NULL, archived_at = NULL, privacy = $2, name = $3, description = $4, owner_id = $5 WHERE id = $1', [
          id,
          privacy[i],
          original[i]!.name,
          original[i]!.description,
          owner.id,
        ]);
      }
      const sections = await db.query<{ id: string }>('SELECT id FROM board_sections WHERE id = ANY($1::bigint[])', [
        [world.secret.sectionId, world.protectedBoard.sectionId],
      ]);
      if (!sections.some((s) => s.id === world.secret.sectionId)) world.secret.sectionId = await makeSection(db, world.secret.boardId, `Menu ${CANARY.secret}`);
      else
        await db.query('UPDATE board_sections SET board_id = $2, title = $3 WHERE id = $1', [
          world.secret.sectionId,
          world.secret.boardId,
          `Menu ${CANARY.secret}`,
        ]);
      if (!sections.some((s) => s.id === world.protectedBoard.sectionId))
        world.protectedBoard.sectionId = await makeSection(db, world.protectedBoard.boardId, `Part ${CANARY.protected}`);
      else
        await db.query('UPDATE board_sections SET board_id = $2, title = $3 WHERE id = $1', [
          world.protectedBoard.sectionId,
          world.protectedBoard.boardId,
          `Part ${CANARY.protected}`,
        ]);
      // The canary Pins where they were (made again when deleted); copies of canary Pins made by saving go.
      const want: [string[], number, string | null, string, string | null][] = [
        [world.secret.pinIds, 0, world.secret.boardId, `Cake ${CANARY.secret}`, null],
        [world.secret.pinIds, 1, world.secret.boardId, `Balloons ${CANARY.secret}`, world.secret.sectionId],
        [world.publicBoard.pinIds, 0, world.publicBoard.boardId, `Tulip ${CANARY.private}`, null],
      ];
      const allPins = () => [...world.secret.pinIds, ...world.publicBoard.pinIds, world.boardlessPinId, world.protectedBoard.pinId];
      const present = new Set((await db.query<{ id: string }>('SELECT id FROM pins WHERE id = ANY($1::bigint[])', [allPins()])).map((r) => r.id));
      const fix = async (id: string, boardId: string | null, title: string, sectionId: string | null) => {
        const cls = title.includes(CANARY.secret) ? 'secret' : 'private';
        if (!present.has(id)) {
          // Deleting a Pin drops its stored image when no Pin uses it any more: the one made again gets a new image.
          const image = await makeStoredImage(t.media, { seed: 5000 + ++remade, width: 160, height: 160 });
          if (cls === 'secret') world.secretImage = image;
          else world.privateImage = image;
          mediaBases[cls].push(image.mediaBase);
          return makePin(db, { pinnerId: owner.id, boardId, sectionId, image, title, description: title });
        }
        await db.query('UPDATE pins SET board_id = $2, section_id = $3, title = $4, description = $4, pinner_id = $5 WHERE id = $1', [
          id,
          boardId,
          sectionId,
          title,
          owner.id,
        ]);
        return id;
      };
      for (const [list, i, boardId, title, sectionId] of want) list[i] = await fix(list[i]!, boardId, title, sectionId);
      world.boardlessPinId = await fix(world.boardlessPinId, null, `Loose idea ${CANARY.private}`, null);
      world.protectedBoard.pinId = await fix(world.protectedBoard.pinId, world.protectedBoard.boardId, `Sketch ${CANARY.private}`, null);
      await db.query(
        `DELETE FROM pins WHERE id <> ALL($1::bigint[]) AND (title LIKE '%qz%canary%' OR description LIKE '%qz%canary%' OR board_id = ANY($2::bigint[]))`,
        [allPins(), boardIds],
      );
      await db.query(`UPDATE boards b SET pin_count = (SELECT count(*) FROM pins p WHERE p.board_id = b.id) WHERE id = ANY($1::bigint[])`, [boardIds]);
      // The two canary comments as they were (made again when deleted); comments actions wrote on the canary Pins go.
      const wantComments = [
        ['secret', world.secret.pinIds[0]!, `Note ${CANARY.secret}`],
        ['private', world.boardlessPinId, `Thought ${CANARY.private}`],
      ] as const;
      for (const [cls, pinId, text] of wantComments) {
        const kept = await db.query('UPDATE pin_comments SET author_id = $3, text = $4 WHERE id = $1 AND pin_id = $2 RETURNING id', [
          world.comments[cls],
          pinId,
          owner.id,
          text,
        ]);
        if (kept.length === 0) world.comments[cls] = await makeComment(db, { pinId, authorId: owner.id, text });
      }
      // The reply under the secret comment (gone with it when it was deleted), and no hearts.
      const replyArgs = [world.comments.secretReply, world.secret.pinIds[0]!, owner.id, `Answer ${CANARY.secret}`, world.comments.secret];
      const keptReply = await db.query(
        'UPDATE pin_comments SET author_id = $3, text = $4, parent_id = $5 WHERE id = $1 AND pin_id = $2 RETURNING id',
        replyArgs,
      );
      if (keptReply.length === 0) {
        world.comments.secretReply = await makeComment(db, {
          pinId: world.secret.pinIds[0]!,
          authorId: owner.id,
          text: `Answer ${CANARY.secret}`,
          parentId: world.comments.secret,
        });
      }
      await db.query('DELETE FROM pin_comment_hearts WHERE comment_id = ANY($1::bigint[])', [Object.values(world.comments)]);
      await db.query('DELETE FROM pin_comments WHERE pin_id = ANY($1::bigint[]) AND id <> ALL($2::bigint[])', [allPins(), Object.values(world.comments)]);
      for (const pinId of [world.secret.pinIds[0]!, world.boardlessPinId]) {
        await db.query('INSERT INTO pin_tries (id, user_id, pin_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [newId(), owner.id, pinId]);
      }
      // Sessions an action ended (log out, log out everywhere, a password change) are made again.
      for (const role of ROLES) {
        if (role === 'signedOut') {
          clients.signedOut = t.client();
          continue;
        }
        const c = clients[role];
        const token = c.cookies.get(SESSION_COOKIE);
        const live = token && token === sessions.get(role) && (!o.sessions || (await c.resource('UserSessionResource', 'get')).data?.id === people[role].id);
        if (live) continue;
        const fresh = t.client();
        const r = await fresh.resource('UserSessionResource', 'create', { username_or_email: people[role].email, password: DEFAULT_PASSWORD });
        if (r.httpStatus !== 200) throw new Error(`log in ${role}: ${JSON.stringify(r)}`);
        clients[role] = fresh;
        sessions.set(role, fresh.cookies.get(SESSION_COOKIE));
      }
    },
  };
  // The world as every case finds it, its notifications included.
  await world.restore();
  return world;
}
