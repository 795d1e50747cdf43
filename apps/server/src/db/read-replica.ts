/**
 * The read replica (DATABASE_READ_URL, decision 068): a streaming standby of
 * the primary, for reads that may lag a moment behind it. What this module
 * opens is a `Db` whose `query`/`one` run on the replica and everything else
 * (transactions, a held connection, scripts, LISTEN) on the primary, so a
 * caller that happens to get it where it meant the primary still writes and
 * listens where it must.
 *
 * When the replica cannot answer (refused, reset, shutting down, not yet
 * accepting connections, no connection within its short wait), the read
 * runs on the primary instead, the replica is set aside, one line says so,
 * and a probe every second brings it back once it answers (one line again).
 * A read the standby cancels because of replay (a recovery conflict) or a
 * statement that cannot run read-only is answered by the primary too.
 */
import pg from 'pg';
import { answersQueries } from './probe';
import { asBusy, statement, type Db, type OpenPostgresOptions } from './client';

export interface ReadReplica extends Db {
  /** Whether reads go to the replica now (false while it is set aside). */
  readonly usable: boolean;
}

export interface ReadReplicaOptions extends Pick<OpenPostgresOptions, 'max' | 'statementTimeoutMs' | 'prepare' | 'schema'> {
  /** How long a read waits for a replica connection before it goes to the primary (ms). */
  connectTimeoutMs?: number;
  /** How often a replica set aside is tried again (ms). */
  probeMs?: number;
  warn?: (message: string) => void;
  info?: (message: string) => void;
}

/** Connection-level failures: the replica is away, not the query wrong. */
const AWAY_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const AWAY_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i;
/** 40001: canceled by a conflict with recovery; 25006: a statement that writes (read-only transaction). Answered by the primary, the replica stays. */
const PRIMARY_ONLY_CODES = new Set(['40001', '25006']);

function replicaAway(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return AWAY_CODES.has(e.code ?? '') || AWAY_MESSAGE.test(e.message ?? '');
}

/** The replica handle: reads on the replica at `url` with the fallback above; the rest on `primary`. `close()` closes the replica's pool only. */
export function openReadReplica(primary: Db, url: string, opts: ReadReplicaOptions = {}): ReadReplica {
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  const info = opts.info ?? ((m: string) => console.log(m));
  const probeMs = opts.probeMs ?? 1000;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 2000;
  const prepare = opts.prepare ?? true;
  const settings = [
    ...(opts.schema ? [`-c search_path=${opts.schema}`] : []),
    ...(opts.statementTimeoutMs ? [`-c statement_timeout=${Math.round(opts.statementTimeoutMs)}`] : []),
  ];
  // A pool of its own (not client.ts's Db): the fallback needs PostgreSQL's own error codes, which client.ts turns into 503s.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: settings.length ? settings.join(' ') : undefined,
    // A replica that does not hand out a connection soon is treated as away: the primary answers instead.
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'pinboard-read',
  });
  pool.on('error', () => {});
  let away = false;
  let probe: NodeJS.Timeout | null = null;
  let closed = false;

  const setAside = (err: unknown) => {
    if (away || closed) return;
    away = true;
    const e = err as { code?: string; message?: string };
    warn(
      `The read replica at DATABASE_READ_URL does not answer (${[e.code, e.message].filter(Boolean).join(': ') || 'no connection'}): reads go to the primary until it is back.`,
    );
    const tryAgain = () => {
      probe = setTimeout(() => {
        probe = null;
        if (closed) return;
        replicaAlive(url, connectTimeoutMs).then((alive) => {
          if (closed) return;
          if (!alive) return tryAgain();
          away = false;
          info('The read replica at DATABASE_READ_URL answers again: reads go to it again.');
        }, tryAgain);
      }, probeMs);
      probe.unref();
    };
    tryAgain();
  };

  async function onReplica<T>(sql: string, params: unknown[]): Promise<T[]> {
    const q = statement(sql, params, prepare);
    const res = typeof q === 'string' ? await pool.query(q, params) : await pool.query(q);
    return res.rows as T[];
  }

  async function read<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (away || closed) return primary.query<T>(sql, params);
    try {
      return await onReplica<T>(sql, params);
    } catch (err) {
      if (replicaAway(err)) {
        setAside(err);
        return primary.query<T>(sql, params);
      }
      if (PRIMARY_ONLY_CODES.has((err as { code?: string }).code ?? '')) return primary.query<T>(sql, params);
      throw asBusy(err);
    }
  }

  const handle: ReadReplica = {
    kind: primary.kind,
    get usable() {
      return !away && !closed;
    },
    query: read,
    async one<T>(sql: string, params?: unknown[]) {
      return (await read<T>(sql, params))[0] ?? null;
    },
    // Anything in a transaction, on a held connection, or listening stays on the primary.
    script: (sql) => primary.script(sql),
    tx: (fn) => primary.tx(fn),
    connection: (fn) => primary.connection(fn),
    listen: (channel, handler) => primary.listen(channel, handler),
    async close() {
      closed = true;
      if (probe) clearTimeout(probe);
      await pool.end();
    },
  };
  return handle;
}

/** One connection and `SELECT 1`, within the time limit: whether the replica takes reads again. */
const replicaAlive = (url: string, timeoutMs: number) => answersQueries({ connectionString: url, connectionTimeoutMillis: timeoutMs });
