/**
 * The one database interface the repositories use: parameterised SQL in,
 * plain rows out. Two adapters speak the same PostgreSQL dialect:
 * PGlite (embedded, in process) and node-postgres (a real server).
 */
import { PGlite, types } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | null>;
  /** Runs fn in one transaction; everything fn does through `tx` commits or rolls back together. */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// bigint ids travel as decimal strings; counts we cast to int in SQL.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (v: string) => v);

function withOne(q: Queryable) {
  return async <T>(sql: string, params?: unknown[]) => {
    const rows = await q.query<T>(sql, params);
    return rows[0] ?? null;
  };
}

export function pgliteDb(client: PGlite): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await client.query<T>(sql, params);
      return res.rows;
    },
    one: null as unknown as Db['one'],
    async tx<T>(fn: (tx: Db) => Promise<T>) {
      return client.transaction(async (t) => {
        const txDb: Db = {
          kind: 'pglite',
          async query<R>(sql: string, params: unknown[] = []) {
            return (await t.query<R>(sql, params)).rows;
          },
          one: null as unknown as Db['one'],
          tx: (inner) => inner(txDb), // already inside a transaction
          close: async () => {},
        };
        txDb.one = withOne(txDb);
        return fn(txDb);
      });
    },
    close: () => client.close(),
  };
  db.one = withOne(db);
  return db;
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Db> {
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    parsers: { [types.INT8]: (v: string) => v },
  });
  return pgliteDb(client);
}

export function postgresDb(pool: pg.Pool): Db {
  const db: Db = {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params);
      return res.rows as T[];
    },
    one: null as unknown as Db['one'],
    async tx<T>(fn: (tx: Db) => Promise<T>) {
      const conn = await pool.connect();
      const txDb: Db = {
        kind: 'postgres',
        async query<R>(sql: string, params: unknown[] = []) {
          return (await conn.query(sql, params)).rows as R[];
        },
        one: null as unknown as Db['one'],
        tx: (inner) => inner(txDb),
        close: async () => {},
      };
      txDb.one = withOne(txDb);
      try {
        await conn.query('BEGIN');
        const result = await fn(txDb);
        await conn.query('COMMIT');
        return result;
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
  db.one = withOne(db);
  return db;
}

export function openPostgres(url: string, opts: { schema?: string; max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  return postgresDb(pool);
}
