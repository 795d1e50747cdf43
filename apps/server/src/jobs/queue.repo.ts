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

  /** Each queue's jobs waiting (created), waiting to be retried, running (active) and failed, by the queue table's names (the admin page, decision 106). */
  async counts(db: Queryable, schema: string) {
    return db.query<QueueCounts>(
      `SELECT q.name,
              count(j.id) FILTER (WHERE j.state = 'created')::int AS created,
              count(j.id) FILTER (WHERE j.state = 'retry')::int AS retry,
              count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
              count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
         FROM ${schema}.queue q
         LEFT JOIN ${schema}.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active', 'failed')
        GROUP BY q.name
        ORDER BY q.name`,
    );
  },

  /** The newest failed jobs still in the job table (not yet archived), with their error. */
  async failed(db: Queryable, schema: string, limit: number) {
    return db.query<FailedJob>(
      `SELECT id::text, name, retry_count, output->>'message' AS message, created_on, completed_on
         FROM ${schema}.job
        WHERE state = 'failed'
        ORDER BY completed_on DESC NULLS LAST, id
        LIMIT $1`,
      [limit],
    );
  },

  /** Locks a failed job for the rest of the transaction; false when there is no such failed job. */
  async lockFailed(db: Queryable, schema: string, name: string, id: string) {
    const rows = await db.query(`SELECT 1 FROM ${schema}.job WHERE name = $1 AND id = $2::uuid AND state = 'failed' FOR UPDATE`, [name, id]);
    return rows.length > 0;
  },
};

interface QueueCounts {
  name: string;
  created: number;
  retry: number;
  active: number;
  failed: number;
}

interface FailedJob {
  id: string;
  name: string;
  retry_count: number;
  message: string | null;
  created_on: Date;
  completed_on: Date | null;
}
