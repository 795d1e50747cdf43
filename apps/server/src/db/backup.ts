/**
 * A backup of the database (decision 102): every row of our schema's tables and of the job queue's pending jobs,
 * the sequences' positions and the list of migrations the schema is at, read in one REPEATABLE READ snapshot (so
 * it is consistent while the app runs and writes), written as gzipped lines.
 *
 * Why not pg_dump: the embedded PostgreSQL's package ships no pg_dump, and an older one refuses a newer server.
 * The schema needs no dump: it is what our migrations make. A restore applies the migrations the backup lists,
 * loads the rows with triggers and foreign-key checks off (they were checked when written; the counters that
 * triggers keep are rows of their own), and the next start applies the migrations that came after it.
 *
 * The file: a header line `H {json}`, then per table `T {json}` and one `R {row as json}` per row, then `S {json}`
 * per sequence, and `E {json}` at the end (its row count: a cut file is refused, not half loaded).
 */
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { Db } from './client';
import { migrate, migrationFiles } from './migrate';
import { queueSchemaOf } from './queue-schema';

const FORMAT = 'pinboard-backup';
const FORMAT_VERSION = 1;
const BATCH = 500;

interface Header {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  server_version: string;
  migrations: string[];
}

interface TableHeader {
  /** `ours` for a table of the app's schema, `queue` for the job queue's job table. */
  in: 'ours' | 'queue';
  name: string;
  columns: string[];
}

export interface BackupResult {
  tables: number;
  rows: number;
  bytes: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Our schema's tables (partitions come with their parent), without the migrations' own list. */
async function tablesOf(db: Db, schema: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/** The columns a row is written with: stored generated ones are made again by PostgreSQL. */
async function columnsOf(db: Db, schema: string, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = (quote_ident($1) || '.' || quote_ident($2))::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [schema, table],
  );
  return rows.map((r) => r.name);
}

async function sequencesOf(db: Db, schema: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/** Writes a backup of `db` (our schema, its queue's jobs) to `file`: to `file.partial` first, renamed when complete. */
export async function writeBackup(db: Db, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(line + '\n')) await once(gzip, 'drain');
  };
  let tables = 0;
  let rows = 0;
  try {
    await db.connection(async (conn) => {
      await conn.query('SET statement_timeout = 0');
      // One snapshot for the whole backup: what the app writes meanwhile is either wholly in it or not at all.
      await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const [at] = await conn.query<{ schema: string; version: string }>("SELECT current_schema() AS schema, current_setting('server_version') AS version");
        const schema = at!.schema;
        const migrations = (await conn.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name);
        const header: Header = { format: FORMAT, version: FORMAT_VERSION, created_at: new Date().toISOString(), server_version: at!.version, migrations };
        await write(`H ${JSON.stringify(header)}`);
        const queueSchema = await queueSchemaOf(conn);
        const sources: { table: TableHeader; from: string }[] = [];
        for (const name of await tablesOf(conn, schema)) {
          sources.push({ table: { in: 'ours', name, columns: await columnsOf(conn, schema, name) }, from: `${ident(schema)}.${ident(name)}` });
        }
        // The jobs still to run (mails, transcodes); the queues themselves are made by the app (its job kinds).
        const [hasQueue] = await conn.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${queueSchema}.job`]);
        if (hasQueue?.t) {
          sources.push({ table: { in: 'queue', name: 'job', columns: await columnsOf(conn, queueSchema, 'job') }, from: `${ident(queueSchema)}.job` });
        }
        for (const { table, from } of sources) {
          await write(`T ${JSON.stringify(table)}`);
          tables++;
          const list = table.columns.map(ident).join(', ');
          await conn.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(r)::text AS row FROM (SELECT ${list} FROM ${from}) r`);
          for (;;) {
            // As PostgreSQL writes it: a 64-bit id stays exact (JSON.parse would round it).
            const batch = await conn.query<{ row: string }>(`FETCH ${BATCH} FROM backup_rows`);
            for (const { row } of batch) await write(`R ${row}`);
            rows += batch.length;
            if (batch.length < BATCH) break;
          }
          await conn.query('CLOSE backup_rows');
        }
        for (const name of await sequencesOf(conn, schema)) {
          const [seq] = await conn.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${ident(schema)}.${ident(name)}`);
          await write(`S ${JSON.stringify({ name, last_value: seq!.last_value, is_called: seq!.is_called })}`);
        }
        await write(`E ${JSON.stringify({ tables, rows })}`);
      } finally {
        await conn.query('ROLLBACK');
      }
    });
    gzip.end();
    await once(out, 'close');
    renameSync(partial, file);
    return { tables, rows, bytes: out.bytesWritten };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
}

/** A problem with the target or the file that the person restoring can fix: one line, no stack. */
export class RestoreRefused extends Error {}

/** What is in the target already: a restore goes only into an empty database. */
async function tablesIn(db: Db): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
        AND (n.nspname = current_schema() OR n.nspname = $1)`,
    [await queueSchemaOf(db)],
  );
  return Number(row?.n ?? 0);
}

export interface RestoreOptions {
  /** Makes the job queue's queues (the app's job kinds) once the schema is there, before the jobs are loaded. */
  prepareQueues(db: Db): Promise<void>;
  log?: (message: string) => void;
}

/**
 * Loads a backup into `db`, which must be empty: applies the migrations the backup lists (no others: the app's
 * next start applies what came after), then loads every row in one transaction, so a failed restore leaves the
 * schema with no rows rather than half of them. Needs a role that may set session_replication_role (a superuser,
 * or one granted SET on it, PostgreSQL 15+).
 */
export async function restoreBackup(db: Db, file: string, o: RestoreOptions): Promise<{ tables: number; rows: number }> {
  const log = o.log ?? (() => {});
  const existing = await tablesIn(db);
  if (existing > 0) {
    throw new RestoreRefused(
      `The target database is not empty (it holds ${existing} table${existing === 1 ? '' : 's'}): restore into a new, empty database (or a new DATA_DIR), never over one in use.`,
    );
  }
  const lines = readLines(file);
  const first = await lines.next();
  const header = first.done ? null : parseHeader(first.value);
  if (!header) throw new RestoreRefused(`${file} is not a Pinboard backup (npm run backup writes one).`);
  const known = new Set(migrationFiles());
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new RestoreRefused(`${file} was made by a newer Pinboard (it knows the migration ${unknown[0]}): restore it with that version or a later one.`);
  }
  log(`Backup of ${header.created_at} (PostgreSQL ${header.server_version}, ${header.migrations.length} migrations)`);
  await migrate(db, { only: new Set(header.migrations) });
  await o.prepareQueues(db);
  const loaded = await db.connection(async (conn) => {
    await conn.query('SET statement_timeout = 0');
    await conn.query('BEGIN');
    try {
      // Rows as they were: no trigger runs (counters, notices) and no foreign key is checked (tables load in any order).
      await conn.query('SET LOCAL session_replication_role = replica');
      const [at] = await conn.query<{ schema: string }>('SELECT current_schema() AS schema');
      const schema = at!.schema;
      const queueSchema = await queueSchemaOf(conn);
      // What the migrations themselves inserted (defaults, seeded lists) is in the backup too.
      const ours = await tablesOf(conn, schema);
      if (ours.length) await conn.query(`TRUNCATE ${ours.map((t) => `${ident(schema)}.${ident(t)}`).join(', ')}`);
      let tables = 0;
      let rows = 0;
      let table: TableHeader | null = null;
      let batch: string[] = [];
      let end: { tables: number; rows: number } | null = null;
      const flush = async () => {
        if (!table || batch.length === 0) return;
        const target = table.in === 'ours' ? `${ident(schema)}.${ident(table.name)}` : `${ident(queueSchema)}.${ident(table.name)}`;
        const list = table.columns.map(ident).join(', ');
        // A job of a kind this version no longer has would have no queue to go to.
        const only = table.in === 'queue' ? ` WHERE name IN (SELECT name FROM ${ident(queueSchema)}.queue)` : '';
        await conn.query(
          `INSERT INTO ${target} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM jsonb_populate_recordset(NULL::${target}, $1::jsonb)${only}`,
          [`[${batch.join(',')}]`],
        );
        rows += batch.length;
        batch = [];
      };
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        const line = next.value;
        const kind = line.slice(0, 2);
        const body = line.slice(2);
        if (kind === 'R ') {
          batch.push(body);
          if (batch.length >= BATCH) await flush();
        } else if (kind === 'T ') {
          await flush();
          table = JSON.parse(body) as TableHeader;
          if (table.in === 'ours' && !ours.includes(table.name)) throw new RestoreRefused(`The backup has a table ${table.name} the schema lacks.`);
          tables++;
        } else if (kind === 'S ') {
          await flush();
          const seq = JSON.parse(body) as { name: string; last_value: string; is_called: boolean };
          await conn.query('SELECT setval($1::regclass, $2::bigint, $3)', [`${ident(schema)}.${ident(seq.name)}`, seq.last_value, seq.is_called]);
        } else if (kind === 'E ') {
          await flush();
          end = JSON.parse(body) as { tables: number; rows: number };
        }
      }
      if (!end || end.tables !== tables || end.rows !== rows)
        throw new RestoreRefused(`${file} is cut short: it ends before the backup did. Nothing was loaded.`);
      await conn.query('COMMIT');
      return { tables, rows };
    } catch (err) {
      await conn.query('ROLLBACK').catch(() => {});
      throw err;
    }
  });
  return loaded;
}

function parseHeader(line: string): Header | null {
  if (!line.startsWith('H ')) return null;
  try {
    const h = JSON.parse(line.slice(2)) as Header;
    return h.format === FORMAT && h.version === FORMAT_VERSION ? h : null;
  } catch {
    return null;
  }
}

function readLines(file: string): AsyncIterator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  return createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
}
