/**
 * The one door for blocks: every block check in the server is made here, as
 * a function over a loaded block or as a SQL fragment, never by reading the
 * `blocks` table elsewhere (test/architecture/policy-guard.test.ts).
 *
 * - `hasBlockedSql(blocker, blocked)`: one direction, "blocker blocked blocked".
 * - `blockBetweenSql(a, b)` / `notBlockedSql(a, b)`: either direction, the
 *   condition for following, messaging, saving and inviting between two people.
 * - `blockAmongSql(ids)`: any two of a set of people (group conversations).
 * - `blockBetweenRowSql(a, b)`: the block itself (the viewer's own first), to
 *   answer with `blockAnswersAsMissing`.
 * - `blocksWithSql(person, others)`: every block between one person and a set
 *   (the other members of a conversation).
 * - `blockedEitherWaySql(person)`: everyone with a block between them and one
 *   person (the comments a viewer does not see, counted on a Pin's closeup).
 *
 * Search leaves out only the people who blocked the viewer (one direction):
 * the viewer can still find someone they blocked, to unblock them.
 */

export interface Block {
  blockerId: string;
  blockedId: string;
}

/** `blocker` has blocked `blocked` (SQL expressions or placeholders). */
export function hasBlockedSql(blocker: string, blocked: string) {
  return `EXISTS (SELECT 1 FROM blocks blk WHERE blk.blocker_id = ${blocker} AND blk.blocked_id = ${blocked})`;
}

/** One of the two has blocked the other. */
export function blockBetweenSql(a: string, b: string) {
  return `EXISTS (SELECT 1 FROM blocks blk WHERE (blk.blocker_id = ${a} AND blk.blocked_id = ${b}) OR (blk.blocker_id = ${b} AND blk.blocked_id = ${a}))`;
}

/** Neither has blocked the other: the condition for following, messaging and saving between two people. */
export function notBlockedSql(a: string, b: string) {
  return `NOT ${blockBetweenSql(a, b)}`;
}

/** Some two of the people in the id array `idsParam` have blocked one another. */
export function blockAmongSql(idsParam: string) {
  return `EXISTS (SELECT 1 FROM blocks blk WHERE blk.blocker_id = ANY(${idsParam}::bigint[]) AND blk.blocked_id = ANY(${idsParam}::bigint[]))`;
}

/** The block between `a` and `b` either way, `a`'s own first: columns blocker_id, blocked_id. */
export function blockBetweenRowSql(a: string, b: string) {
  return `SELECT blk.blocker_id, blk.blocked_id FROM blocks blk
    WHERE (blk.blocker_id = ${a} AND blk.blocked_id = ${b}) OR (blk.blocker_id = ${b} AND blk.blocked_id = ${a})
    ORDER BY blk.blocker_id = ${a} DESC LIMIT 1`;
}

/** Every block between `person` and the people of the id query `othersSql`, either way: columns "blockerId", "blockedId". */
export function blocksWithSql(person: string, othersSql: string) {
  return `SELECT blk.blocker_id::text AS "blockerId", blk.blocked_id::text AS "blockedId" FROM blocks blk
    WHERE (blk.blocker_id = ${person} AND blk.blocked_id IN (${othersSql})) OR (blk.blocked_id = ${person} AND blk.blocker_id IN (${othersSql}))`;
}

/** The ids of everyone with a block between them and `person`, either way (an id query: a person has few blocks). */
export function blockedEitherWaySql(person: string) {
  return `SELECT blk.blocked_id FROM blocks blk WHERE blk.blocker_id = ${person}
    UNION ALL SELECT blk.blocker_id FROM blocks blk WHERE blk.blocked_id = ${person}`;
}

/** Whether a loaded block (or null) stands between two people: the function form of blockBetweenSql. */
export function isBlocked(block: Block | null): block is Block {
  return block !== null;
}

/**
 * How a block answers the person it does not belong to: someone who blocked
 * the viewer, or a block between two others (a board's owner and someone a
 * collaborator invites), is answered exactly as a missing person, so that
 * no answer tells anyone about a block that is not theirs. Only the viewer's
 * own block may be named to them.
 */
export function blockAnswersAsMissing(viewerId: string, block: Block) {
  return block.blockerId !== viewerId;
}
