import type { Queryable } from '../../db/client';
import { escapeLike, idBelowSql } from '../../lib/sql-text';
import { notBlockedSql } from '../blocks';
import { accountInViewSql, accountRowInViewSql } from '../users';
import { pendingInviteInViewSql } from './board-invites.policy';

type PendingStatus = 'new' | 'contact_request_not_approved';
export type MemberStatus = PendingStatus | 'accepted';

interface PersonColumns {
  user_id: string;
  username: string;
  full_name: string;
  first_name: string;
  image_url: string | null;
  avatar_color_index: number;
  invited_by_user_id: string | null;
  invited_by_username: string | null;
  invited_by_full_name: string | null;
  invited_by_first_name: string | null;
  invited_by_image_url: string | null;
}

/**
 * A collaborator (status accepted, no invite id), a pending invite of one
 * board, or a pending invite by email (no user: `email` instead, and the
 * person columns are null).
 */
export interface MemberRow extends Nullable<Omit<PersonColumns, 'invited_by_user_id'>> {
  invited_by_user_id: string | null;
  invite_id: string | null;
  board_id: string;
  user_id: string | null;
  email: string | null;
  status: MemberStatus;
  created_at: Date;
  rank: number;
  at_us: string;
  /** The user id, or the invite id of an invite by email: the last part of the page key. */
  sort_key: string;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A pending invite with the board it is for, as its invitee sees it. */
export interface PendingInviteRow extends PersonColumns {
  invite_id: string;
  board_id: string;
  status: PendingStatus;
  created_at: Date;
  board_name: string;
  board_slug: string;
  board_privacy: 'public' | 'secret' | 'protected';
  owner_id: string;
  owner_username: string;
  owner_full_name: string;
  owner_image_url: string | null;
}

export interface SuggestedPersonRow {
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
}

const US_OF = (expr: string) => `(extract(epoch FROM ${expr}) * 1000000)::bigint`;

const PERSON_COLUMNS = `
  u.username, u.full_name, u.first_name, u.image_url, u.avatar_color_index,
  ib.username AS invited_by_username, ib.full_name AS invited_by_full_name,
  ib.first_name AS invited_by_first_name, ib.image_url AS invited_by_image_url`;

/**
 * The viewer's pending invites with their boards (not deleted), leaving out
 * those where the invitee and the owner or the inviter have blocked each other,
 * and those of a removed owner or inviter (decision 045). Built on first use,
 * once every module is loaded.
 */
let selectPending: string | undefined;
function selectPendingSql() {
  return (selectPending ??= `
  SELECT bi.id AS invite_id, bi.board_id, bi.status, bi.created_at, bi.invited_user_id AS user_id, bi.invited_by_user_id,
    ${PERSON_COLUMNS},
    b.name AS board_name, b.slug AS board_slug, b.privacy AS board_privacy, b.owner_id,
    o.username AS owner_username, o.full_name AS owner_full_name, o.image_url AS owner_image_url
  FROM board_invites bi
  JOIN boards b ON b.id = bi.board_id AND b.deleted_at IS NULL
  JOIN users o ON o.id = b.owner_id
  JOIN users u ON u.id = bi.invited_user_id
  JOIN users ib ON ib.id = bi.invited_by_user_id
  WHERE bi.invited_user_id = $1 AND ${notBlockedSql('b.owner_id', '$1::bigint')} AND ${notBlockedSql('bi.invited_by_user_id', '$1::bigint')}
    AND ${pendingInviteInViewSql('b.owner_id', 'bi.invited_by_user_id')}`);
}

export const boardInvitesRepo = {
  /**
   * A board's collaborators, pending invites and pending invites by email,
   * keyset-paged on (viewer first when asked, joined or invited at, user id
   * or, for an invite by email, its id). `onlyKeys` picks rows by that last part.
   */
  async membersOfBoard(
    db: Queryable,
    boardId: string,
    o: {
      /** Board-email-invites' SQL of the board's working invite links (its PENDING_EMAIL_INVITES_SQL, through the service). */
      emailInvitesSql: string;
      viewerId: string | null;
      viewerFirst: boolean;
      statuses: MemberStatus[];
      onlyKeys?: string[];
      after: [number, string, string] | null;
      limit: number;
    },
  ) {
    const params: unknown[] = [boardId, o.viewerId, o.viewerFirst, o.statuses, o.limit, o.onlyKeys ?? null];
    let after = '';
    if (o.after) {
      params.push(o.after[0], o.after[1], o.after[2]);
      after = 'AND (m.rank, m.at_us, m.sort_key) > ($7::int, $8::bigint, $9::bigint)';
    }
    return db.query<MemberRow>(
      `SELECT m.*, ${PERSON_COLUMNS}
       FROM (
         SELECT x.*, coalesce(x.user_id, x.invite_id) AS sort_key,
           CASE WHEN $3::boolean AND x.user_id = $2::bigint THEN 0 ELSE 1 END AS rank, ${US_OF('x.created_at')} AS at_us
         FROM (
           SELECT NULL::bigint AS invite_id, bc.board_id, bc.user_id, NULL::text AS email, 'accepted' AS status, bc.created_at, bc.invited_by_user_id
           FROM board_collaborators bc WHERE bc.board_id = $1
           UNION ALL
           SELECT bi.id, bi.board_id, bi.invited_user_id, NULL::text, bi.status, bi.created_at, bi.invited_by_user_id
           FROM board_invites bi WHERE bi.board_id = $1
           UNION ALL
           ${o.emailInvitesSql}
         ) x
       ) m
       LEFT JOIN users u ON u.id = m.user_id
       LEFT JOIN users ib ON ib.id = m.invited_by_user_id
       WHERE m.status = ANY($4::text[]) AND ($6::bigint[] IS NULL OR m.sort_key = ANY($6::bigint[])) ${after}
         AND (u.id IS NULL OR ${accountRowInViewSql('u')})
         AND (m.status = 'accepted' OR ib.id IS NULL OR ${accountRowInViewSql('ib')})
       ORDER BY m.rank, m.at_us, m.sort_key
       LIMIT $5`,
      params,
    );
  },

  /** The first collaborators of a board (oldest first) and how many there are, for the face-pile. */
  async collaboratorsPreview(db: Queryable, boardId: string, limit: number) {
    const [row] = await db.query<{ total: number; people: { id: string; username: string; full_name: string; image_url: string | null }[] | null }>(
      `SELECT (SELECT count(*)::int FROM board_collaborators bc WHERE bc.board_id = $1 AND ${accountInViewSql('bc.user_id')}) AS total,
         (SELECT json_agg(p) FROM (
            SELECT u.id::text AS id, u.username, u.full_name, u.image_url
            FROM board_collaborators bc JOIN users u ON u.id = bc.user_id
            WHERE bc.board_id = $1 AND ${accountRowInViewSql('u')} ORDER BY bc.created_at, bc.user_id LIMIT $2) p) AS people`,
      [boardId, limit],
    );
    return { total: row?.total ?? 0, people: row?.people ?? [] };
  },

  async pendingForViewer(db: Queryable, viewerId: string, o: { afterId: string | null; limit: number }) {
    return db.query<PendingInviteRow>(`${selectPendingSql()} AND ${idBelowSql('bi.id', '$2')} ORDER BY bi.id DESC LIMIT $3`, [viewerId, o.afterId, o.limit]);
  },

  async pendingOnBoard(db: Queryable, viewerId: string, boardId: string) {
    const [row] = await db.query<PendingInviteRow>(`${selectPendingSql()} AND bi.board_id = $2`, [viewerId, boardId]);
    return row ?? null;
  },

  async pendingOnBoardPath(db: Queryable, viewerId: string, username: string, slug: string) {
    const [row] = await db.query<PendingInviteRow>(`${selectPendingSql()} AND lower(o.username) = lower($2) AND b.slug = $3`, [viewerId, username, slug]);
    return row ?? null;
  },

  /** Any invite of one person to one board, whoever may see it (for the board's members). */
  async inviteOf(db: Queryable, boardId: string, userId: string) {
    const [row] = await db.query<{ id: string; invited_by_user_id: string }>(
      'SELECT id, invited_by_user_id FROM board_invites WHERE board_id = $1 AND invited_user_id = $2',
      [boardId, userId],
    );
    return row ?? null;
  },

  /** Which of these people are already collaborators or invited. */
  async alreadyOnBoard(db: Queryable, boardId: string, userIds: string[]) {
    const rows = await db.query<{ user_id: string; status: MemberStatus }>(
      `SELECT user_id, 'accepted' AS status FROM board_collaborators WHERE board_id = $1 AND user_id = ANY($2::bigint[])
       UNION ALL
       SELECT invited_user_id, status FROM board_invites WHERE board_id = $1 AND invited_user_id = ANY($2::bigint[])`,
      [boardId, userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.status]));
  },

  async insert(db: Queryable, invite: { id: string; board_id: string; invited_user_id: string; invited_by_user_id: string }) {
    await db.query('INSERT INTO board_invites (id, board_id, invited_user_id, invited_by_user_id) VALUES ($1, $2, $3, $4)', [
      invite.id,
      invite.board_id,
      invite.invited_user_id,
      invite.invited_by_user_id,
    ]);
  },

  async delete(db: Queryable, boardId: string, userId: string) {
    const rows = await db.query('DELETE FROM board_invites WHERE board_id = $1 AND invited_user_id = $2 RETURNING id', [boardId, userId]);
    return rows.length > 0;
  },

  /**
   * Withdraws the pending invites (by user and by email) sent on the board by
   * `senderId`, or with `exceptSenderId` by everyone but them: invites end
   * with their sender's right to invite.
   */
  async withdrawSent(db: Queryable, boardId: string, who: { senderId: string } | { exceptSenderId: string }) {
    const [cond, id] = 'senderId' in who ? ['=', who.senderId] : ['<>', who.exceptSenderId];
    await db.query(`DELETE FROM board_invites WHERE board_id = $1 AND invited_by_user_id ${cond} $2`, [boardId, id]);
    await db.query(`DELETE FROM board_email_invites WHERE board_id = $1 AND used_at IS NULL AND invited_by_user_id ${cond} $2`, [boardId, id]);
  },

  /** Turns the pending invite into a collaborator, in the caller's transaction. */
  async accept(tx: Queryable, invite: { board_id: string; user_id: string; invited_by_user_id: string | null }) {
    await tx.query('DELETE FROM board_invites WHERE board_id = $1 AND invited_user_id = $2', [invite.board_id, invite.user_id]);
    await tx.query('INSERT INTO board_collaborators (board_id, user_id, invited_by_user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      invite.board_id,
      invite.user_id,
      invite.invited_by_user_id,
    ]);
    await tx.query('UPDATE boards SET is_collaborative = true, updated_at = now() WHERE id = $1', [invite.board_id]);
  },

  /**
   * People the viewer may invite to the board: not the viewer, not its owner,
   * not already on it or invited, and no block between them and the viewer or
   * the owner, never a removed person (decision 045). With a query, names or usernames starting with it; without one,
   * the people the viewer follows, most recently followed first.
   */
  async suggestions(db: Queryable, o: { viewerId: string; boardId: string; ownerId: string; query: string | null; limit: number }) {
    const prefix = o.query === null ? null : escapeLike(o.query);
    return db.query<SuggestedPersonRow>(
      `SELECT u.id, u.username, u.full_name, u.image_url
       FROM users u
       LEFT JOIN follows f ON f.follower_id = $1 AND f.followee_id = u.id
       WHERE u.id <> $1 AND u.id <> $3 AND ${accountRowInViewSql('u')}
         AND NOT EXISTS (SELECT 1 FROM board_collaborators bc WHERE bc.board_id = $2 AND bc.user_id = u.id)
         AND NOT EXISTS (SELECT 1 FROM board_invites bi WHERE bi.board_id = $2 AND bi.invited_user_id = u.id)
         AND ${notBlockedSql('u.id', '$1::bigint')} AND ${notBlockedSql('u.id', '$3::bigint')}
         AND CASE WHEN $4::text IS NULL THEN f.followee_id IS NOT NULL
                  ELSE u.username ILIKE $4::text || '%' ESCAPE '\\'
                    OR u.full_name ILIKE $4::text || '%' ESCAPE '\\'
                    OR u.full_name ILIKE '% ' || $4::text || '%' ESCAPE '\\' END
       ORDER BY (f.followee_id IS NULL), f.created_at DESC NULLS LAST, lower(u.username), u.id
       LIMIT $5`,
      [o.viewerId, o.boardId, o.ownerId, prefix, o.limit],
    );
  },
};
