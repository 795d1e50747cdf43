/**
 * Notifications' SQL (decision 086): the aggregated rows and their actors, the
 * settings, the digest's bookkeeping. What a reader is shown is decided by
 * notifications.policy.ts's SQL forms, used here.
 */
import type { Queryable } from '../../db/client';
import type { NotificationChannel, NotificationKind } from '@pinboard/shared/schemas/notifications';
import { boardInViewSql, channelOnSql, commentInViewSql, DIGEST_KINDS, pinInViewSql, visibleActorSql, visibleNotificationSql } from './notifications.policy';

/** How many actors a notification names (the newest); `actor_count` counts them all. */
export const ACTORS_SHOWN = 3;

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  pin_id: string | null;
  board_id: string | null;
  comment_id: string | null;
  detail: Record<string, unknown>;
  updated_at: string;
  read: boolean;
  actor_count: number;
  actors: { id: string; username: string }[];
}

export interface NewNotification {
  id: string;
  recipientId: string;
  kind: NotificationKind;
  aggKey: string;
  pinId: string | null;
  boardId: string | null;
  commentId: string | null;
  detail: Record<string, unknown>;
  actorId: string | null;
}

type StoredChoice = { kind: NotificationKind; app: boolean | null; email: boolean | null; push: boolean | null };

const SHOWN_FROM = `FROM notifications n LEFT JOIN notification_settings ns ON ns.user_id = n.recipient_id AND ns.kind = n.kind`;

const ROW_COLUMNS = `n.id::text AS id, n.kind, n.pin_id::text AS pin_id, n.board_id::text AS board_id, n.comment_id::text AS comment_id, n.detail,
  to_char(n.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at, n.read_at IS NOT NULL AS read,
  (SELECT count(*)::int FROM notification_actors a WHERE a.notification_id = n.id AND ${visibleActorSql('n.recipient_id', 'a.actor_id')}) AS actor_count,
  COALESCE((SELECT json_agg(json_build_object('id', x.id::text, 'username', x.username) ORDER BY x.acted_at DESC, x.id DESC) FROM (
    SELECT u.id, u.username, a.acted_at FROM notification_actors a JOIN users u ON u.id = a.actor_id
    WHERE a.notification_id = n.id AND ${visibleActorSql('n.recipient_id', 'a.actor_id')}
    ORDER BY a.acted_at DESC, u.id DESC LIMIT ${ACTORS_SHOWN}) x), '[]'::json) AS actors`;

export const notificationsRepo = {
  /**
   * Whether a notification of `kind` from `actorId` about these may be made for `recipientId` (the policy's SQL
   * forms, as its reads apply them), and the recipient's channels for the kind.
   */
  async candidate(
    db: Queryable,
    c: { recipientId: string; kind: NotificationKind; actorId: string | null; pinId: string | null; boardId: string | null; commentId: string | null },
  ) {
    const [row] = await db.query<{ allowed: boolean; app: boolean; email: boolean; push: boolean; email_address: string; locale: string }>(
      `SELECT (($3::bigint IS NULL OR ${visibleActorSql('$1::bigint', '$3::bigint')})
          AND ${pinInViewSql('$1::bigint', '$4::bigint')} AND ${boardInViewSql('$1::bigint', '$5::bigint', '$2::text')}
          AND ${commentInViewSql('$1::bigint', '$6::bigint')}) AS allowed,
        ${channelOnSql('app', 'ns', '$2::text')} AS app, ${channelOnSql('email', 'ns', '$2::text')} AS email,
        ${channelOnSql('push', 'ns', '$2::text')} AS push, u.email AS email_address, u.locale
       FROM users u LEFT JOIN notification_settings ns ON ns.user_id = u.id AND ns.kind = $2::text
       WHERE u.id = $1::bigint`,
      [c.recipientId, c.kind, c.actorId, c.pinId, c.boardId, c.commentId],
    );
    return row ?? null;
  },

  /**
   * Adds to the recipient's notification of this kind and key, made if need be: the actor joins it (once), and a
   * new actor (or a new actorless event) makes it unread and moves it to the top. Answers its id and whether it
   * changed.
   */
  async add(tx: Queryable, n: NewNotification) {
    const [row] = await tx.query<{ id: string; created: boolean }>(
      `INSERT INTO notifications (id, recipient_id, kind, agg_key, pin_id, board_id, comment_id, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (recipient_id, kind, agg_key) DO UPDATE SET detail = notifications.detail || EXCLUDED.detail
       RETURNING id::text, (xmax = 0) AS created`,
      [n.id, n.recipientId, n.kind, n.aggKey, n.pinId, n.boardId, n.commentId, JSON.stringify(n.detail)],
    );
    let changed = row!.created || n.actorId === null;
    if (n.actorId !== null) {
      const added = await tx.query(`INSERT INTO notification_actors (notification_id, actor_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING actor_id`, [
        row!.id,
        n.actorId,
      ]);
      changed = added.length > 0;
    }
    if (changed && !row!.created) await tx.query(`UPDATE notifications SET updated_at = now(), read_at = NULL WHERE id = $1`, [row!.id]);
    return { id: row!.id, changed };
  },

  /** The recipient's notifications they may still see, newest activity first, by keyset on (updated_at, id). */
  async list(db: Queryable, recipientId: string, after: readonly [string, string] | null, limit: number) {
    return db.query<NotificationRow>(
      `SELECT ${ROW_COLUMNS} ${SHOWN_FROM}
       WHERE n.recipient_id = $1 AND ${visibleNotificationSql('n', 'ns')}
         AND ($2::timestamptz IS NULL OR (n.updated_at, n.id) < ($2::timestamptz, $3::bigint))
       ORDER BY n.updated_at DESC, n.id DESC LIMIT $4`,
      [recipientId, after?.[0] ?? null, after?.[1] ?? null, limit],
    );
  },

  /** One notification its recipient may see (for push and the instant mail). */
  async visibleById(db: Queryable, id: string) {
    const [row] = await db.query<NotificationRow>(`SELECT ${ROW_COLUMNS} ${SHOWN_FROM} WHERE n.id = $1 AND ${visibleNotificationSql('n', 'ns')}`, [id]);
    return row ?? null;
  },

  /** How many unread notifications the recipient may see. */
  async unreadCount(db: Queryable, recipientId: string) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n ${SHOWN_FROM} WHERE n.recipient_id = $1 AND n.read_at IS NULL AND ${visibleNotificationSql('n', 'ns')}`,
      [recipientId],
    );
    return row?.n ?? 0;
  },

  /** Marks all the recipient's notifications read, or those of `ids` (others' ids are left alone). */
  async markRead(db: Queryable, recipientId: string, ids: string[] | null) {
    await db.query(
      `UPDATE notifications SET read_at = now() WHERE recipient_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
      [recipientId, ids],
    );
  },

  async storedChoices(db: Queryable, userId: string) {
    return db.query<StoredChoice>(`SELECT kind, app, email, push FROM notification_settings WHERE user_id = $1`, [userId]);
  },

  async setChoices(db: Queryable, userId: string, kind: NotificationKind, choices: Partial<Record<NotificationChannel, boolean>>) {
    await db.query(
      `INSERT INTO notification_settings (user_id, kind, app, email, push) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, kind) DO UPDATE SET app = COALESCE($3, notification_settings.app),
         email = COALESCE($4, notification_settings.email), push = COALESCE($5, notification_settings.push)`,
      [userId, kind, choices.app ?? null, choices.email ?? null, choices.push ?? null],
    );
  },

  /** An unsubscribe token's person's language, null when they no longer exist. */
  async localeOf(db: Queryable, userId: string) {
    const [row] = await db.query<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [userId]);
    return row?.locale ?? null;
  },

  /**
   * People owed a weekly digest: one of their digest kinds' notifications is unread, still visible, not in an
   * earlier digest and its email on; their last digest (if any) is at least `periodSeconds` old.
   */
  async digestRecipients(db: Queryable, periodSeconds: number, limit: number) {
    return db.query<{ id: string; email: string; locale: string; username: string }>(
      `SELECT u.id::text AS id, u.email, u.locale, u.username FROM users u
       WHERE NOT EXISTS (SELECT 1 FROM notification_digests d WHERE d.user_id = u.id AND d.sent_at > now() - make_interval(secs => $1))
         AND EXISTS (SELECT 1 ${SHOWN_FROM} WHERE n.recipient_id = u.id AND n.read_at IS NULL AND n.digested_at IS NULL
           AND n.kind = ANY($2::text[]) AND ${channelOnSql('email', 'ns', 'n.kind')} AND ${visibleNotificationSql('n', 'ns')})
       ORDER BY u.id LIMIT $3`,
      [periodSeconds, DIGEST_KINDS, limit],
    );
  },

  /** A person's digest items: unread, still visible, their email on, not in an earlier digest; newest first. */
  async digestItems(db: Queryable, userId: string, limit: number) {
    return db.query<NotificationRow>(
      `SELECT ${ROW_COLUMNS} ${SHOWN_FROM}
       WHERE n.recipient_id = $1 AND n.read_at IS NULL AND n.digested_at IS NULL AND n.kind = ANY($2::text[])
         AND ${channelOnSql('email', 'ns', 'n.kind')} AND ${visibleNotificationSql('n', 'ns')}
       ORDER BY n.updated_at DESC, n.id DESC LIMIT $3`,
      [userId, DIGEST_KINDS, limit],
    );
  },

  /**
   * Claims the person's digest for this period (one server wins: the row is written only when the last one is
   * old enough) and marks the items as digested. Answers false when another run claimed it first.
   */
  async claimDigest(tx: Queryable, userId: string, periodSeconds: number, itemIds: string[]) {
    const claimed = await tx.query(
      `INSERT INTO notification_digests (user_id, sent_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE SET sent_at = now() WHERE notification_digests.sent_at <= now() - make_interval(secs => $2)
       RETURNING user_id`,
      [userId, periodSeconds],
    );
    if (claimed.length === 0) return false;
    await tx.query(`UPDATE notifications SET digested_at = now() WHERE id = ANY($1::bigint[])`, [itemIds]);
    return true;
  },

  /** The parent comment's author (a reply's recipient). */
  async commentAuthor(db: Queryable, commentId: string) {
    const [row] = await db.query<{ author_id: string }>(`SELECT author_id::text FROM pin_comments WHERE id = $1`, [commentId]);
    return row?.author_id ?? null;
  },

  /** A Pin's pinner, and its board's owner and collaborators (group_board_pin's recipients). */
  async pinPeople(db: Queryable, pinId: string) {
    const [row] = await db.query<{ pinner_id: string; board_id: string | null; board_people: string[] }>(
      `SELECT p.pinner_id::text, p.board_id::text,
         CASE WHEN p.board_id IS NULL THEN '{}'::text[] ELSE ARRAY(
           SELECT b.owner_id::text FROM boards b WHERE b.id = p.board_id
           UNION SELECT bc.user_id::text FROM board_collaborators bc WHERE bc.board_id = p.board_id) END AS board_people
       FROM pins p WHERE p.id = $1`,
      [pinId],
    );
    return row ?? null;
  },
};
