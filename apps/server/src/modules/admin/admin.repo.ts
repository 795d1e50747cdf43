/**
 * The admin page's SQL (decision 106): what it reads of the tables the product already keeps (the servers'
 * leases, people, boards, Pins, exports, the database's size), and the last 5xx answers, written by every server.
 */
import type { Queryable } from '../../db/client';

/** How many recent 5xx answers the table keeps (every server's together). */
const ERRORS_KEPT = 500;

interface LiveServerRow {
  worker_id: number;
  host: string;
  pid: number;
  version: string;
  has_redis: boolean;
  started_at: Date;
  heartbeat_at: Date;
  uptime_seconds: number;
}

interface ServerErrorRow {
  at: Date;
  method: string;
  route: string;
  status: number;
  request_id: string;
  worker_id: number;
  host: string;
  message: string;
}

export type ServerError = Omit<ServerErrorRow, 'at'>;

export const adminRepo = {
  /** The servers whose lease is live, by worker id; uptime on the database's clock. */
  async liveServers(db: Queryable) {
    return db.query<LiveServerRow>(
      `SELECT worker_id, host, pid, version, has_redis, started_at, heartbeat_at,
              floor(extract(epoch FROM now() - started_at))::int AS uptime_seconds
         FROM server_leases
        WHERE expires_at > now()
        ORDER BY worker_id`,
    );
  },

  /**
   * The database's size, the media sizes the database records (finished exports still kept, captions' files: the
   * store itself is not asked, decision 106), and how many people, boards and Pins there are.
   */
  async sizesAndCounts(db: Queryable) {
    const rows = await db.query<{ database_bytes: string; media_recorded_bytes: string; people: string; boards: string; pins: string }>(
      `SELECT pg_database_size(current_database())::text AS database_bytes,
              ((SELECT coalesce(sum(size_bytes), 0) FROM exports WHERE status = 'done' AND object_key <> '')
                + (SELECT coalesce(sum((captions->>'bytes')::bigint), 0) FROM pins WHERE captions ? 'bytes'))::text AS media_recorded_bytes,
              (SELECT count(*) FROM users)::text AS people,
              (SELECT count(*) FROM boards)::text AS boards,
              (SELECT count(*) FROM pins)::text AS pins`,
    );
    const r = rows[0]!;
    return {
      databaseBytes: Number(r.database_bytes),
      mediaRecordedBytes: Number(r.media_recorded_bytes),
      people: Number(r.people),
      boards: Number(r.boards),
      pins: Number(r.pins),
    };
  },

  /** A 5xx answer, and the oldest beyond the newest ERRORS_KEPT go (ids come from one sequence for every server). */
  async recordError(db: Queryable, e: ServerError) {
    await db.query(
      `WITH added AS (
         INSERT INTO server_errors (method, route, status, request_id, worker_id, host, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id
       )
       DELETE FROM server_errors WHERE id <= (SELECT id FROM added) - $8`,
      [e.method, e.route, e.status, e.request_id, e.worker_id, e.host, e.message, ERRORS_KEPT],
    );
  },

  /** The newest 5xx answers. */
  async recentErrors(db: Queryable, limit: number) {
    return db.query<ServerErrorRow>('SELECT at, method, route, status, request_id, worker_id, host, message FROM server_errors ORDER BY id DESC LIMIT $1', [
      limit,
    ]);
  },
};
