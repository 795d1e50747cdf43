/**
 * Conversations, their members and messages. Lists are keyset-paged: the
 * inbox on (last_message_at, id), messages on id (ids are time-ordered).
 * Timestamps in cursors travel as whole microseconds so that no row is
 * skipped or repeated by a rounding to milliseconds.
 */
import type { Queryable } from '../../db/client';
import { escapeLike, idBelowSql } from '../../lib/sql-text';
import { selectVisiblePinsSql, type PinWithRefs } from '../../kernel';
import { blockAmongSql, hasBlockedSql, notBlockedSql } from '../blocks';
import { blocksWithSql } from '../blocks';
import { accountInViewSql, accountRowInViewSql, type AccountModeration } from '../users';

export interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  text: string;
  pin_id: string | null;
  created_at: Date;
}

export interface MemberRow {
  conversation_id: string;
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
  /** A removed member shows as an unavailable account (users.policy shownAsUnavailable). */
  moderation: AccountModeration;
}

/** A conversation as one member sees it, with its latest message (lm_*). */
export interface ConversationRow {
  id: string;
  created_at: Date;
  last_message_at: Date;
  /** last_message_at in microseconds since the epoch, for the cursor. */
  last_us: string;
  unread: boolean;
  lm_id: string | null;
  lm_sender_id: string | null;
  lm_text: string | null;
  lm_pin_id: string | null;
  lm_created_at: Date | null;
}

export interface RecipientRow {
  id: string;
  allow_messages: boolean;
  /** Either the viewer blocked this person or this person blocked the viewer. */
  blocked: boolean;
  /** This person blocked the viewer. */
  blocked_me: boolean;
  moderation: AccountModeration;
}

export interface SuggestedUserRow {
  id: string;
  username: string;
  full_name: string;
  image_url: string | null;
}

/** Escapes LIKE wildcards so a typed `%` or `_` matches itself (used with ESCAPE '\'). */

const US_OF = (expr: string) => `(extract(epoch FROM ${expr}) * 1000000)::bigint`;

export const messagesRepo = {
  async recipients(db: Queryable, viewerId: string, ids: string[]) {
    return db.query<RecipientRow>(
      `SELECT u.id, u.allow_messages, NOT ${notBlockedSql('u.id', '$1::bigint')} AS blocked,
         ${hasBlockedSql('u.id', '$1::bigint')} AS blocked_me, u.moderation
       FROM users u WHERE u.id = ANY($2::bigint[])`,
      [viewerId, ids],
    );
  },

  /** Whether any two of these people have blocked one another. */
  async anyBlockAmong(db: Queryable, ids: string[]) {
    const [row] = await db.query<{ blocked: boolean }>(`SELECT ${blockAmongSql('$1')} AS blocked`, [ids]);
    return !!row?.blocked;
  },

  /** How many of the conversation's other members are not removed (someone a new message may reach). */
  async othersInView(db: Queryable, conversationId: string, userId: string) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM conversation_members cm JOIN users u ON u.id = cm.user_id
       WHERE cm.conversation_id = $1 AND cm.user_id <> $2 AND ${accountRowInViewSql('u')}`,
      [conversationId, userId],
    );
    return row?.n ?? 0;
  },

  /** Of these senders, the removed ones (whose messages nobody is shown, decision 045). */
  async removedSenders(db: Queryable, senderIds: string[]) {
    if (senderIds.length === 0) return new Set<string>();
    const rows = await db.query<{ id: string }>(`SELECT u.id FROM users u WHERE u.id = ANY($1::bigint[]) AND NOT ${accountRowInViewSql('u')}`, [senderIds]);
    return new Set(rows.map((r) => r.id));
  },

  /** Whether the user and any other member of the conversation have blocked one another. */
  async blocksWithinConversation(db: Queryable, conversationId: string, userId: string) {
    return db.query<{ blockerId: string; blockedId: string }>(
      blocksWithSql('$2', 'SELECT cm.user_id FROM conversation_members cm WHERE cm.conversation_id = $1 AND cm.user_id <> $2'),
      [conversationId, userId],
    );
  },

  /**
   * Serialises find-or-create for one set of members until the transaction
   * ends, so two simultaneous first messages make one conversation.
   */
  async lockMemberSet(db: Queryable, sortedMemberIds: string[]) {
    await db.query("SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext('conversation:' || $1::text))) AS l", [sortedMemberIds.join(',')]);
  },

  /** The conversation whose members are exactly these people (the viewer among them), if any. */
  async findByExactMembers(db: Queryable, viewerId: string, memberIds: string[]) {
    const [row] = await db.query<{ id: string }>(
      `SELECT cm.conversation_id AS id
       FROM conversation_members cm
       WHERE cm.conversation_id IN (SELECT conversation_id FROM conversation_members WHERE user_id = $1)
       GROUP BY cm.conversation_id
       HAVING count(*) = $3::int AND bool_and(cm.user_id = ANY($2::bigint[]))
       ORDER BY cm.conversation_id
       LIMIT 1`,
      [viewerId, memberIds, memberIds.length],
    );
    return row?.id ?? null;
  },

  async insertConversation(db: Queryable, id: string, createdBy: string, memberIds: string[]) {
    await db.query('INSERT INTO conversations (id, created_by) VALUES ($1, $2)', [id, createdBy]);
    await db.query('INSERT INTO conversation_members (conversation_id, user_id) SELECT $1, unnest($2::bigint[])', [id, memberIds]);
  },

  /**
   * Adds a message, moves the conversation's activity time to it and marks
   * it read for its sender, in one statement.
   */
  async insertMessage(db: Queryable, m: { id: string; conversationId: string; senderId: string; text: string; pinId: string | null }) {
    const [row] = await db.query<MessageRow>(
      `WITH m AS (
         INSERT INTO messages (id, conversation_id, sender_id, text, pin_id, created_at)
         VALUES ($1, $2, $3, $4, $5, clock_timestamp())
         RETURNING *
       ), c AS (
         UPDATE conversations SET last_message_at = GREATEST(last_message_at, (SELECT created_at FROM m)) WHERE id = $2
       ), r AS (
         UPDATE conversation_members SET last_read_at = GREATEST(last_read_at, (SELECT created_at FROM m))
         WHERE conversation_id = $2 AND user_id = $3
       )
       SELECT * FROM m`,
      [m.id, m.conversationId, m.senderId, m.text, m.pinId],
    );
    return row!;
  },

  /** Of these Pins, the ones the viewer may see (the one visibility rule). */
  async visiblePins(db: Queryable, viewerId: string, pinIds: string[]) {
    if (pinIds.length === 0) return [];
    return db.query<PinWithRefs>(`${selectVisiblePinsSql()} AND p.id = ANY($2::bigint[])`, [viewerId, pinIds]);
  },

  async isMember(db: Queryable, conversationId: string, userId: string) {
    const rows = await db.query('SELECT 1 FROM conversation_members WHERE conversation_id = $1 AND user_id = $2', [conversationId, userId]);
    return rows.length > 0;
  },

  /** The viewer's conversations, newest activity first; `only` narrows to one conversation. */
  async forMember(db: Queryable, viewerId: string, o: { only?: string; after?: [string, string] | null; limit: number }) {
    return db.query<ConversationRow>(
      `SELECT c.id, c.created_at, c.last_message_at, ${US_OF('c.last_message_at')} AS last_us,
         lm.id AS lm_id, lm.sender_id AS lm_sender_id, lm.text AS lm_text, lm.pin_id AS lm_pin_id, lm.created_at AS lm_created_at,
         (lm.sender_id IS DISTINCT FROM $1::bigint
           AND lm.created_at > COALESCE(me.last_read_at, '-infinity'::timestamptz)) AS unread
       FROM conversation_members me
       JOIN conversations c ON c.id = me.conversation_id
       LEFT JOIN LATERAL (
         SELECT m.id, m.sender_id, m.text, m.pin_id, m.created_at FROM messages m
         WHERE m.conversation_id = c.id AND ${accountInViewSql('m.sender_id')} ORDER BY m.id DESC LIMIT 1
       ) lm ON true
       WHERE me.user_id = $1
         AND ($2::bigint IS NULL OR c.id = $2::bigint)
         AND ($3::bigint IS NULL OR (${US_OF('c.last_message_at')}, c.id) < ($3::bigint, $4::bigint))
       ORDER BY c.last_message_at DESC, c.id DESC
       LIMIT $5`,
      [viewerId, o.only ?? null, o.after?.[0] ?? null, o.after?.[1] ?? null, o.limit],
    );
  },

  async members(db: Queryable, conversationIds: string[]) {
    if (conversationIds.length === 0) return [];
    return db.query<MemberRow>(
      `SELECT cm.conversation_id, u.id, u.username, u.full_name, u.image_url, u.moderation
       FROM conversation_members cm JOIN users u ON u.id = cm.user_id
       WHERE cm.conversation_id = ANY($1::bigint[])`,
      [conversationIds],
    );
  },

  /** Older than `before` (newest first), or newer than `after` (oldest first); a removed person's messages are left out (decision 045). */
  async messages(db: Queryable, conversationId: string, o: { before?: string | null; after?: string | null; limit: number }) {
    if (o.after) {
      return db.query<MessageRow>(
        `SELECT * FROM messages WHERE conversation_id = $1 AND id > $2::bigint AND ${accountInViewSql('sender_id')} ORDER BY id ASC LIMIT $3`,
        [conversationId, o.after, o.limit],
      );
    }
    return db.query<MessageRow>(
      `SELECT * FROM messages WHERE conversation_id = $1 AND ${idBelowSql('id', '$2')} AND ${accountInViewSql('sender_id')} ORDER BY id DESC LIMIT $3`,
      [conversationId, o.before ?? null, o.limit],
    );
  },

  /** Marks the conversation read up to (and including) a message; never moves the mark back. */
  async markRead(db: Queryable, conversationId: string, userId: string, upToMessageId: string) {
    await db.query(
      `UPDATE conversation_members cm SET last_read_at = GREATEST(cm.last_read_at, m.created_at)
       FROM messages m
       WHERE cm.conversation_id = $1 AND cm.user_id = $2 AND m.id = $3 AND m.conversation_id = $1`,
      [conversationId, userId, upToMessageId],
    );
  },

  /**
   * People to share with: without a query, those the viewer has conversations
   * with (most recent first), then those they follow (most recently followed
   * first). With a query, anyone whose username or name (or a word of the
   * name) starts with it, the viewer's people first. Never the viewer, never
   * across a block, never someone who does not accept messages, never a removed person.
   */
  async shareSuggestions(db: Queryable, viewerId: string, o: { query: string | null; hideGroupConversations: boolean; limit: number }) {
    const prefix = o.query === null ? null : escapeLike(o.query);
    return db.query<SuggestedUserRow>(
      `WITH talked AS (
         SELECT other.user_id, max(c.last_message_at) AS at
         FROM conversation_members me
         JOIN conversations c ON c.id = me.conversation_id
         JOIN conversation_members other ON other.conversation_id = me.conversation_id AND other.user_id <> me.user_id
         WHERE me.user_id = $1
           AND (NOT $2::boolean OR (SELECT count(*) FROM conversation_members n WHERE n.conversation_id = c.id) = 2)
         GROUP BY other.user_id
       )
       SELECT u.id, u.username, u.full_name, u.image_url
       FROM users u
       LEFT JOIN talked t ON t.user_id = u.id
       LEFT JOIN follows f ON f.follower_id = $1 AND f.followee_id = u.id
       WHERE u.id <> $1 AND u.allow_messages AND ${accountRowInViewSql('u')} AND ${notBlockedSql('u.id', '$1::bigint')}
         AND CASE WHEN $3::text IS NULL THEN t.user_id IS NOT NULL OR f.followee_id IS NOT NULL
                  ELSE u.username ILIKE $3::text || '%' ESCAPE '\\'
                    OR u.full_name ILIKE $3::text || '%' ESCAPE '\\'
                    OR u.full_name ILIKE '% ' || $3::text || '%' ESCAPE '\\' END
       ORDER BY CASE WHEN t.user_id IS NOT NULL THEN 0 WHEN f.followee_id IS NOT NULL THEN 1 ELSE 2 END,
         COALESCE(t.at, f.created_at) DESC NULLS LAST, lower(u.username), u.id
       LIMIT $4`,
      [viewerId, o.hideGroupConversations, prefix, o.limit],
    );
  },
};
