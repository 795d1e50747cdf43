import type { Queryable } from '../../db/client';

export interface NewLanding {
  id: string;
  tokenHash: string;
  channel: string;
  referrer: string;
  pageKind: string;
  site: number;
  inviteCode: string | null;
  sharedBy: string | null;
}

export const entryRepo = {
  async insertLanding(db: Queryable, l: NewLanding) {
    await db.query(
      `INSERT INTO entry_landings (id, token_hash, channel, referrer, page_kind, site, invite_code, shared_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, (SELECT id FROM users WHERE id = $8))`,
      [l.id, l.tokenHash, l.channel, l.referrer, l.pageKind, l.site, l.inviteCode, l.sharedBy],
    );
  },

  /** Ties an unclaimed landing to the account just made; false when there is none (or the account has one). */
  async claimLanding(db: Queryable, tokenHash: string, userId: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE entry_landings SET user_id = $2, signed_up_at = now()
       WHERE token_hash = $1 AND user_id IS NULL AND signed_up_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM entry_landings WHERE user_id = $2)
       RETURNING id`,
      [tokenHash, userId],
    );
    return rows.length > 0;
  },

  async countEvent(db: Queryable, e: { event: string; pageKind: string; site: number }) {
    await db.query(
      `INSERT INTO unauth_event_counts (day, event, page_kind, site, count) VALUES (current_date, $1, $2, $3, 1)
       ON CONFLICT (day, event, page_kind, site) DO UPDATE SET count = unauth_event_counts.count + 1`,
      [e.event, e.pageKind, e.site],
    );
  },

  async isEmployee(db: Queryable, userId: string): Promise<boolean> {
    const [row] = await db.query<{ is_employee: boolean }>('SELECT is_employee FROM users WHERE id = $1', [userId]);
    return !!row?.is_employee;
  },

  /** Sign-ups per ISO week (Monday, UTC) and entry channel, newest week first; accounts without a landing count as 'unknown'. */
  async signupsByWeek(db: Queryable, weeks: number) {
    return db.query<{ week: string; channel: string; signups: number }>(
      `SELECT to_char(date_trunc('week', u.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week,
              COALESCE(l.channel, 'unknown') AS channel, count(*)::int AS signups
       FROM users u LEFT JOIN entry_landings l ON l.user_id = u.id
       WHERE u.created_at >= date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(weeks => $1 - 1)
       GROUP BY 1, 2 ORDER BY 1 DESC, 3 DESC, 2`,
      [weeks],
    );
  },

  async eventTotals(db: Queryable, days: number) {
    return db.query<{ event: string; page_kind: string; count: number }>(
      `SELECT event, page_kind, sum(count)::int AS count FROM unauth_event_counts
       WHERE day > current_date - $1::int GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT 100`,
      [days],
    );
  },
};
