/**
 * The queue's own SQL (decision 053): the few reads and one write pg-boss has
 * no call for. The name of pg-boss's schema and its creation and migration
 * are the database layer's (db/queue-schema.ts), run with our migrations.
 */
import type { Queryable } from '../db/client';
export { queueSchemaOf } from '../db/queue-schema';

export interface StoredJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  /** A scheduled job's period (its throttling slot). */
  singleton_on: string | null;
  output: { message?: string } | null;
  data: unknown;
}

export const queueRepo = {
  /** A run that must not be retried: no retry is left, so the failure that follows is final. */
  async leaveNoRetry(db: Queryable, schema: string, name: string, id: string) {
    await db.query(`UPDATE ${schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2 AND state = 'active'`, [name, id]);
  },

  /** The jobs of one kind still in the job table (not yet archived), oldest first. */
  async jobsOf(db: Queryable, schema: string, name: string) {
    return db.query<StoredJob>(
      `SELECT id::text, state::text, retry_count, singleton_on::text, output, data FROM ${schema}.job WHERE name = $1 ORDER BY created_on, id`,
      [name],
    );
  },

  /** Jobs still in the job table by kind and state (the metrics' queue gauges; one grouped count per scrape). */
  async countsByState(db: Queryable, schema: string, names: string[]) {
    return db.query<{ queue: string; state: string; count: number }>(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM ${schema}.job WHERE name = ANY($1) GROUP BY name, state`,
      [names],
    );
  },
};
