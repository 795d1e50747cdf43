/**
 * Who may see a person's content (boards, Pins, followers, following): on a
 * public profile everyone; on a private profile only the owner and the people
 * who follow them (following a private profile needs the owner's invite
 * code, so every follower is an approved one); a removed person's content
 * to no one. The same rule as a function and as SQL; boards.policy builds
 * on it.
 *
 * The rules this file holds:
 * - Private profiles: their content is for the owner and followers
 *   (`canSeeProfileContent`, `profileContentVisibleSql`).
 * - Staff: `isStaff` (`users.is_employee`, or a name in `STAFF_USERNAMES`).
 * - Moderation of people (decision 045): a removed person's profile is for
 *   staff only (`canSeeAccount`) and their content for no one
 *   (`profileContentVisibleSql`, `accountInViewSql`). Others apply the same
 *   SQL: boards.policy to board owners and collaborators' Pins, comments.policy
 *   to authors, media.policy to profile pictures. Follow lists leave removed
 *   people out and follow counts subtract them (`removedFollowsCountSql`); a
 *   comment's @mentions link no removed person (`usersByUsernames`, decision
 *   055); in others' conversations they show as an unavailable account
 *   (`shownAsUnavailable`), their messages are left out, and a conversation
 *   left with only them takes no reply (404). Board collaborators, invites and
 *   share and invite suggestions leave them out, and so do others' pending
 *   invites on their boards or sent by them (board-invites.policy
 *   `pendingInviteInViewSql`); their Pins on others' boards leave the board's
 *   count and cover and its sections' counts and previews (boards.policy
 *   `countedPinSql`). They cannot sign in (`maySignIn`, `maySignInSql` in the
 *   session lookup).
 * - A restricted person is not listed (`listedAccountSql`: people search, the
 *   sitemap; `accountListedSql`: recommendations).
 */
import type { Viewer } from '../lib/context';

export function canSeeProfileContent(
  viewer: Viewer | null,
  user: { id: string; is_private_profile: boolean; moderation?: AccountModeration },
  viewerFollows: boolean,
) {
  if (user.moderation === 'removed') return false;
  return !user.is_private_profile || viewer?.id === user.id || viewerFollows;
}

/**
 * A moderation decision about a person (decisions 038, 045). Removed: the
 * person and everything of theirs (profile, boards, Pins and their images,
 * comments) answers as missing to everyone, their profile to staff alone,
 * and they cannot sign in. Restricted: everything stays where it is, but the
 * profile is not listed: not in people search, the sitemap or
 * recommendations.
 */
export type AccountModeration = 'removed' | 'restricted' | null;

/** The profile itself: a removed person's answers as missing to everyone but staff. */
export function canSeeAccount(user: { moderation?: AccountModeration }, viewerIsStaff: boolean): boolean {
  return user.moderation !== 'removed' || viewerIsStaff;
}

/**
 * How others' existing things name a removed person (a conversation's
 * members, decision 045): as an unavailable account, with no name, picture
 * or address to link to; staff included (a conversation is not where they
 * review anyone).
 */
export function shownAsUnavailable(user: { moderation?: AccountModeration }): boolean {
  return !canSeeAccount(user, false);
}

/** What a removed person is told when they sign in with the right password. */
export const ACCOUNT_REMOVED = 'This account was removed for breaking our rules. We emailed you the reasons and a link to send a counter-notice.';

/** A removed person cannot sign in, and their sessions open nothing. */
export function maySignIn(user: { moderation?: AccountModeration }): boolean {
  return user.moderation !== 'removed';
}

/** SQL: the person (users alias `alias`) is not removed: what they show (a profile picture, a cover) may be shown. */
export function accountRowInViewSql(alias = 'u') {
  return `(${alias}.moderation IS DISTINCT FROM 'removed')`;
}

/** SQL form of maySignIn for the users alias `alias`: the same test as accountRowInViewSql. */
export function maySignInSql(alias = 'u') {
  return accountRowInViewSql(alias);
}

/** SQL: the person `userIdExpr` is not removed, so their things may be shown (one look at the few moderated people). */
export function accountInViewSql(userIdExpr: string) {
  return `NOT EXISTS (SELECT 1 FROM users mu WHERE mu.id = ${userIdExpr} AND mu.moderation = 'removed')`;
}

/** SQL: the ids of removed people (what lists leave out by author, as comments do). */
export function removedAccountIdsSql() {
  return `SELECT mu.id FROM users mu WHERE mu.moderation = 'removed'`;
}

/**
 * SQL: how many of a person's follows have a removed person on the other side
 * (`side` 'followers': removed people following `personExpr`; 'following':
 * removed people they follow), so that follow counts agree with follow lists.
 * Driven by the few removed people, each one look at the follows key.
 */
export function removedFollowsCountSql(personExpr: string, side: 'followers' | 'following') {
  const [mine, theirs] = side === 'followers' ? ['followee_id', 'follower_id'] : ['follower_id', 'followee_id'];
  return `(SELECT count(*)::int FROM (${removedAccountIdsSql()}) rf JOIN follows rff ON rff.${theirs} = rf.id AND rff.${mine} = ${personExpr})`;
}

/** SQL: the profile (users alias `alias`) is listed where people are found: people search, the sitemap. */
export function listedAccountSql(alias = 'u') {
  return `(${alias}.moderation IS NULL)`;
}

/** SQL: the person `userIdExpr` is neither removed nor restricted: their Pins may be recommended. */
export function accountListedSql(userIdExpr: string) {
  return `NOT EXISTS (SELECT 1 FROM users mu WHERE mu.id = ${userIdExpr} AND mu.moderation IS NOT NULL)`;
}

/**
 * Staff (employees, who moderate): marked by `npm run make-staff`
 * (`users.is_employee`) or named in the STAFF_USERNAMES setting.
 */
export function isStaff(user: { is_employee: boolean; username: string } | null, staffUsernames: ReadonlySet<string>): boolean {
  return !!user && (user.is_employee || staffUsernames.has(user.username.toLowerCase()));
}

/** SQL: the person `viewerExpr` is staff (isStaff in SQL); `staffUsernamesParam` is the STAFF_USERNAMES setting as a lower-cased text[]. */
export function staffSql(viewerExpr: string, staffUsernamesParam: string) {
  return `EXISTS (SELECT 1 FROM users su WHERE su.id = ${viewerExpr} AND (su.is_employee OR lower(su.username) = ANY (${staffUsernamesParam}::text[])))`;
}

/** SQL: `followerExpr` follows `followeeExpr` (the fact canSeeProfileContent takes as `viewerFollows`). */
export function followsSql(followerExpr: string, followeeExpr: string) {
  return `EXISTS (SELECT 1 FROM follows vf WHERE vf.follower_id = ${followerExpr} AND vf.followee_id = ${followeeExpr})`;
}

/**
 * SQL form for a user id expression; `viewerParam` holds the viewer id or
 * NULL. One look at the person's row decides both parts: not removed, and
 * not private unless it is the viewer or someone they follow.
 */
export function profileContentVisibleSql(userIdExpr: string, viewerParam: string) {
  return `NOT EXISTS (SELECT 1 FROM users pu WHERE pu.id = ${userIdExpr} AND (pu.moderation = 'removed'
    OR (pu.is_private_profile AND ${userIdExpr} IS DISTINCT FROM ${viewerParam}
      AND NOT EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = ${viewerParam} AND pf.followee_id = ${userIdExpr}))))`;
}
