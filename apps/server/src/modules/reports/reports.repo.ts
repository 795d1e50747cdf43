import type { Queryable } from '../../db/client';

export interface ReportRow {
  id: string;
  reporter_id: string | null;
  reported_id: string | null;
  reported_url: string | null;
  reason: string;
  details: string;
  form: string | null;
  laws: string[];
  reporter_name: string | null;
  reporter_email: string | null;
  reporter_country: string | null;
  content_date: string | null;
  trusted_flagger: boolean;
  reported_pin_id: string | null;
  reported_board_id: string | null;
  /** A report of a comment (decision 057): the decision acts on the comment, not on its author. Kept after the comment is deleted. */
  comment_id: string | null;
  appeal_of: string | null;
  status: 'open' | 'decided';
  created_at: Date;
}

/** A queue row: the report with the names a moderator reads. */
export interface QueueRow extends ReportRow {
  reporter_username: string | null;
  reported_username: string | null;
  pin_title: string | null;
  pin_moderation: string | null;
  user_moderation: string | null;
  board_name: string | null;
  /** What staff review the content by (reports.policy contentForReview). */
  pin_description: string | null;
  pin_link: string | null;
  board_description: string | null;
  reported_full_name: string | null;
  reported_about: string | null;
  reported_website_url: string | null;
  /** A reported Pin's media base (its image, shown to staff: media.policy) and a reported comment's words. */
  pin_images: Record<string, { url: string; width: number; height: number }> | null;
  comment_text: string | null;
  comment_pin_id: string | null;
  comment_moderation: string | null;
}

export interface DecisionRow {
  id: string;
  report_id: string;
  decider_id: string | null;
  decision: 'remove' | 'restrict' | 'no_action';
  statement_of_reasons: string;
  form: string | null;
  laws: string[];
  target_kind: 'pin' | 'board' | 'user' | 'comment' | 'none';
  target_id: string | null;
  affected_user_id: string | null;
  reported_at: Date;
  decided_at: Date;
}

export interface NewReport {
  id: string;
  reporterId: string | null;
  reportedId: string | null;
  reportedUrl: string | null;
  reason: string;
  details: string;
  form?: string | null;
  laws?: string[];
  reporterName?: string | null;
  reporterEmail?: string | null;
  reporterCountry?: string | null;
  contentDate?: string | null;
  trustedFlagger?: boolean;
  reportedPinId?: string | null;
  reportedBoardId?: string | null;
  commentId?: string | null;
  appealOf?: string | null;
}

export const reportsRepo = {
  async insertReport(db: Queryable, r: NewReport) {
    await db.query(
      `INSERT INTO user_reports (id, reporter_id, reported_id, reported_url, reason, details, law, form, laws, reporter_name,
         reporter_email, reporter_country, content_date, trusted_flagger, reported_pin_id, reported_board_id, appeal_of, comment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        r.id,
        r.reporterId,
        r.reportedId,
        r.reportedUrl,
        r.reason,
        r.details,
        r.laws?.[0] ?? null,
        r.form ?? null,
        r.laws ?? [],
        r.reporterName ?? null,
        r.reporterEmail ?? null,
        r.reporterCountry ?? null,
        r.contentDate ?? null,
        r.trustedFlagger ?? false,
        r.reportedPinId ?? null,
        r.reportedBoardId ?? null,
        r.appealOf ?? null,
        r.commentId ?? null,
      ],
    );
  },

  async insertCommentReport(db: Queryable, r: { id: string; reporterId: string; authorId: string; commentId: string; reason: string; details: string }) {
    await db.query('INSERT INTO user_reports (id, reporter_id, reported_id, comment_id, reason, details) VALUES ($1, $2, $3, $4, $5, $6)', [
      r.id,
      r.reporterId,
      r.authorId,
      r.commentId,
      r.reason,
      r.details,
    ]);
  },

  /** Open reports and takedowns, oldest first (ids are time-ordered), after the cursor's id. */
  async openQueue(db: Queryable, afterId: string | null, limit: number) {
    return db.query<QueueRow>(
      `SELECT r.*, r.content_date::text AS content_date, ru.username AS reporter_username, tu.username AS reported_username,
         p.title AS pin_title, p.moderation AS pin_moderation, tu.moderation AS user_moderation, b.name AS board_name,
         p.description AS pin_description, p.link AS pin_link, b.description AS board_description,
         tu.full_name AS reported_full_name, tu.about AS reported_about, tu.website_url AS reported_website_url,
         p.images AS pin_images, pc.text AS comment_text, pc.pin_id AS comment_pin_id, pc.moderation AS comment_moderation
       FROM user_reports r
       LEFT JOIN users ru ON ru.id = r.reporter_id
       LEFT JOIN users tu ON tu.id = r.reported_id
       LEFT JOIN pins p ON p.id = r.reported_pin_id
       LEFT JOIN boards b ON b.id = r.reported_board_id
       LEFT JOIN pin_comments pc ON pc.id = r.comment_id
       WHERE r.status = 'open' AND ($1::bigint IS NULL OR r.id > $1::bigint)
       ORDER BY r.id LIMIT $2`,
      [afterId, limit],
    );
  },

  /** The report, locked until the transaction ends (one decision per report). */
  async lockReport(db: Queryable, id: string) {
    const [row] = await db.query<ReportRow>('SELECT * FROM user_reports WHERE id = $1 FOR UPDATE', [id]);
    return row ?? null;
  },

  async markDecided(db: Queryable, id: string) {
    await db.query(`UPDATE user_reports SET status = 'decided' WHERE id = $1`, [id]);
  },

  async insertDecision(db: Queryable, d: Omit<DecisionRow, 'decided_at'>) {
    const [row] = await db.query<DecisionRow>(
      `INSERT INTO moderation_decisions (id, report_id, decider_id, decision, statement_of_reasons, form, laws, target_kind, target_id,
         affected_user_id, reported_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [d.id, d.report_id, d.decider_id, d.decision, d.statement_of_reasons, d.form, d.laws, d.target_kind, d.target_id, d.affected_user_id, d.reported_at],
    );
    return row!;
  },

  async insertNotice(db: Queryable, n: { id: string; userId: string; decisionId: string; role: 'affected' | 'reporter'; appealTokenHash?: string | null }) {
    await db.query(
      `INSERT INTO moderation_notices (id, user_id, decision_id, role, appeal_token_hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, decision_id) DO NOTHING`,
      [n.id, n.userId, n.decisionId, n.role, n.appealTokenHash ?? null],
    );
  },

  /** Whom a mailed counter-notice link (its token's hash) was given to, for this decision. */
  async noticeHolderByToken(db: Queryable, decisionId: string, tokenHash: string) {
    const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM moderation_notices WHERE decision_id = $1 AND appeal_token_hash = $2', [
      decisionId,
      tokenHash,
    ]);
    return row?.user_id ?? null;
  },

  /** The person's notices, newest first, with their decisions. */
  async noticesOf(db: Queryable, userId: string, beforeId: string | null, limit: number) {
    return db.query<DecisionRow & { notice_id: string; role: 'affected' | 'reporter'; reported_url: string | null; appealed: boolean }>(
      `SELECT d.*, n.id AS notice_id, n.role, r.reported_url,
         EXISTS (SELECT 1 FROM user_reports a WHERE a.appeal_of = d.id AND a.reporter_id = n.user_id) AS appealed
       FROM moderation_notices n
       JOIN moderation_decisions d ON d.id = n.decision_id
       JOIN user_reports r ON r.id = d.report_id
       WHERE n.user_id = $1 AND ($2::bigint IS NULL OR n.id < $2::bigint)
       ORDER BY n.id DESC LIMIT $3`,
      [userId, beforeId, limit],
    );
  },

  /** The decision and whether this person was told of it (and so may contest it). */
  async decisionForNoticeHolder(db: Queryable, decisionId: string, userId: string) {
    const [row] = await db.query<
      DecisionRow & Pick<ReportRow, 'reported_pin_id' | 'reported_board_id' | 'reported_id' | 'reported_url' | 'comment_id'> & { appealed: boolean }
    >(
      `SELECT d.*, r.reported_pin_id, r.reported_board_id, r.reported_id, r.reported_url, r.comment_id,
         EXISTS (SELECT 1 FROM user_reports a WHERE a.appeal_of = d.id AND a.reporter_id = $2) AS appealed
       FROM moderation_decisions d
       JOIN moderation_notices n ON n.decision_id = d.id AND n.user_id = $2
       JOIN user_reports r ON r.id = d.report_id
       WHERE d.id = $1`,
      [decisionId, userId],
    );
    return row ?? null;
  },

  /**
   * The transparency report's rows: decisions by form, law and decision,
   * with the time from report to decision (hours), over [from, to).
   */
  async transparency(db: Queryable, from: string | null, to: string | null) {
    return db.query<{ form: string; law: string; decision: string; count: number; median_hours: number; mean_hours: number; max_hours: number }>(
      `SELECT COALESCE(d.form, 'report') AS form, COALESCE(l.law, 'none') AS law, d.decision, count(*)::int AS count,
         round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM d.decided_at - d.reported_at)) / 3600)::numeric, 2)::float8 AS median_hours,
         round((avg(extract(epoch FROM d.decided_at - d.reported_at)) / 3600)::numeric, 2)::float8 AS mean_hours,
         round((max(extract(epoch FROM d.decided_at - d.reported_at)) / 3600)::numeric, 2)::float8 AS max_hours
       FROM moderation_decisions d
       LEFT JOIN LATERAL unnest(CASE WHEN cardinality(d.laws) = 0 THEN ARRAY[NULL::text] ELSE d.laws END) AS l(law) ON true
       WHERE ($1::date IS NULL OR d.decided_at >= $1::date) AND ($2::date IS NULL OR d.decided_at < $2::date + 1)
       GROUP BY 1, 2, 3
       ORDER BY 1, 2, 3`,
      [from, to],
    );
  },

  /** Reports still waiting, by form (the transparency report's backlog line). */
  async openCounts(db: Queryable) {
    return db.query<{ form: string; count: number }>(
      `SELECT COALESCE(form, 'report') AS form, count(*)::int AS count FROM user_reports WHERE status = 'open' GROUP BY 1 ORDER BY 1`,
    );
  },
};
