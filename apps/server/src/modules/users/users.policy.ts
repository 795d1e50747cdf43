/**
 * Who may see a person's content (boards, Pins, followers, following): on a
 * public profile everyone; on a private profile only the owner and the people
 * who follow them (following a private profile needs the owner's invite
 * code, so every follower is an approved one). The same rule as a function
 * and as SQL; boards.policy builds on it.
 */
import type { Viewer } from '../../lib/context';

export function canSeeProfileContent(viewer: Viewer | null, user: { id: string; is_private_profile: boolean }, viewerFollows: boolean) {
  return !user.is_private_profile || viewer?.id === user.id || viewerFollows;
}

/**
 * Staff (employees, who moderate): marked by `npm run make-staff`
 * (`users.is_employee`) or named in the STAFF_USERNAMES setting.
 */
export function isStaff(user: { is_employee: boolean; username: string } | null, staffUsernames: ReadonlySet<string>): boolean {
  return !!user && (user.is_employee || staffUsernames.has(user.username.toLowerCase()));
}

/** SQL: `followerExpr` follows `followeeExpr` (the fact canSeeProfileContent takes as `viewerFollows`). */
export function followsSql(followerExpr: string, followeeExpr: string) {
  return `EXISTS (SELECT 1 FROM follows vf WHERE vf.follower_id = ${followerExpr} AND vf.followee_id = ${followeeExpr})`;
}

/** SQL form for a user id expression; `viewerParam` holds the viewer id or NULL. */
export function profileContentVisibleSql(userIdExpr: string, viewerParam: string) {
  return `(${userIdExpr} = ${viewerParam}
    OR NOT EXISTS (SELECT 1 FROM users pu WHERE pu.id = ${userIdExpr} AND pu.is_private_profile)
    OR EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = ${viewerParam} AND pf.followee_id = ${userIdExpr}))`;
}
