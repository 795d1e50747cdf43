/** The SQL of the push module (decision 088): Web Push subscriptions, one row per browser endpoint. */
import type { Queryable } from '../../db/client';

interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const pushRepo = {
  /**
   * Keeps the endpoint's subscription for this person: a new row, or the endpoint's row with the new keys, moved
   * to this person when another had it (one browser profile, a new person signed in). It counts as new: its
   * failures are forgotten and it is the person's newest.
   */
  async upsert(db: Queryable, userId: string, s: { endpoint: string; p256dh: string; auth: string }) {
    await db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE
          SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
              created_at = now(), failure_count = 0`,
      [userId, s.endpoint, s.p256dh, s.auth],
    );
  },

  /** One subscription change of a person at a time, until the transaction ends (the cap counts what the others left). */
  async lockPerson(tx: Queryable, userId: string) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('pinboard:push-subscriptions:' || $1, 0))", [userId]);
  },

  /** Drops the person's oldest subscriptions past `keep`; answers how many went. */
  async keepNewest(db: Queryable, userId: string, keep: number): Promise<number> {
    const rows = await db.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2)
       RETURNING 1`,
      [userId, keep],
    );
    return rows.length;
  },

  /** Removes the endpoint's subscription if it is this person's; answers whether it was. */
  async removeOwn(db: Queryable, userId: string, endpoint: string): Promise<boolean> {
    const rows = await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING 1', [userId, endpoint]);
    return rows.length > 0;
  },

  async idsOfUser(db: Queryable, userId: string): Promise<string[]> {
    const rows = await db.query<{ id: string }>('SELECT id::text AS id FROM push_subscriptions WHERE user_id = $1 ORDER BY id', [userId]);
    return rows.map((r) => r.id);
  },

  async byId(db: Queryable, id: string): Promise<PushSubscriptionRow | null> {
    const rows = await db.query<PushSubscriptionRow>(
      'SELECT id::text AS id, user_id::text AS user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1',
      [id],
    );
    return rows[0] ?? null;
  },

  /** A delivery arrived: the failures are forgotten. Only if the row still has the keys the push was made with. */
  async delivered(db: Queryable, id: string, endpoint: string) {
    await db.query('UPDATE push_subscriptions SET last_used_at = now(), failure_count = 0 WHERE id = $1 AND endpoint = $2', [id, endpoint]);
  },

  /** The push service says the subscription is gone (404, 410). */
  async remove(db: Queryable, id: string, endpoint: string) {
    await db.query('DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2', [id, endpoint]);
  },

  /** One more delivery failed for good; at `maxFailures` in a row the subscription is removed. Answers whether it was. */
  async failed(db: Queryable, id: string, endpoint: string, maxFailures: number): Promise<boolean> {
    const rows = await db.query<{ failure_count: number }>(
      'UPDATE push_subscriptions SET failure_count = failure_count + 1 WHERE id = $1 AND endpoint = $2 RETURNING failure_count',
      [id, endpoint],
    );
    const count = rows[0]?.failure_count ?? 0;
    if (count < maxFailures) return false;
    await db.query('DELETE FROM push_subscriptions WHERE id = $1 AND failure_count >= $2', [id, maxFailures]);
    return true;
  },
};
