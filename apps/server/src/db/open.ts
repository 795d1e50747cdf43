/**
 * Opens the configured database: the PostgreSQL at DATABASE_URL, or else the
 * embedded PostgreSQL in DATA_DIR/postgres, started here as a child of the
 * app (one server per DATA_DIR, guarded by DATA_DIR/server.pid). Migrations
 * run before the app listens.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, type Db } from './client';
import { lockDataDir, lockHolder } from './embedded/data-dir-lock';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded/embedded-postgres';
import { StartupError } from './embedded/startup-error';
import { migrate } from './migrate';

/**
 * The configuration's part that opens the database (config.ts: DATA_DIR, DATABASE_*, EMBEDDED_DATABASE_PORT;
 * Config has every field). Written out here so that db/, below the configuration, does not import it (decision 070).
 */
export interface DatabaseSettings {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseListenUrl: string | undefined;
  databasePoolSize: number | undefined;
  databaseAcquireTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  databaseMaxWaiting: number;
  databasePreparedStatements: boolean;
  embeddedDatabasePort: number | undefined;
}

const EMBEDDED_DATABASE = 'pinboard';

export interface OpenOptions {
  log?: (message: string) => void;
  /** Called when the embedded server died and could not be started again. */
  onFatal?: (err: Error) => void;
  /** Whether to migrate once open (default true; `npm run migrate` migrates itself, to report what it applied). */
  migrate?: boolean;
}

export async function openDatabase(config: DatabaseSettings, opts: OpenOptions = {}): Promise<Db> {
  const log = opts.log ?? (() => {});
  if (config.databaseUrl) {
    const db = openPostgres(config.databaseUrl, {
      ...poolLimits(config, 'external'),
      prepare: config.databasePreparedStatements,
      listenUrl: config.databaseListenUrl,
    });
    if (opts.migrate !== false) {
      await migrate(db).catch(async (err: unknown) => {
        await db.close();
        throw err;
      });
    }
    return db;
  }
  try {
    mkdirSync(config.dataDir, { recursive: true });
  } catch {
    throw new StartupError(`DATA_DIR ${config.dataDir} cannot be created: give this user write access to its parent, or set DATA_DIR to another folder.`);
  }
  const release = lockDataDir(config.dataDir);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'postgres'),
      port: config.embeddedDatabasePort,
      log,
    });
    server.onUnexpectedExit((code, signal) => {
      log(`The embedded PostgreSQL ended unexpectedly (${signal ?? `exit ${code}`}); starting it again`);
      server.restart().then(
        () => log('The embedded PostgreSQL is running again'),
        (err: Error) => opts.onFatal?.(err),
      );
    });
    await createDatabaseIfMissing(server.url('postgres'), EMBEDDED_DATABASE);
    const db = openPostgres(server.url(EMBEDDED_DATABASE), {
      kind: 'embedded',
      ...poolLimits(config, 'embedded'),
      onClose: async () => {
        await server.stop();
        release();
      },
    });
    if (opts.migrate !== false) {
      await migrate(db).catch(async (err: unknown) => {
        await db.close();
        throw err;
      });
    }
    return db;
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The embedded database of the server running on DATA_DIR, opened from another process (npm run backup while
 * the app runs: PostgreSQL serves both); null when no server runs there.
 */
export async function openRunningEmbedded(dataDir: string): Promise<Db | null> {
  if (lockHolder(dataDir) === null) return null;
  const running = await runningEmbeddedPostgres(join(dataDir, 'postgres'));
  if (!running) throw new StartupError(`The server on ${dataDir} is starting or stopping and its database is not running: try again in a moment.`);
  return openPostgres(running.url(EMBEDDED_DATABASE), { kind: 'embedded', max: 2 });
}

/** The pool for an external server when DATABASE_POOL_SIZE is unset (it has cores of its own). */
export const EXTERNAL_POOL_SIZE = 10;

/**
 * Connections when DATABASE_POOL_SIZE is unset. The embedded PostgreSQL shares this machine's cores with the
 * app: one more connection than cores keeps them busy, and more only make backends take turns on them, each
 * turn costing caches and the event loop its core (decision 050: on 2 cores, 3 connections against 10 served
 * the home feed at a p99 of 28.8-40.5 ms against 48.7-51.0 ms, the event-loop delay's p99 halved).
 */
export function poolSizeFor(kind: Db['kind'], configured: number | undefined, cores = availableParallelism()) {
  return configured ?? (kind === 'embedded' ? cores + 1 : EXTERNAL_POOL_SIZE);
}

/** Bounded waits: under overload a request gets 503 quickly instead of waiting without end. */
function poolLimits(config: DatabaseSettings, kind: Db['kind']) {
  return {
    max: poolSizeFor(kind, config.databasePoolSize),
    acquireTimeoutMs: config.databaseAcquireTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    maxWaiting: config.databaseMaxWaiting,
  };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
