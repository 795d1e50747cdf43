/**
 * The one database interface the repositories use: parameterised SQL in,
 * plain rows out, over one node-postgres pool (decision 020). The same code
 * talks to the embedded PostgreSQL the app starts itself and to an external
 * server at DATABASE_URL.
 */
import pg from 'pg';
import { AppError } from '../lib/app-error';
import { metricsOn, observeQuery } from '../metrics';
import { repoOf } from '../metrics/query-labels';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** embedded: the PostgreSQL this app runs as its child; external: DATABASE_URL. */
  readonly kind: 'embedded' | 'external';
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | null>;
  /** Runs SQL text with no parameters as it is (several statements allowed: a library's schema script); the last statement's rows. */
  script<T = Record<string, unknown>>(sql: string): Promise<T[]>;
  /** Runs fn in one transaction; everything fn does through `tx` commits or rolls back together. */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn on one connection of the pool, outside any transaction, for session state that must
   * outlive a transaction (a session advisory lock). `conn.tx` runs its transactions on that same connection.
   */
  connection<T>(fn: (conn: Db) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel over a connection of its own, reconnecting when it
   * is lost. onListening(false) says notices may have been missed (the
   * connection dropped); onListening(true) that they flow again.
   */
  listen(channel: string, handler: ListenHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The pool's connections (all, idle) and the queries waiting for one; none on a borrowed connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

interface ListenHandler {
  onNotify(payload: string): void;
  onListening(listening: boolean): void;
}

// bigint ids travel as decimal strings; counts we cast to int in SQL.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (v: string) => v);

/**
 * Statements by name, so each connection parses and plans a query once and
 * then only binds and runs it (pg prepares a named statement per connection
 * on first use). Bounded: SQL texts past the first MAX_NAMED run unnamed, so
 * queries built with a varying shape cannot fill the server's memory.
 */
const MAX_NAMED = 2000;
const statementNames = new Map<string, string>();

/**
 * Begins a statement that PostgreSQL plans for its values on every call (it is sent unnamed). For statements whose
 * conditions turn on which optional parameters are set (a filter, a bookmark): the one shared plan of a named
 * statement must keep every branch, and PostgreSQL moves to it after five calls even when it is far slower than a
 * plan made for the values (search at 20,000 Pins: 33 ms against 7 ms, docs/performance.md).
 */
export const PLANNED_FOR_ITS_VALUES = '/* planned for its values */ ';

export function statement(sql: string, values: unknown[], prepare: boolean): pg.QueryConfig | string {
  if (!prepare || sql.startsWith(PLANNED_FOR_ITS_VALUES)) return sql;
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= MAX_NAMED) return sql;
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values };
}

/** A simple-protocol query of several statements answers one result per statement. */
function lastRows<T>(res: pg.QueryResult | pg.QueryResult[]): T[] {
  const last = Array.isArray(res) ? res.at(-1) : res;
  return (last?.rows ?? []) as T[];
}

function withOne(q: Queryable) {
  return async <T>(sql: string, params?: unknown[]) => {
    const rows = await q.query<T>(sql, params);
    return rows[0] ?? null;
  };
}

/**
 * Errors that mean "the database cannot take this now" (no connection free
 * in time, a statement past its time limit, the server restarting or
 * unreachable) become 503 with Retry-After: the client may try again, and
 * nothing was done.
 */
const BUSY_CODES = new Set(['57014', '57P01', '57P03', '53300', 'ECONNREFUSED', 'ENOENT', 'ECONNRESET']);

export function asBusy(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  const busy = BUSY_CODES.has(e.code ?? '') || /timeout exceeded when trying to connect|Connection terminated/i.test(e.message ?? '');
  return busy ? new AppError('BUSY', 'The server is busy. Try again in a moment.', { headers: { 'retry-after': '1' } }) : err;
}

function postgresDb(
  pool: pg.Pool,
  kind: Db['kind'] = 'external',
  onClose?: () => Promise<void>,
  prepare = true,
  maxWaiting = Infinity,
  listenUrl?: string,
): Db {
  const listeners = new Set<() => Promise<void>>();
  const db: Db = {
    kind,
    async query<T>(sql: string, params: unknown[] = []) {
      // Past maxWaiting requests queued for a connection, answer at once rather than join the queue.
      if (pool.waitingCount >= maxWaiting) throw asBusy({ code: '53300' });
      const q = statement(sql, params, prepare);
      // With metrics on, the query's duration by the repo function that sent it (metrics/query-labels.ts).
      const repo = metricsOn() ? repoOf(sql) : null;
      const started = repo ? performance.now() : 0;
      try {
        const res = typeof q === 'string' ? await pool.query(q, params) : await pool.query(q);
        return res.rows as T[];
      } catch (err) {
        throw asBusy(err);
      } finally {
        if (repo) observeQuery(repo, (performance.now() - started) / 1000);
      }
    },
    one: null as unknown as Db['one'],
    async script<T>(sql: string) {
      try {
        return lastRows<T>(await pool.query(sql));
      } catch (err) {
        throw asBusy(err);
      }
    },
    async tx<T>(fn: (tx: Db) => Promise<T>) {
      if (pool.waitingCount >= maxWaiting) throw asBusy({ code: '53300' });
      const conn = await pool.connect().catch((err: unknown) => Promise.reject(asBusy(err)));
      const lost = whileLent(conn);
      try {
        // In the transaction: a nested `tx` runs inside it (a second BEGIN would be ignored and its COMMIT end this one early).
        return await inTransaction(conn, onConnection(conn, kind, prepare, true), fn);
      } finally {
        lost.stop();
        conn.release(lost.error ?? undefined);
      }
    },
    async connection<T>(fn: (conn: Db) => Promise<T>) {
      const conn = await pool.connect().catch((err: unknown) => Promise.reject(asBusy(err)));
      const lost = whileLent(conn);
      let broken = false;
      try {
        return await fn(onConnection(conn, kind, prepare));
      } catch (err) {
        broken = true;
        throw err;
      } finally {
        lost.stop();
        // A connection that failed mid-way may still hold session state: it is closed rather than reused.
        conn.release(lost.error ?? broken);
      }
    },
    listen: (channel, handler) => listenOn(listenUrl ? { ...pool.options, connectionString: listenUrl } : pool.options, channel, handler, listeners),
    async close() {
      for (const stop of [...listeners]) await stop();
      await pool.end();
      await onClose?.();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
  db.one = withOne(db);
  return db;
}

async function inTransaction<T>(conn: pg.PoolClient, txDb: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  try {
    await conn.query('BEGIN');
    const result = await fn(txDb);
    await conn.query('COMMIT');
    return result;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** A Db over one connection: a transaction on it (`tx`) uses the same connection; nested `tx` runs inside the one open. */
function onConnection(conn: pg.PoolClient, kind: Db['kind'], prepare: boolean, inTx = false): Db {
  const connDb: Db = {
    kind,
    async query<R>(sql: string, params: unknown[] = []) {
      const q = statement(sql, params, prepare);
      const repo = metricsOn() ? repoOf(sql) : null;
      const started = repo ? performance.now() : 0;
      try {
        return (typeof q === 'string' ? await conn.query(q, params) : await conn.query(q)).rows as R[];
      } catch (err) {
        throw asBusy(err);
      } finally {
        if (repo) observeQuery(repo, (performance.now() - started) / 1000);
      }
    },
    one: null as unknown as Db['one'],
    async script<R>(sql: string) {
      try {
        return lastRows<R>(await conn.query(sql));
      } catch (err) {
        throw asBusy(err);
      }
    },
    tx: (fn) => (inTx ? fn(connDb) : inTransaction(conn, onConnection(conn, kind, prepare, true), fn)),
    connection: (fn) => fn(connDb),
    listen: () => Promise.reject(new Error('LISTEN on a borrowed connection')),
    close: async () => {},
  };
  connDb.one = withOne(connDb);
  return connDb;
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]*$/;

async function listenOn(clientOptions: pg.ClientConfig, channel: string, handler: ListenHandler, registry: Set<() => Promise<void>>) {
  if (!CHANNEL_RE.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(clientOptions);
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = null;
      handler.onListening(false);
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), 250);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) handler.onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !stopped) handler.onListening(true);
    } catch {
      lost();
    }
  };

  const stop = async () => {
    stopped = true;
    registry.delete(stop);
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    handler.onListening(false);
    await c?.end().catch(() => {});
  };
  registry.add(stop);
  await connect();
  return stop;
}

export interface OpenPostgresOptions {
  schema?: string;
  max?: number;
  kind?: Db['kind'];
  onClose?: () => Promise<void>;
  /** Named (prepared) statements; off for poolers that cannot keep them (PgBouncer in transaction mode before 1.21). */
  prepare?: boolean;
  /** How long a query waits for a free connection before 503 (ms; default: without end). */
  acquireTimeoutMs?: number;
  /** How long one statement may run before it is cancelled with 503 (ms; default: without end). */
  statementTimeoutMs?: number;
  /** Queries waiting for a connection past which more are refused at once with 503 (default: no limit). */
  maxWaiting?: number;
  /**
   * LISTEN over this address instead of `url` (DATABASE_LISTEN_URL): a direct connection to PostgreSQL when
   * `url` goes through a pooler in transaction mode, which cannot hold a LISTEN.
   */
  listenUrl?: string;
}

export function openPostgres(url: string, opts: OpenPostgresOptions = {}): Db {
  const settings = [
    ...(opts.schema ? [`-c search_path=${opts.schema}`] : []),
    ...(opts.statementTimeoutMs ? [`-c statement_timeout=${Math.round(opts.statementTimeoutMs)}`] : []),
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: settings.length ? settings.join(' ') : undefined,
    connectionTimeoutMillis: opts.acquireTimeoutMs ?? 0,
  });
  // An idle connection the server ended (a restart of the embedded server) is dropped and replaced; never an uncaught error.
  pool.on('error', () => {});
  return postgresDb(pool, opts.kind ?? 'external', opts.onClose, opts.prepare ?? true, opts.maxWaiting ?? Infinity, opts.listenUrl);
}

/**
 * A connection lent out of the pool has no listener for its own 'error' event (the pool listens only while it is
 * idle), so a connection the database ends between two queries of its holder (a dropped database, a restart)
 * would throw the error at the process and stop it. While lent, its error is kept instead: the holder's next
 * query fails, and the connection is thrown away rather than reused.
 */
function whileLent(conn: pg.PoolClient) {
  const state = {
    error: null as Error | null,
    stop: () => conn.off('error', onError),
  };
  const onError = (err: Error) => {
    state.error = err;
  };
  conn.on('error', onError);
  return state;
}
