/**
 * The SQL of the servers module: worker-id leases with their heartbeat, and
 * shared secrets (decision 054). Times are the database's clock, one clock
 * for every server.
 */
import type { Queryable } from '../../db/client';

export interface LeaseHolder {
  instanceId: string;
  host: string;
  pid: number;
  hasRedis: boolean;
  /** The version the server runs (shown to staff on the admin page, decision 106). */
  version: string;
}

const holderParams = (h: LeaseHolder) => [h.instanceId, h.host, h.pid, h.hasRedis, h.version];

/**
 * Takes a worker id whose lease is free or expired, or `wanted` only: the lowest free one, or none when
 * all 1024 are held. Two servers that pick the same id at once: the insert of one wins, and the other's
 * ON CONFLICT finds the lease live and takes nothing (it tries again).
 */
export async function takeLease(db: Queryable, holder: LeaseHolder, ttlMs: number, wanted?: number): Promise<number | null> {
  const rows = await db.query<{ worker_id: number }>(
    `INSERT INTO server_leases (worker_id, instance_id, host, pid, has_redis, version, expires_at)
     SELECT w, $1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8 / 1000)
       FROM generate_series(coalesce($7::int, 0), coalesce($7::int, 1023)) AS w
      WHERE NOT EXISTS (SELECT 1 FROM server_leases l WHERE l.worker_id = w AND l.expires_at > now())
      ORDER BY w
      LIMIT 1
     ON CONFLICT (worker_id) DO UPDATE
        SET instance_id = EXCLUDED.instance_id, host = EXCLUDED.host, pid = EXCLUDED.pid, has_redis = EXCLUDED.has_redis,
            version = EXCLUDED.version, started_at = now(), heartbeat_at = now(), expires_at = EXCLUDED.expires_at
      WHERE server_leases.expires_at <= now()
     RETURNING worker_id`,
    [...holderParams(holder), ttlMs, wanted ?? null],
  );
  return rows[0]?.worker_id ?? null;
}

/** Who holds a worker id's live lease, if anyone. */
export async function liveHolder(db: Queryable, workerId: number): Promise<{ instanceId: string; host: string; pid: number } | null> {
  const rows = await db.query<{ instanceId: string; host: string; pid: number }>(
    'SELECT instance_id AS "instanceId", host, pid FROM server_leases WHERE worker_id = $1 AND expires_at > now()',
    [workerId],
  );
  return rows[0] ?? null;
}

/** Takes over a live lease whose holder is known to be gone (a process of this host that no longer runs). */
export async function takeOverLease(db: Queryable, workerId: number, gone: { host: string; pid: number }, holder: LeaseHolder, ttlMs: number) {
  const rows = await db.query(
    `UPDATE server_leases
        SET instance_id = $1, host = $2, pid = $3, has_redis = $4, version = $5, started_at = now(), heartbeat_at = now(),
            expires_at = now() + make_interval(secs => $6::float8 / 1000)
      WHERE worker_id = $7 AND host = $8 AND pid = $9
     RETURNING 1`,
    [...holderParams(holder), ttlMs, workerId, gone.host, gone.pid],
  );
  return rows.length > 0;
}

/** The heartbeat: renews this server's lease; false when it is no longer this server's. */
export async function renewLease(db: Queryable, workerId: number, instanceId: string, ttlMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE server_leases SET heartbeat_at = now(), expires_at = now() + make_interval(secs => $3::float8 / 1000)
      WHERE worker_id = $1 AND instance_id = $2 AND expires_at > now()
     RETURNING 1`,
    [workerId, instanceId, ttlMs],
  );
  return rows.length > 0;
}

export async function releaseLease(db: Queryable, workerId: number, instanceId: string) {
  await db.query('DELETE FROM server_leases WHERE worker_id = $1 AND instance_id = $2', [workerId, instanceId]);
}

/** The servers alive now (a lease not expired), and how many of them have no Redis. */
export async function liveServers(db: Queryable): Promise<{ alive: number; withoutRedis: number }> {
  const rows = await db.query<{ alive: number; without_redis: number }>(
    'SELECT count(*)::int AS alive, count(*) FILTER (WHERE NOT has_redis)::int AS without_redis FROM server_leases WHERE expires_at > now()',
  );
  return { alive: rows[0]?.alive ?? 0, withoutRedis: rows[0]?.without_redis ?? 0 };
}

/** The secret called `name`: the one kept, or `candidate`, kept now, when there is none yet (the first writer wins). */
export async function sharedSecret(db: Queryable, name: string, candidate: string): Promise<string> {
  const rows = await db.query<{ value: string }>(
    `WITH made AS (INSERT INTO shared_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING value)
     SELECT value FROM made UNION ALL SELECT value FROM shared_secrets WHERE name = $1 LIMIT 1`,
    [name, candidate],
  );
  if (rows[0]) return rows[0].value;
  // Made by another server in the same moment: its row is committed now.
  const kept = await db.query<{ value: string }>('SELECT value FROM shared_secrets WHERE name = $1', [name]);
  return kept[0]!.value;
}
