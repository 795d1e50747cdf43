/**
 * The route × role matrix (decision 026): for every resource action of the
 * registry and every /v3 route, the requests aimed at the canary world
 * (world.ts) and what each role gets: the HTTP status, and the canary
 * classes the body must contain. Whatever a role may not see (world.ts
 * MAY_SEE) must be absent from every body, declared or not.
 *
 * An outcome is a status, or a status and the classes the body must show:
 * `'200 secret'`. Helpers for the common shapes:
 *  - `only(roles, seen, denied)`: the listed roles get `seen`, the other
 *    signed-in roles `denied`, signed out 401 (or `denied` for reads that
 *    take no session).
 *  - `signedIn(ok)`: every signed-in role `ok`, signed out 401.
 *
 * A new resource action or /v3 route without an entry here fails the matrix
 * test; add an entry with at least one case aimed at a canary target when
 * the action takes one.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { DEFAULT_PASSWORD } from '../../src/seed/factories';
import { CANARY, type CanaryClass, type Role, type World } from './world';

export type Outcome = number | `${number}` | `${number} ${string}`;
export type Expect = Record<Role, Outcome>;
type Json = Record<string, unknown>;

export interface ResourceCase {
  /** What the case aims at, in words. */
  target: string;
  options: (w: World) => Json;
  expect: Expect;
}

export interface RouteCase {
  target: string;
  request: (w: World) => { url: string; payload?: Json };
  expect: Expect;
  /** The answer is a stream that stays open (server-sent events): only its status and headers are read. */
  stream?: boolean;
}

const rolesOf = (o: Partial<Record<Role, Outcome>>, rest: Outcome): Expect => ({
  owner: o.owner ?? rest,
  collaborator: o.collaborator ?? rest,
  follower: o.follower ?? rest,
  other: o.other ?? rest,
  blocked: o.blocked ?? rest,
  signedOut: o.signedOut ?? rest,
});

/** Every role the same. */
const all = (o: Outcome): Expect => rolesOf({}, o);
/** Signed-in roles `ok`, signed out 401 (with per-role exceptions). */
const signedIn = (ok: Outcome, except: Partial<Record<Role, Outcome>> = {}): Expect => rolesOf({ signedOut: 401, ...except }, ok);
/** Given roles as given, every other signed-in role `denied`, signed out `signedOut` (401 unless given). */
const only = (given: Partial<Record<Role, Outcome>>, denied: Outcome, signedOut: Outcome = 401): Expect => rolesOf({ signedOut, ...given }, denied);

/** A read of something on the secret board: its owner and collaborator see it, everyone else gets 404 as for something missing. */
const SECRET_READ = only({ owner: '200 secret', collaborator: '200 secret' }, 404, 404);
/** A read of the private profile's content: its owner and follower see it. */
const PRIVATE_READ = only({ owner: '200 private', follower: '200 private' }, 404, 404);

export function parseOutcome(o: Outcome): { status: number; sees: CanaryClass[] } {
  const [status, ...sees] = String(o).split(' ');
  return { status: Number(status), sees: sees as CanaryClass[] };
}

const wrongPassword = 'not the password at all';

/** A browser's push keys: a P-256 public key and a 16-byte auth secret (base64url). */
const pushBrowser = createECDH('prime256v1');
pushBrowser.generateKeys();
const PUSH_KEYS = { p256dh: pushBrowser.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };

export const RESOURCE_RULES: Record<string, ResourceCase[]> = {
  // auth
  'UserRegisterResource create': [
    {
      target: 'a new account',
      options: () => ({ email: `new${++fresh}@example.com`, password: 'a good long password', username: `amnew${fresh}` }),
      expect: all(200),
    },
  ],
  'UserSessionResource get': [{ target: 'the own session', options: () => ({}), expect: all(200) }],
  'UserSessionResource create': [
    { target: "the owner's account with a wrong password", options: (w) => ({ username_or_email: w.owner.email, password: wrongPassword }), expect: all(401) },
  ],
  'UserSessionResource delete': [{ target: 'the own session', options: () => ({}), expect: all(200) }],
  'UserPasswordResource update': [
    {
      target: 'the own password, wrong current one',
      options: () => ({ current_password: wrongPassword, new_password: 'another good password' }),
      expect: signedIn(400),
    },
  ],
  'UserSessionsResource delete': [{ target: 'every own session', options: () => ({}), expect: signedIn(200) }],
  // blocks
  'UserBlockResource create': [{ target: 'the owner', options: (w) => ({ blocked_user_id: w.owner.id }), expect: signedIn(200, { owner: 400 }) }],
  'UserBlockResource delete': [
    { target: 'the block on the blocked person', options: (w) => ({ blocked_user_id: w.people.blocked.id }), expect: signedIn(200, { blocked: 400 }) },
  ],
  // board invites
  'BoardInviteTokenResource get': [{ target: 'an unknown token', options: () => ({ token: 'bm90LWEtdG9rZW4tYXQtYWxsLW5vdC1hdC1hbGw' }), expect: all(404) }],
  'BoardInviteTokenResource update': [
    { target: 'an unknown token', options: () => ({ token: 'bm90LWEtdG9rZW4tYXQtYWxsLW5vdC1hdC1hbGw' }), expect: signedIn(404) },
  ],
  'BoardInvitesResource get': [
    {
      target: "the secret board's invites",
      options: (w) => ({ board_id: w.secret.boardId }),
      expect: { owner: 200, collaborator: 200, follower: 404, other: 404, blocked: 404, signedOut: 404 },
    },
    { target: 'the own invites', options: () => ({ current_user: true }), expect: signedIn(200) },
  ],
  'BoardInviteResource get': [{ target: 'an invite to the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: signedIn(404) }],
  'BoardInviteResource create': [
    {
      target: 'inviting the other person to the secret board',
      options: (w) => ({ board_id: w.secret.boardId, invited_user_ids: [w.people.other.id] }),
      expect: signedIn(404, { owner: 200, collaborator: 403 }),
    },
  ],
  'BoardInviteResource update': [
    { target: 'accepting an invite to the secret board', options: (w) => ({ board_id: w.secret.boardId, status: 'accepted' }), expect: signedIn(404) },
  ],
  'BoardInviteResource delete': [
    {
      target: "the other person's invite to the secret board",
      options: (w) => ({ board_id: w.secret.boardId, user_id: w.people.other.id }),
      expect: signedIn(404),
    },
  ],
  'BoardInviteSuggestionsResource get': [
    {
      target: 'people to invite to the secret board',
      options: (w) => ({ board_id: w.secret.boardId }),
      expect: signedIn(404, { owner: 200, collaborator: 403 }),
    },
  ],
  // boards
  'BoardResource get': [
    { target: 'the secret board by id', options: (w) => ({ board_id: w.secret.boardId }), expect: SECRET_READ },
    { target: 'the secret board by username and slug', options: (w) => ({ username: w.owner.username, slug: w.secret.slug }), expect: SECRET_READ },
    {
      target: 'the protected board by id',
      options: (w) => ({ board_id: w.protectedBoard.boardId }),
      expect: { owner: '200 protected', collaborator: 404, follower: '200 protected', other: 404, blocked: 404, signedOut: 404 },
    },
    { target: "the private profile's public board", options: (w) => ({ board_id: w.publicBoard.boardId }), expect: PRIVATE_READ },
  ],
  'BoardResource create': [
    { target: 'a new board', options: () => ({ name: `Fresh ${++fresh}` }), expect: signedIn(200) },
    {
      target: "a new board as the owner's account (orbac_subject_id): no one else holds access",
      options: (w) => ({ name: `As owner ${++fresh}`, orbac_subject_id: w.owner.id }),
      expect: signedIn(403, { owner: 200 }),
    },
  ],
  'BoardResource update': [
    {
      target: 'the secret board',
      options: (w) => ({ board_id: w.secret.boardId, description: 'changed' }),
      expect: signedIn(404, { owner: '200 secret', collaborator: 403 }),
    },
    {
      target: "the secret board as the owner's account",
      options: (w) => ({ board_id: w.secret.boardId, description: 'changed', orbac_subject_id: w.owner.id }),
      expect: signedIn(403, { owner: '200 secret' }),
    },
  ],
  'BoardResource delete': [
    { target: 'the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: signedIn(404, { owner: 200, collaborator: 403 }) },
  ],
  'BoardRestoreResource create': [{ target: 'the secret board (not deleted)', options: (w) => ({ board_id: w.secret.boardId }), expect: signedIn(404) }],
  'DeletedBoardsResource get': [{ target: 'the own deleted boards', options: () => ({}), expect: signedIn(200) }],
  'BoardCollaboratorResource delete': [
    {
      target: 'the collaborator of the secret board',
      options: (w) => ({ board_id: w.secret.boardId, user_id: w.people.collaborator.id }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  'BoardsResource get': [
    {
      target: "the owner's boards",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: '200 secret private protected', collaborator: '200 secret', follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  // bulk
  'PinMoveResource create': [
    {
      target: 'a secret Pin to the public board',
      options: (w) => ({ board_id: w.secret.boardId, new_board_id: w.publicBoard.boardId, pin_ids: [w.secret.pinIds[0]] }),
      expect: signedIn(404, { owner: '200 secret private' }),
    },
    {
      target: "a secret Pin to the public board as the owner's account",
      options: (w) => ({ board_id: w.secret.boardId, new_board_id: w.publicBoard.boardId, pin_ids: [w.secret.pinIds[0]], orbac_subject_id: w.owner.id }),
      expect: signedIn(403, { owner: '200 secret private' }),
    },
  ],
  'PinBulkDeleteResource delete': [
    {
      target: 'a secret Pin',
      options: (w) => ({ board_id: w.secret.boardId, pin_ids: [w.secret.pinIds[0]] }),
      expect: signedIn(404, { owner: 200, collaborator: 400 }),
    },
  ],
  // clusters
  'PinClusterResource get': [{ target: "the owner's Pin saved to the profile", options: (w) => ({ cluster_id: w.boardlessPinId }), expect: signedIn(404) }],
  'PinClusterResource update': [
    { target: "the owner's Pin to the secret board", options: (w) => ({ cluster_id: w.boardlessPinId, board_id: w.secret.boardId }), expect: signedIn(404) },
  ],
  // collages
  'CollageResource get': [{ target: 'an unknown collage', options: () => ({ id: '1' }), expect: signedIn(404) }],
  'CollageResource create': [
    {
      target: 'a collage of a secret Pin',
      options: (w) => ({ layers: [{ pin_id: w.secret.pinIds[0], x: 0, y: 0, width: 200, height: 200 }] }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  'CollageResource update': [
    {
      target: 'an unknown collage',
      options: (w) => ({ id: '1', layers: [{ pin_id: w.secret.pinIds[0], x: 0, y: 0, width: 200, height: 200 }] }),
      expect: signedIn(404),
    },
  ],
  'CollageResource delete': [{ target: 'an unknown collage', options: () => ({ id: '1' }), expect: signedIn(404) }],
  'CollagePublishResource create': [
    { target: 'an unknown collage to the secret board', options: (w) => ({ id: '1', board_id: w.secret.boardId }), expect: signedIn(404) },
  ],
  // bulk upload (decision 098): a draft is its owner's alone
  'BulkUploadResource get': [
    { target: "the owner's batch of drafts", options: (w) => ({ batch_id: w.draft.batchId }), expect: signedIn(200, { owner: '200 secret' }) },
  ],
  'BulkUploadResource update': [
    {
      target: "the owner's draft",
      options: (w) => ({ id: w.draft.id, title: `Draft ${CANARY.secret}` }),
      expect: signedIn(404, { owner: '200 secret' }),
    },
  ],
  'BulkUploadResource delete': [{ target: 'an unknown draft', options: () => ({ id: '1' }), expect: signedIn(404) }],
  'BulkUploadPublishResource create': [
    {
      target: "the owner's batch onto the secret board",
      options: (w) => ({ batch_id: w.draft.batchId, board_id: w.secret.boardId }),
      expect: signedIn(404, { owner: 200 }),
    },
  ],
  // experiences
  'ExperiencesResource get': [{ target: 'a placement', options: () => ({ placement_id: 1 }), expect: all(200) }],
  'ExperienceResource create': [{ target: 'an experience', options: () => ({ placement_id: 1, experience_id: 1 }), expect: signedIn(404) }],
  'ExperienceResource update': [{ target: 'an experience', options: () => ({ placement_id: 1, experience_id: 1 }), expect: signedIn(404) }],
  'ExperienceResource delete': [{ target: 'an experience', options: () => ({ placement_id: 1, experience_id: 1 }), expect: signedIn(404) }],
  // comments
  'PinCommentsResource get': [
    { target: "a secret Pin's comments", options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: SECRET_READ },
    { target: "the comments of the private profile's Pin saved to the profile", options: (w) => ({ pin_id: w.boardlessPinId }), expect: PRIVATE_READ },
    {
      target: "the replies to the owner's comment on a secret Pin",
      options: (w) => ({ pin_id: w.secret.pinIds[0], parent_id: w.comments.secret }),
      expect: SECRET_READ,
    },
  ],
  'PinCommentResource create': [
    {
      target: 'a comment on a secret Pin',
      options: (w) => ({ pin_id: w.secret.pinIds[0], text: 'Lovely' }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
    {
      target: "a comment on the private profile's Pin",
      options: (w) => ({ pin_id: w.boardlessPinId, text: 'Lovely' }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
    },
    {
      target: "a reply to the owner's comment on a secret Pin",
      options: (w) => ({ pin_id: w.secret.pinIds[0], parent_id: w.comments.secret, text: 'Agreed' }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
    {
      target: "a reply on the other person's Pin naming the secret comment",
      options: (w) => ({ pin_id: w.otherPinId, parent_id: w.comments.secret, text: 'Agreed' }),
      expect: signedIn(404),
    },
  ],
  'PinCommentResource delete': [
    {
      target: "the owner's comment on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secret }),
      expect: signedIn(404, { owner: 200, collaborator: 403 }),
    },
  ],
  'PinCommentReactionResource create': [
    {
      target: "a heart on the owner's comment on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secret }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
    {
      target: "a heart on the owner's reply on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secretReply }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
    {
      target: "a heart on the owner's comment on the private profile's Pin",
      options: (w) => ({ comment_id: w.comments.private }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
    },
  ],
  'PinCommentReactionResource delete': [
    {
      target: "the heart on the owner's comment on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secret }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  'PinCommentReportResource create': [
    {
      target: "the owner's comment on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secret, reason: 'spam' }),
      expect: signedIn(404, { owner: 400, collaborator: 200 }),
    },
  ],
  // favorites
  'PinFavoriteResource create': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 403 }) },
  ],
  'PinFavoriteResource delete': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 403 }) },
  ],
  // feeds
  'UserHomefeedResource get': [
    {
      target: 'the own home feed',
      options: () => ({}),
      expect: { owner: '200 secret private protected', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  'BoardFeedResource get': [
    { target: 'the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: SECRET_READ },
    { target: 'the secret section', options: (w) => ({ board_id: w.secret.boardId, section_id: w.secret.sectionId }), expect: SECRET_READ },
    {
      target: 'the protected board',
      options: (w) => ({ board_id: w.protectedBoard.boardId }),
      expect: { owner: '200 private protected', collaborator: 404, follower: '200 private', other: 404, blocked: 404, signedOut: 404 },
    },
    { target: "the private profile's public board", options: (w) => ({ board_id: w.publicBoard.boardId }), expect: PRIVATE_READ },
  ],
  'BoardlessPinsResource get': [
    {
      target: "the owner's Pins saved to the profile",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: '200 private', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  'UserVideoPinsResource get': [{ target: "the owner's video Pins", options: (w) => ({ username: w.owner.username }), expect: all(200) }],
  'UserStoryPinsResource get': [{ target: "the owner's Idea Pins", options: (w) => ({ username: w.owner.username }), expect: all(200) }],
  'UserCreatedPinsResource get': [
    {
      target: "the owner's created Pins",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: '200 secret private protected', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  'UserFilteredPinsResource get': [{ target: 'the own filtered Pins', options: () => ({}), expect: signedIn(200, { owner: '200 secret private protected' }) }],
  'UserPinsResource get': [
    {
      target: "the owner's Pins",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: '200 secret private protected', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  // follows
  'BoardFollowResource create': [
    {
      target: 'the secret board (its owner: their own board)',
      options: (w) => ({ board_id: w.secret.boardId }),
      expect: { owner: 400, collaborator: 200, follower: 404, other: 404, blocked: 404, signedOut: 401 },
    },
    {
      target: "the private profile's public board",
      options: (w) => ({ board_id: w.publicBoard.boardId }),
      expect: { owner: 400, collaborator: 404, follower: 200, other: 404, blocked: 404, signedOut: 401 },
    },
  ],
  'BoardFollowResource delete': [
    { target: 'the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: only({ owner: 200, collaborator: 200 }, 404) },
  ],
  'UserFollowResource create': [
    {
      target: 'the owner (private profile, no invite code)',
      options: (w) => ({ user_id: w.owner.id }),
      expect: { owner: 400, collaborator: 403, follower: 200, other: 403, blocked: 404, signedOut: 401 },
    },
  ],
  'UserFollowResource delete': [{ target: 'the owner', options: (w) => ({ user_id: w.owner.id }), expect: signedIn(200) }],
  'UserFollowersResource get': [
    {
      target: "the owner's followers",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: 200, collaborator: 404, follower: 200, other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'UserFollowingResource get': [
    {
      target: 'whom the owner follows',
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: 200, collaborator: 404, follower: 200, other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'InviteCodeResource get': [{ target: 'the own invite code', options: () => ({}), expect: signedIn(200) }],
  // messages
  'ConversationsResource get': [{ target: 'the own conversations', options: () => ({}), expect: signedIn(200) }],
  'ConversationsResource create': [
    {
      target: 'sending a secret Pin to the owner',
      options: (w) => ({ user_ids: [w.owner.id], text: 'look', pin_id: w.secret.pinIds[0] }),
      expect: signedIn(404, { owner: 400, collaborator: '200 secret' }),
    },
  ],
  'ConversationResource get': [
    {
      target: "the owner's conversation with the follower",
      options: (w) => ({ conversation_id: w.conversationId }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
    },
  ],
  'ConversationMessagesResource get': [
    {
      target: "the owner's conversation with the follower",
      options: (w) => ({ conversation_id: w.conversationId }),
      expect: signedIn(404, { owner: '200 private', follower: '200 private' }),
    },
  ],
  'ConversationMessagesResource create': [
    {
      target: "the owner's conversation with the follower",
      options: (w) => ({ conversation_id: w.conversationId, text: 'hello' }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
    },
  ],
  'ShareSuggestionsResource get': [{ target: 'the own share suggestions', options: () => ({}), expect: signedIn(200) }],
  // notifications (decision 086): only the viewer's own; what they name is checked again at every read (notifications.test.ts)
  'NotificationsResource get': [{ target: 'the own notifications', options: () => ({}), expect: signedIn(200) }],
  'NotificationsResource update': [
    { target: 'marking the own notifications read', options: () => ({ read: true }), expect: signedIn(200) },
    { target: "marking someone else's notification read (left alone)", options: () => ({ read: true, ids: ['1'] }), expect: signedIn(200) },
  ],
  'NotificationCountResource get': [{ target: 'the own unread count', options: () => ({}), expect: signedIn(200) }],
  'NotificationSettingsResource get': [{ target: 'the own notification settings', options: () => ({}), expect: signedIn(200) }],
  'NotificationSettingsResource update': [{ target: 'the own notification settings', options: () => ({ follow: { email: false } }), expect: signedIn(200) }],
  // partner
  'PartnerProfileResource update': [{ target: 'the own partner details', options: () => ({ enable_profile_message: true }), expect: signedIn(403) }],
  'BusinessAccountResource create': [{ target: 'the own account', options: () => ({}), expect: signedIn(200) }],
  'BusinessAccountResource delete': [{ target: 'the own account', options: () => ({}), expect: signedIn(200) }],
  'WebsiteClaimResource get': [{ target: 'the own website claim', options: () => ({}), expect: signedIn(200) }],
  'WebsiteClaimResource create': [{ target: 'the own website claim', options: () => ({}), expect: signedIn(400) }],
  'ProfileCoverResource create': [{ target: 'a secret Pin as cover (no image)', options: () => ({}), expect: signedIn(400) }],
  'ProfileCoverResource delete': [{ target: 'the own cover', options: () => ({}), expect: signedIn(403) }],
  'VerifiedMerchantResource get': [{ target: "the owner's badges", options: (w) => ({ userId: w.owner.id }), expect: all(404) }],
  'VerifiedMerchantResource update': [
    { target: "the owner's badges", options: (w) => ({ userId: w.owner.id, inspirational_badge_selection: {} }), expect: signedIn(400) },
  ],
  // ads (no role of the world is a business: none has an ad account)
  'AdvertiserResource get': [{ target: 'the own ad accounts', options: () => ({}), expect: signedIn(200) }],
  'AdvertiserResource create': [
    { target: 'an ad account for a personal account', options: () => ({ name: 'Ads', country: 'US', currency: 'USD' }), expect: signedIn(403) },
  ],
  'CampaignsResource get': [{ target: 'an unknown ad account', options: () => ({ advertiser_id: '1' }), expect: signedIn(404) }],
  'CampaignResource update': [{ target: 'an unknown campaign', options: () => ({ campaign_id: '1', status: 'PAUSED' }), expect: signedIn(404) }],
  'AdvertiserReportResource get': [
    {
      target: 'an unknown ad account',
      options: () => ({ advertiser_id: '1', level: 'campaigns', start_date: '2026-01-01', end_date: '2026-01-31' }),
      expect: signedIn(404),
    },
  ],
  'AdvertiserBillingResource get': [{ target: 'an unknown ad account', options: () => ({ advertiser_id: '1' }), expect: signedIn(404) }],
  'BoardAdsResource get': [
    { target: 'the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: signedIn(404, { owner: 200, collaborator: 200 }) },
  ],
  'PromotedPinEventResource create': [
    { target: 'a secret Pin (never an ad)', options: (w) => ({ pin_id: w.secret.pinIds[0], event: 'save' }), expect: signedIn(200) },
  ],
  // picker
  'BoardPickerBoardsResource get': [
    { target: 'the own boards to save to', options: () => ({}), expect: signedIn(200, { owner: '200 secret private protected', collaborator: '200 secret' }) },
  ],
  'BoardPickerBoardsShortlistResource get': [
    {
      target: 'the shortlist for a secret Pin',
      options: (w) => ({ pin_id: w.secret.pinIds[0] }),
      expect: signedIn(404, { owner: '200 secret private', collaborator: '200 secret' }),
    },
  ],
  'BoardTitleSuggestionsResource get': [
    { target: 'names for a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 200 }) },
    {
      target: "names for the private profile's Pin saved to the profile",
      options: (w) => ({ pin_id: w.boardlessPinId }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
    },
  ],
  // pin builder
  'PinBuilderResource get': [{ target: 'a private address', options: () => ({ link: 'http://127.0.0.1:1/' }), expect: signedIn(400) }],
  // pin hides
  'PinHideResource create': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 400, collaborator: 200 }) },
  ],
  'PinHideResource delete': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 400, collaborator: 200 }) },
  ],
  // push (decision 088): a browser's subscription is its subscriber's; another's endpoint answers as an unknown one
  'PushSubscriptionResource create': [
    { target: 'a browser of the own', options: () => ({ endpoint: 'https://push.example.com/send/matrix', keys: PUSH_KEYS }), expect: signedIn(200) },
  ],
  'PushSubscriptionResource delete': [
    { target: 'an endpoint no one subscribed', options: () => ({ endpoint: 'https://push.example.com/send/nobody' }), expect: signedIn(404) },
  ],
  // OAuth apps (decision 099): an app is its owner's alone (another's, like an unknown one, is 404); the consent
  // request names the app to anyone signed in; connected apps are one's own.
  'OAuthAppResource get': [{ target: "the owner's app", options: (w) => ({ client_id: w.ownerApp.clientId }), expect: only({ owner: 200 }, 404) }],
  'OAuthAppResource create': [
    { target: 'a new app', options: () => ({ name: 'Matrix app', redirect_uris: ['https://matrix.example/cb'] }), expect: signedIn(200) },
  ],
  'OAuthAppResource update': [
    { target: "the owner's app", options: (w) => ({ client_id: w.ownerApp.clientId, name: 'World app' }), expect: only({ owner: 200 }, 404) },
  ],
  'OAuthAppResource delete': [{ target: 'an app no one has', options: () => ({ client_id: '4242' }), expect: signedIn(404) }],
  'OAuthAppsResource get': [{ target: 'the own apps', options: () => ({}), expect: signedIn(200) }],
  'OAuthAppSecretResource create': [{ target: "the owner's app", options: (w) => ({ client_id: w.ownerApp.clientId }), expect: only({ owner: 200 }, 404) }],
  'OAuthConsentResource get': [
    {
      target: "a request for the owner's app",
      options: (w) => ({ client_id: w.ownerApp.clientId, redirect_uri: w.ownerApp.redirectUri, response_type: 'code', scope: 'pins:read' }),
      expect: signedIn(200),
    },
  ],
  'OAuthConsentResource create': [
    {
      target: "denying the owner's app",
      options: (w) => ({ client_id: w.ownerApp.clientId, redirect_uri: w.ownerApp.redirectUri, response_type: 'code', scope: 'pins:read', allow: false }),
      expect: signedIn(200),
    },
  ],
  'OAuthConnectedAppResource get': [{ target: 'the own connected apps', options: () => ({}), expect: signedIn(200) }],
  'OAuthConnectedAppResource delete': [{ target: 'an app not connected', options: (w) => ({ client_id: w.ownerApp.clientId }), expect: signedIn(404) }],
  // today (no one in the world is staff)
  'TodayArticleResource get': [{ target: 'an article that does not exist', options: () => ({ id: '4242' }), expect: all(404) }],
  'TodayArticleResource create': [
    { target: 'an article with a secret Pin', options: (w) => ({ title: 'Picks', pin_ids: [w.secret.pinIds[0]] }), expect: signedIn(403) },
  ],
  'TodayArticleResource update': [{ target: 'an article', options: () => ({ id: '4242', title: 'Picks' }), expect: signedIn(403) }],
  'TodayArticleResource delete': [{ target: 'an article', options: () => ({ id: '4242' }), expect: signedIn(403) }],
  'TodayArticlesResource get': [{ target: 'the index', options: () => ({}), expect: all(200) }],
  // topics
  'InterestsResource get': [{ target: 'the catalogue', options: () => ({}), expect: all(200) }],
  'InterestFollowResource create': [{ target: 'a topic', options: () => ({ interest_id: '1' }), expect: signedIn(200) }],
  'InterestFollowResource delete': [{ target: 'a topic', options: () => ({ interest_id: '1' }), expect: signedIn(200) }],
  'UserInterestsResource update': [
    { target: 'the own topics, too few', options: () => ({ interest_ids: ['1'] }), expect: signedIn(400) },
    { target: 'the own topics', options: () => ({ interest_ids: ['1', '2', '3'] }), expect: signedIn(200) },
  ],
  'UserInterestsResource get': [
    { target: "the owner's followed topics (private profile)", options: (w) => ({ username: w.owner.username }), expect: all(200) },
  ],
  'IdeaPageResource get': [{ target: 'an idea category', options: () => ({ slug: 'art' }), expect: all(200) }],
  'IdeasFeedResource get': [{ target: "an idea category's Pins", options: () => ({ slug: 'art' }), expect: all(200) }],
  'RelatedPinsResource get': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: SECRET_READ },
    {
      target: "the private profile's Pin saved to the profile",
      options: (w) => ({ pin_id: w.boardlessPinId }),
      expect: only({ owner: 200, follower: 200 }, 404, 404),
    },
  ],
  // duplicates (decision 095)
  'SameImagePinsResource get': [
    // Its owner and collaborator read it; whether it holds the other secret Pin depends on the world's restores (a Pin made again has its own image).
    {
      target: 'Pins of the same picture as a secret Pin',
      options: (w) => ({ pin_id: w.secret.pinIds[0] }),
      expect: only({ owner: 200, collaborator: 200 }, 404, 404),
    },
    {
      target: 'Pins of the same picture as a Pin of the private profile',
      options: (w) => ({ pin_id: w.publicBoard.pinIds[0] }),
      expect: only({ owner: '200 private', follower: '200 private' }, 404, 404),
    },
  ],
  'AlreadySavedResource get': [
    {
      target: 'the boards already holding a secret Pin’s picture',
      options: (w) => ({ pin_id: w.secret.pinIds[0] }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  // pins
  'PinResource get': [
    { target: 'a secret Pin', options: (w) => ({ id: w.secret.pinIds[0] }), expect: SECRET_READ },
    { target: "the private profile's Pin saved to the profile", options: (w) => ({ id: w.boardlessPinId }), expect: PRIVATE_READ },
    {
      target: 'a Pin on the protected board',
      options: (w) => ({ id: w.protectedBoard.pinId }),
      expect: { owner: '200 private protected', collaborator: 404, follower: '200 private', other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'PinResource create': [
    {
      target: 'a new Pin on the secret board',
      options: (w) => ({ board_id: w.secret.boardId, title: 'New', image_base64: w.imageDataUrl }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
    {
      target: "a new Pin on the secret board as the owner's account",
      options: (w) => ({ board_id: w.secret.boardId, title: 'New', image_base64: w.imageDataUrl, orbac_subject_id: w.owner.id }),
      expect: signedIn(403, { owner: '200 secret' }),
    },
  ],
  // two-factor sign-in
  'UserMfaResource get': [{ target: 'the own two-factor state', options: () => ({}), expect: signedIn(200) }],
  'UserMfaResource create': [{ target: 'a new enrolment of the own account', options: () => ({}), expect: signedIn(200) }],
  'UserMfaResource update': [{ target: 'the own enrolment, wrong code', options: () => ({ code: '000000' }), expect: signedIn(400) }],
  'UserMfaResource delete': [
    {
      target: 'the own two-factor sign-in, which is off (the right password)',
      options: () => ({ code: '000000', password: DEFAULT_PASSWORD }),
      expect: signedIn(400),
    },
  ],
  // business access: the owner's account is a business of its own, and no one else holds access to it
  'BusinessAccessResource get': [
    { target: "the owner's account's people", options: (w) => ({ business_id: w.owner.id }), expect: signedIn(403, { owner: 400 }) },
  ],
  'BusinessAccessResource create': [
    {
      target: "access to the owner's account for the follower",
      options: (w) => ({ business_id: w.owner.id, user_id: w.people.follower.id, permissions: ['ADMIN'] }),
      expect: signedIn(403, { owner: 400 }),
    },
  ],
  'BusinessAccessResource delete': [
    {
      target: "the follower's access to the owner's account",
      options: (w) => ({ business_id: w.owner.id, user_id: w.people.follower.id }),
      expect: signedIn(403, { owner: 400, follower: 400 }),
    },
  ],
  // acting as (decision 059): the session's own choice; no one else holds access to the owner's account
  'BusinessActingResource get': [{ target: 'the profile the own session acts as', options: () => ({}), expect: signedIn(200) }],
  'BusinessActingResource update': [
    { target: "acting as the owner's account", options: (w) => ({ business_id: w.owner.id }), expect: signedIn(403, { owner: 200 }) },
    { target: 'acting as oneself', options: () => ({ business_id: null }), expect: signedIn(200) },
  ],
  'StoryPinResource create': [
    {
      target: 'a new Idea Pin on the secret board',
      options: (w) => ({
        board_id: w.secret.boardId,
        title: 'New',
        pages: [
          {
            blocks: [
              { type: 'story_pin_image_block', image_base64: w.imageDataUrl },
              { type: 'story_pin_paragraph_block', text: 'Hi' },
            ],
          },
        ],
      }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  'StoryPinResource update': [
    { target: 'a secret Pin (not an Idea Pin)', options: (w) => ({ id: w.secret.pinIds[0], title: 'edited' }), expect: signedIn(404) },
  ],
  'StoryPinMediaResource create': [{ target: "one's own page upload", options: (w) => ({ image_base64: w.imageDataUrl }), expect: signedIn(200) }],
  'StoryPinMediaResource get': [{ target: 'an upload that is no one’s', options: () => ({ id: '1' }), expect: signedIn(404) }],
  'PinResource update': [
    {
      target: 'a secret Pin',
      options: (w) => ({ id: w.secret.pinIds[0], description: 'edited' }),
      expect: signedIn(404, { owner: '200 secret', collaborator: 403 }),
    },
  ],
  'PinResource delete': [{ target: 'a secret Pin', options: (w) => ({ id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 403 }) }],
  'RepinResource create': [
    {
      target: 'saving a secret Pin to the own profile',
      options: (w) => ({ pin_id: w.secret.pinIds[0] }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  // reports
  'UserSettingsResource get': [{ target: 'the own settings', options: () => ({}), expect: signedIn(200) }],
  'UserSettingsResource update': [{ target: 'the own settings', options: () => ({ comments_default_off: false }), expect: signedIn(200) }],
  'UnauthEventResource create': [
    { target: 'a scroll on the home feed', options: () => ({ event: 'scroll_down_trigger', page_kind: 'home' }), expect: all(200) },
  ],
  'EntrySignupsResource get': [{ target: 'the staff statistics', options: () => ({}), expect: signedIn(404) }],
  'SocialTrackingIdResource get': [{ target: "the owner's tracking id", options: (w) => ({ user_id: w.owner.id }), expect: signedIn(403, { owner: 200 }) }],
  'UserReportResource create': [
    { target: 'reporting the owner', options: (w) => ({ user_id: w.owner.id, reason: 'spam' }), expect: signedIn(200, { owner: 400 }) },
    {
      target: 'reporting a secret Pin',
      options: (w) => ({ pin_id: w.secret.pinIds[0], reason: 'spam' }),
      expect: signedIn(404, { owner: 400, collaborator: 200 }),
    },
    {
      target: "reporting the owner's comment on a secret Pin",
      options: (w) => ({ comment_id: w.comments.secret, reason: 'spam' }),
      expect: signedIn(404, { owner: 400, collaborator: 200 }),
    },
  ],
  'ModerationQueueResource get': [{ target: 'the moderation queue (staff only)', options: () => ({}), expect: signedIn(403) }],
  'ModerationDecisionResource create': [
    {
      target: 'removing a secret Pin by an unknown report (staff only)',
      options: () => ({ report_id: '1', decision: 'remove', statement_of_reasons: 'r' }),
      expect: signedIn(403),
    },
  ],
  'ModerationNoticesResource get': [{ target: 'the own notices', options: () => ({}), expect: signedIn(200) }],
  'ModerationAppealResource create': [
    { target: 'contesting an unknown decision', options: () => ({ decision_id: '1', text: 'wrong' }), expect: signedIn(404) },
  ],
  'TransparencyReportResource get': [{ target: 'the transparency report (staff only)', options: () => ({}), expect: signedIn(403) }],
  // admin (staff only; no one in the world is staff: everyone is answered as for a resource that does not exist)
  'AdminOverviewResource get': [{ target: 'the admin page (staff only)', options: () => ({}), expect: all(404) }],
  'AdminJobRetryResource create': [
    { target: 'retrying a failed job (staff only)', options: () => ({ queue: 'mail', id: '00000000-0000-4000-8000-000000000000' }), expect: all(404) },
  ],
  'AdminJobDiscardResource create': [
    { target: 'discarding a failed job (staff only)', options: () => ({ queue: 'mail', id: '00000000-0000-4000-8000-000000000000' }), expect: all(404) },
  ],
  // search
  'BaseSearchResource get': [
    {
      target: 'secret Pins (by a word of their titles)',
      options: () => ({ query: 'cake', scope: 'pins' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'the secret board (by a word of its name)',
      options: () => ({ query: 'plans', scope: 'boards' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'the protected board (by a word of its name)',
      options: () => ({ query: 'drafts', scope: 'boards' }),
      expect: { owner: '200 protected', collaborator: 200, follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: "the private profile's Pins",
      options: () => ({ query: 'tulip', scope: 'pins' }),
      expect: { owner: '200 private', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  'SearchTypeaheadResource get': [
    {
      target: 'the secret board',
      options: () => ({ term: 'plans' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'the protected board',
      options: () => ({ term: 'drafts' }),
      expect: { owner: '200 protected', collaborator: 200, follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  // search that understands (decision 084): the same world through the new names, stemmed and corrected
  'SearchResource get': [
    {
      target: 'secret Pins (by a word of their titles, in another form)',
      options: () => ({ query: 'cakes', scope: 'pins' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'the secret board (by a word of its name)',
      options: () => ({ query: 'plans', scope: 'boards' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'the protected board (by a word of its name)',
      options: () => ({ query: 'drafts', scope: 'boards' }),
      expect: { owner: '200 protected', collaborator: 200, follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: "the private profile's Pins",
      options: () => ({ query: 'tulips', scope: 'pins' }),
      expect: { owner: '200 private', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
    {
      target: 'secret Pins among the own Pins',
      options: () => ({ query: 'cake', scope: 'my_pins' }),
      expect: signedIn(200, { owner: '200 secret' }),
    },
  ],
  'SearchSuggestionsResource get': [
    {
      target: 'the secret board while typing',
      options: () => ({ query: 'plans' }),
      expect: { owner: '200 secret', collaborator: '200 secret', follower: 200, other: 200, blocked: 200, signedOut: 200 },
    },
    { target: 'recent and trending searches', options: () => ({ query: '' }), expect: all(200) },
  ],
  'RecentSearchesResource delete': [{ target: 'the own recent searches', options: () => ({}), expect: signedIn(200) }],
  // sections
  'BoardSectionResource get': [
    { target: 'the secret section by id', options: (w) => ({ section_id: w.secret.sectionId }), expect: SECRET_READ },
    {
      target: 'the protected section by id',
      options: (w) => ({ section_id: w.protectedBoard.sectionId }),
      expect: { owner: '200 protected', collaborator: 404, follower: '200 protected', other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  // Only the owner and a collaborator order the secret board's Pins; to everyone else the board is missing (404).
  'BoardPinOrderResource update': [
    {
      target: 'a Pin on the secret board',
      options: (w) => ({ board_id: w.secret.boardId, pin_id: w.secret.pinIds[0], after_pin_id: w.secret.pinIds.at(-1) }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  'BoardSectionResource create': [
    {
      target: 'a section on the secret board',
      options: (w) => ({ board_id: w.secret.boardId, title: `New ${++fresh}` }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  'BoardSectionResource update': [
    {
      target: 'the secret section',
      options: (w) => ({ section_id: w.secret.sectionId, position: 1 }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  'BoardSectionResource delete': [
    { target: 'the secret section', options: (w) => ({ section_id: w.secret.sectionId }), expect: signedIn(404, { owner: 200, collaborator: 200 }) },
  ],
  'BoardSectionsResource get': [
    { target: 'the secret board', options: (w) => ({ board_id: w.secret.boardId }), expect: SECRET_READ },
    {
      target: 'the protected board',
      options: (w) => ({ board_id: w.protectedBoard.boardId }),
      expect: { owner: '200 protected', collaborator: 404, follower: '200 protected', other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'BoardSectionsRepinResource get': [
    {
      target: 'the secret board',
      options: (w) => ({ board_id: w.secret.boardId }),
      expect: signedIn(404, { owner: '200 secret', collaborator: '200 secret' }),
    },
  ],
  // tried
  'PinTriedResource get': [
    {
      target: 'a secret Pin',
      options: (w) => ({ pin_id: w.secret.pinIds[0] }),
      expect: { owner: 200, collaborator: 200, follower: 404, other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'PinTriedResource create': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 200 }) },
  ],
  'PinTriedResource delete': [
    { target: 'a secret Pin', options: (w) => ({ pin_id: w.secret.pinIds[0] }), expect: signedIn(404, { owner: 200, collaborator: 200 }) },
  ],
  'UserTriedPinsResource get': [
    {
      target: "the owner's tried Pins",
      options: (w) => ({ username: w.owner.username }),
      expect: { owner: '200 secret private', collaborator: 200, follower: '200 private', other: 200, blocked: 200, signedOut: 200 },
    },
  ],
  // users
  'UserResource get': [{ target: "the owner's profile", options: (w) => ({ username: w.owner.username }), expect: all(200) }],
  'UserResource update': [{ target: 'the own profile', options: () => ({ about: 'hi' }), expect: signedIn(200) }],
  'UserMetadataResource get': [{ target: 'the own metadata', options: () => ({}), expect: signedIn(200) }],
  'UserMetadataResource update': [{ target: 'the own metadata', options: () => ({ board_pin_rep_view_type: 'compact' }), expect: signedIn(400) }],
};

/** Plain routes by "METHOD path" as Fastify lists them. */
export const ROUTE_RULES: Record<string, RouteCase[]> = {
  'GET /v3/pins/:id/board_title_suggestions/': [
    {
      target: 'names for a secret Pin',
      request: (w) => ({ url: `/v3/pins/${w.secret.pinIds[0]}/board_title_suggestions/` }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  'GET /v3/pins/:id/same_image/': [
    {
      target: 'Pins of the same picture as a secret Pin',
      request: (w) => ({ url: `/v3/pins/${w.secret.pinIds[0]}/same_image/` }),
      expect: only({ owner: 200, collaborator: 200 }, 404, 404),
    },
    {
      target: 'Pins of the same picture as a Pin of the private profile',
      request: (w) => ({ url: `/v3/pins/${w.publicBoard.pinIds[0]}/same_image/` }),
      expect: only({ owner: '200 private', follower: '200 private' }, 404, 404),
    },
  ],
  'GET /v3/pins/already_saved/': [
    {
      target: 'the boards already holding a secret Pin’s picture',
      request: (w) => ({ url: `/v3/pins/already_saved/?pin_id=${w.secret.pinIds[0]}` }),
      expect: signedIn(404, { owner: 200, collaborator: 200 }),
    },
  ],
  'GET /v3/pins/:id/': [
    { target: 'a secret Pin', request: (w) => ({ url: `/v3/pins/${w.secret.pinIds[0]}/` }), expect: SECRET_READ },
    {
      target: 'a Pin on the protected board',
      request: (w) => ({ url: `/v3/pins/${w.protectedBoard.pinId}/` }),
      expect: { owner: '200 private protected', collaborator: 404, follower: '200 private', other: 404, blocked: 404, signedOut: 404 },
    },
  ],
  'GET /v3/pin-builder/image-preview/': [
    { target: 'a private address', request: () => ({ url: '/v3/pin-builder/image-preview/?url=http%3A%2F%2F127.0.0.1%3A1%2Fa.png' }), expect: signedIn(400) },
  ],
  'GET /v3/users/me/filtered/pins/': [
    { target: 'the own Pins', request: () => ({ url: '/v3/users/me/filtered/pins/' }), expect: signedIn(200, { owner: '200 secret private protected' }) },
  ],
  'GET /v3/boards/:board_id/pincode/': [
    {
      target: "the secret board's Pincode",
      request: (w) => ({ url: `/v3/boards/${w.secret.boardId}/pincode/` }),
      expect: only({ owner: 200, collaborator: 200 }, 404),
    },
    // The public board is on the private profile: its owner's followers see it.
    {
      target: "the public board's Pincode",
      request: (w) => ({ url: `/v3/boards/${w.publicBoard.boardId}/pincode/` }),
      expect: only({ owner: 200, follower: 200 }, 404),
    },
  ],
  'GET /v3/users/:username/pincode/': [
    { target: "the owner's Pincode", request: (w) => ({ url: `/v3/users/${w.owner.username}/pincode/` }), expect: signedIn(200) },
  ],
  'GET /v3/users/me/shuffles/': [{ target: 'the own collages', request: () => ({ url: '/v3/users/me/shuffles/' }), expect: signedIn(200) }],
  'GET /v3/users/profile/pins/clusters/': [{ target: 'the own clusters', request: () => ({ url: '/v3/users/profile/pins/clusters/' }), expect: signedIn(200) }],
  'GET /v3/users/profile/pins/cluster/:id/feed/': [
    {
      target: "the owner's Pin saved to the profile",
      request: (w) => ({ url: `/v3/users/profile/pins/cluster/${w.boardlessPinId}/feed/` }),
      expect: signedIn(404),
    },
  ],
  'POST /v3/users/email/verify/': [
    { target: 'an unknown token', request: () => ({ url: '/v3/users/email/verify/', payload: { token: 'bm90LWEtdG9rZW4tYXQtYWxs' } }), expect: all(400) },
  ],
  'POST /v3/users/email/verify/resend/': [
    { target: 'the own address', request: () => ({ url: '/v3/users/email/verify/resend/', payload: {} }), expect: signedIn(200) },
  ],
  'POST /v3/invite_code/attribution/land/': [
    { target: 'an unknown code', request: () => ({ url: '/v3/invite_code/attribution/land/', payload: { invite_code: 'nocode' } }), expect: all(200) },
  ],
  'POST /v3/invite_code/:code/redeem/': [
    { target: 'an unknown code', request: () => ({ url: '/v3/invite_code/nocode/redeem/', payload: {} }), expect: signedIn(404) },
  ],
  'POST /v3/legal/takedowns/:form/': [
    {
      target: 'a report on the owner',
      request: (w) => ({
        url: '/v3/legal/takedowns/dsa/',
        payload: { law: 'GDPR', details: 'd', reporter_country: 'DE', content_date: '2024-06-01', reported_user_id: w.owner.id },
      }),
      expect: all(200),
    },
  ],
  'GET /v3/moderation/transparency_report.csv': [
    { target: 'the transparency report (staff only)', request: () => ({ url: '/v3/moderation/transparency_report.csv' }), expect: signedIn(403) },
  ],
  'GET /v3/conversations/:id/events/': [
    {
      target: "the owner's conversation with the follower",
      request: (w) => ({ url: `/v3/conversations/${w.conversationId}/events/` }),
      expect: signedIn(404, { owner: 200, follower: 200 }),
      stream: true,
    },
  ],
  'GET /v3/notifications/events/': [
    { target: 'the own unread count, live', request: () => ({ url: '/v3/notifications/events/' }), expect: signedIn(200), stream: true },
  ],
  'GET /v3/notifications/unsubscribe/': [
    { target: 'an unsubscribe page with a forged token', request: () => ({ url: '/v3/notifications/unsubscribe/?token=MTox.forged' }), expect: all(400) },
  ],
  'POST /v3/notifications/unsubscribe/': [
    {
      target: 'a one-click unsubscribe with a forged token',
      request: () => ({ url: '/v3/notifications/unsubscribe/?token=MTpmb2xsb3c.forged' }),
      expect: all(400),
    },
  ],
  'GET /vx/business_access/profiles/': [
    { target: 'the own business access profiles', request: () => ({ url: '/vx/business_access/profiles/' }), expect: signedIn(200) },
  ],
  'GET /v3/push/key/': [{ target: 'the VAPID public key', request: () => ({ url: '/v3/push/key/' }), expect: all(200) }],
  // tus (decision 098): a new upload needs its length; an upload is its owner's alone (the owner's PATCH without the protocol's header: 412)
  'POST /v3/uploads/': [{ target: 'a new upload without its length', request: () => ({ url: '/v3/uploads/' }), expect: signedIn(400) }],
  'PATCH /v3/uploads/:id': [
    { target: "the owner's upload", request: (w) => ({ url: `/v3/uploads/${w.draft.uploadId}`, payload: {} }), expect: signedIn(404, { owner: 412 }) },
  ],
  'DELETE /v3/uploads/:id': [{ target: 'an unknown upload', request: () => ({ url: '/v3/uploads/nothere' }), expect: signedIn(404) }],
  'DELETE /v3/shuffles/:id/': [{ target: 'an unknown collage', request: () => ({ url: '/v3/shuffles/1/' }), expect: signedIn(404) }],
  // Imports of Pinterest exports (decision 094): one's own alone; another's, like an unknown one, is 404 to everyone signed in.
  'POST /v3/imports/': [{ target: 'an upload that is not a multipart form', request: () => ({ url: '/v3/imports/', payload: {} }), expect: signedIn(415) }],
  'GET /v3/imports/': [{ target: 'the own imports', request: () => ({ url: '/v3/imports/' }), expect: signedIn(200) }],
  'GET /v3/imports/:id/': [{ target: "the owner's import", request: (w) => ({ url: `/v3/imports/${w.ownerImportId}/` }), expect: only({ owner: 200 }, 404) }],
  'POST /v3/imports/:id/retry/': [
    {
      target: "the owner's import, nothing failed",
      request: (w) => ({ url: `/v3/imports/${w.ownerImportId}/retry/`, payload: {} }),
      expect: only({ owner: 400 }, 404),
    },
  ],
  // Data exports (decision 096): one's own alone; another's, like an unknown one, is 404 to everyone, signed out too.
  'POST /v3/exports/': [{ target: 'an export of the own content', request: () => ({ url: '/v3/exports/', payload: {} }), expect: signedIn(202) }],
  'GET /v3/exports/': [{ target: 'the own exports', request: () => ({ url: '/v3/exports/' }), expect: signedIn(200) }],
  'GET /v3/exports/:id/': [
    { target: "the owner's export", request: (w) => ({ url: `/v3/exports/${w.ownerExportId}/` }), expect: only({ owner: 200 }, 404, 404) },
  ],
  'GET /v3/exports/:id/download/': [
    { target: "the owner's export", request: (w) => ({ url: `/v3/exports/${w.ownerExportId}/download/` }), expect: only({ owner: 200 }, 404, 404) },
  ],
};

let fresh = 0;

/**
 * The web app's pages, whose HTML carries the page's title, description and
 * structured data (modules/pages/page-meta.ts), and the images under
 * /media. They are not enumerable routes (every other HTML GET reaches the
 * pages, one wildcard serves the images), so they are declared by kind.
 */
export const PAGE_RULES: Record<string, RouteCase[]> = {
  'profile page /{username}/': [{ target: "the owner's profile", request: (w) => ({ url: `/${w.owner.username}/` }), expect: all(200) }],
  'board page /{username}/{slug}/': [
    { target: 'the secret board', request: (w) => ({ url: `/${w.owner.username}/${w.secret.slug}/` }), expect: SECRET_READ },
    {
      target: 'the protected board',
      request: (w) => ({ url: `/${w.owner.username}/${w.protectedBoard.slug}/` }),
      expect: only({ owner: '200 protected', follower: '200 protected' }, 404, 404),
    },
    { target: "the private profile's public board", request: (w) => ({ url: `/${w.owner.username}/${w.publicBoard.slug}/` }), expect: PRIVATE_READ },
  ],
  'section page /{username}/{slug}/{section}/': [
    { target: 'the secret section', request: (w) => ({ url: `/${w.owner.username}/${w.secret.slug}/menu-${CANARY.secret}/` }), expect: SECRET_READ },
  ],
  'image /media/{file}': [
    { target: "a secret Pin's image", request: (w) => ({ url: w.secretImage.images['236x']!.url }), expect: only({ owner: 200, collaborator: 200 }, 404, 404) },
    {
      target: "a private profile's Pin's image",
      request: (w) => ({ url: w.privateImage.images['236x']!.url }),
      expect: only({ owner: 200, follower: 200 }, 404, 404),
    },
  ],
  'Pin page /pin/{id}/': [
    { target: 'a secret Pin', request: (w) => ({ url: `/pin/${w.secret.pinIds[0]}/` }), expect: SECRET_READ },
    { target: 'a Pin on the protected board', request: (w) => ({ url: `/pin/${w.protectedBoard.pinId}/` }), expect: PRIVATE_READ },
  ],
};
