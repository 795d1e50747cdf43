import type { Queryable } from '../../db/client';
import { archivedBoardSql, hasBlockedSql, profileBoardSql, visiblePinSql } from '../../kernel';
import { accountRowInViewSql, profileContentVisibleSql, removedFollowsCountSql } from '../../kernel/users.policy';
import { userById, userByUsername, type UserRow } from '../../kernel/people.repo';

export type { UserRow };

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  fullName: string;
  avatarColorIndex: number;
  imageUrl?: string | null;
  about?: string;
  /** False for accounts made through sign-up, until their email is verified; true when absent. */
  emailVerified?: boolean;
  /** One of SUPPORTED_LOCALES; en-US when absent. */
  locale?: string;
}

export const usersRepo = {
  async insert(db: Queryable, u: NewUser): Promise<UserRow> {
    const [row] = await db.query<UserRow>(
      `INSERT INTO users (id, username, email, password_hash, full_name, first_name, avatar_color_index, image_url, about, email_verified, locale)
       VALUES ($1, $2, $3, $4, $5, split_part($5, ' ', 1), $6, $7, $8, $9, $10) RETURNING *`,
      [
        u.id,
        u.username,
        u.email,
        u.passwordHash,
        u.fullName,
        u.avatarColorIndex,
        u.imageUrl ?? null,
        u.about ?? '',
        u.emailVerified ?? true,
        u.locale ?? 'en-US',
      ],
    );
    return row!;
  },

  async setPasswordHash(db: Queryable, id: string, passwordHash: string) {
    await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  },

  /** The people with these usernames (compared without case): id and username as stored. */
  /** The people these usernames name, removed people left out (users.policy accountRowInViewSql). */
  async byUsernames(db: Queryable, usernames: string[]) {
    if (usernames.length === 0) return [];
    return db.query<{ id: string; username: string }>(
      `SELECT u.id, u.username FROM users u WHERE lower(u.username) = ANY($1::text[]) AND ${accountRowInViewSql('u')}`,
      [usernames.map((u) => u.toLowerCase())],
    );
  },

  async setCommentsDefaultOff(db: Queryable, id: string, off: boolean) {
    await db.query('UPDATE users SET comments_default_off = $2 WHERE id = $1', [id, off]);
  },

  /** The shared reads of a person, in the content kernel (decision 081). */
  byId: userById,
  byUsername: userByUsername,

  /** A moderation decision about the person (decision 045); answers whether they exist. */
  async setModeration(db: Queryable, id: string, state: 'removed' | 'restricted' | null) {
    const rows = await db.query('UPDATE users SET moderation = $2 WHERE id = $1 RETURNING id', [id, state]);
    return rows.length > 0;
  },

  /** Makes the account staff (an employee) or not; answers whether it exists. */
  async setEmployee(db: Queryable, username: string, isEmployee: boolean) {
    const rows = await db.query('UPDATE users SET is_employee = $2 WHERE lower(username) = lower($1) RETURNING id', [username, isEmployee]);
    return rows.length > 0;
  },

  async byUsernameOrEmail(db: Queryable, identifier: string) {
    const [row] = await db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($1) LIMIT 1', [identifier]);
    return row ?? null;
  },

  async update(
    db: Queryable,
    id: string,
    fields: Partial<
      Record<
        | 'full_name'
        | 'first_name'
        | 'username'
        | 'about'
        | 'location'
        | 'website_url'
        | 'pronouns'
        | 'image_url'
        | 'is_private_profile'
        | 'allow_messages'
        | 'country'
        | 'locale'
        | 'gender'
        | 'age_group',
        unknown
      >
    >,
  ) {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
    await db.query(`UPDATE users SET ${sets} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
  },

  async usernameTaken(db: Queryable, username: string) {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
    return rows.length > 0;
  },

  async emailTaken(db: Queryable, email: string) {
    const rows = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    return rows.length > 0;
  },

  /**
   * Counts shown on a profile to the viewer, each built on the same policy
   * SQL as the list it counts: boards as the profile's board list
   * (boards.policy profileBoardSql), Pins as the person's Pins feed and the
   * boardless strip (visiblePinSql and the profile-content rule), people as
   * the follower and following lists.
   */
  async profileCounts(db: Queryable, userId: string, viewerId: string | null) {
    const [row] = await db.query<{
      follower_count: number;
      following_count: number;
      interest_following_count: number;
      board_count: number;
      secret_board_count: number;
      archived_board_count: number;
      pin_count: number;
      quick_saves_pin_count: number;
      has_created_pins: boolean;
      story_pin_count: number;
      video_pin_count: number;
    }>(
      `WITH listed_boards AS (SELECT b.privacy, b.archived_at FROM boards b WHERE b.owner_id = $1 AND ${profileBoardSql('$2::bigint')}),
       listed_pins AS (
         SELECT p.board_id, p.parent_pin_id, p.story_pin_data IS NOT NULL AS is_story, (p.video_status IS NOT NULL AND p.embed_type IS NULL) AS is_video FROM pins p LEFT JOIN boards b ON b.id = p.board_id
         WHERE p.pinner_id = $1 AND ${visiblePinSql('$2::bigint')} AND ${profileContentVisibleSql('$1::bigint', '$2::bigint')}
       )
       SELECT
         (SELECT count(*)::int FROM follows WHERE followee_id = $1) - ${removedFollowsCountSql('$1', 'followers')} AS follower_count,
         (SELECT count(*)::int FROM follows WHERE follower_id = $1) - ${removedFollowsCountSql('$1', 'following')}
           + (SELECT count(*)::int FROM interest_follows WHERE user_id = $1) AS following_count,
         (SELECT count(*)::int FROM interest_follows WHERE user_id = $1) AS interest_following_count,
         (SELECT count(*)::int FROM listed_boards) AS board_count,
         (SELECT count(*)::int FROM listed_boards WHERE privacy = 'secret') AS secret_board_count,
         (SELECT count(*)::int FROM listed_boards lb WHERE ${archivedBoardSql('lb')}) AS archived_board_count,
         (SELECT count(*)::int FROM listed_pins) AS pin_count,
         (SELECT count(*)::int FROM listed_pins WHERE board_id IS NULL) AS quick_saves_pin_count,
         EXISTS (SELECT 1 FROM listed_pins WHERE parent_pin_id IS NULL) AS has_created_pins,
         (SELECT count(*)::int FROM listed_pins WHERE is_story AND parent_pin_id IS NULL) AS story_pin_count,
         (SELECT count(*)::int FROM listed_pins WHERE is_video) AS video_pin_count`,
      [userId, viewerId],
    );
    return row!;
  },

  /** Merges preferences into the person's metadata; the save behaviour when given. */
  async updateMetadata(db: Queryable, id: string, patch: Record<string, unknown>, saveBehavior: number | null) {
    await db.query('UPDATE users SET metadata = metadata || $2::jsonb, save_behavior = COALESCE($3, save_behavior) WHERE id = $1', [
      id,
      JSON.stringify(patch),
      saveBehavior,
    ]);
  },

  /** The viewer and another person: follows and blocks each way (blocks.policy), and whether the viewer takes messages. */
  async relationship(db: Queryable, viewerId: string, userId: string) {
    const [row] = await db.query<{
      followed_by_me: boolean;
      following_me: boolean;
      blocked_by_me: boolean;
      blocked_me: boolean;
      viewer_allows_messages: boolean;
    }>(
      `SELECT
         COALESCE((SELECT allow_messages FROM users WHERE id = $1), false) AS viewer_allows_messages,
         EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followee_id = $2) AS followed_by_me,
         EXISTS (SELECT 1 FROM follows WHERE follower_id = $2 AND followee_id = $1) AS following_me,
         ${hasBlockedSql('$1::bigint', '$2::bigint')} AS blocked_by_me,
         ${hasBlockedSql('$2::bigint', '$1::bigint')} AS blocked_me`,
      [viewerId, userId],
    );
    return row;
  },
};
