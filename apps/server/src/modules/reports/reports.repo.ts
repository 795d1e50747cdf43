import type { Queryable } from '../../db/client';

export const reportsRepo = {
  async insertUserReport(db: Queryable, r: { id: string; reporterId: string; reportedId: string; reason: string; details: string }) {
    await db.query('INSERT INTO user_reports (id, reporter_id, reported_id, reason, details) VALUES ($1, $2, $3, $4, $5)', [
      r.id, r.reporterId, r.reportedId, r.reason, r.details,
    ]);
  },

  async insertCommentReport(db: Queryable, r: { id: string; reporterId: string; authorId: string; commentId: string; reason: string; details: string }) {
    await db.query('INSERT INTO user_reports (id, reporter_id, reported_id, comment_id, reason, details) VALUES ($1, $2, $3, $4, $5, $6)', [
      r.id, r.reporterId, r.authorId, r.commentId, r.reason, r.details,
    ]);
  },

  async insertTakedown(
    db: Queryable,
    r: { id: string; reporterId: string | null; reportedId: string | null; reportedUrl: string | null; reason: string; details: string; law: unknown },
  ) {
    await db.query(
      `INSERT INTO user_reports (id, reporter_id, reported_id, reported_url, reason, details, law)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.id, r.reporterId, r.reportedId, r.reportedUrl, r.reason, r.details, r.law],
    );
  },
};
