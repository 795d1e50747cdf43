import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { processState } from './embedded/processes';
import { migrate } from './migrate';
import { EXTERNAL_POOL_SIZE, openDatabase, poolSizeFor } from './open';

const root = mkdtempSync(join(tmpdir(), 'pinboard-open-'));
chmodSync(root, 0o711); // as root, the database runs as the postgres user, who must pass through
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = (name: string) => join(root, name);

/** A pid that is a zombie for a few seconds: a child its parent never reaps. */
function zombiePid(): number {
  const out = spawnSync('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 3 >/dev/null'], { encoding: 'utf8', timeout: 200, killSignal: 'SIGKILL' });
  return Number(out.stdout.trim());
}

describe('the pool size', () => {
  it('is one more than the cores for the embedded server, 10 for an external one, unless DATABASE_POOL_SIZE says', () => {
    expect(poolSizeFor('embedded', undefined, 2)).toBe(3);
    expect(poolSizeFor('embedded', undefined, 8)).toBe(9);
    expect(poolSizeFor('external', undefined, 2)).toBe(EXTERNAL_POOL_SIZE);
    expect(EXTERNAL_POOL_SIZE).toBe(10);
    const configured = loadConfig({ DATABASE_POOL_SIZE: '7' }).databasePoolSize;
    expect(poolSizeFor('embedded', configured, 2)).toBe(7);
    expect(poolSizeFor('external', configured, 2)).toBe(7);
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
  });
});

describe('opening the embedded PostgreSQL', () => {
  it('creates, migrates, keeps data across restarts, and re-running migrations does nothing', async () => {
    const config = loadConfig({ DATA_DIR: dataDir('basic') });
    const first = await openDatabase(config);
    expect(first.kind).toBe('embedded');
    await first.query("INSERT INTO users (id, username, email, password_hash) VALUES (1, 'keep', 'keep@example.com', 'x')");
    await first.close();
    const second = await openDatabase(config);
    expect(await second.one('SELECT username FROM users WHERE id = 1')).toEqual({ username: 'keep' });
    expect(await migrate(second)).toEqual([]);
    expect(await second.one<{ fsync: string }>('SHOW fsync')).toEqual({ fsync: 'on' });
    await second.close();
  }, 60_000);

  it('refuses a data directory another live server holds, saying so', async () => {
    const dir = dataDir('held');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'server.pid'), String(process.ppid)); // a live node process that is not us
    await expect(openDatabase(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(/already running on .*held \(pid \d+\)/);
  });

  it('takes over locks whose process is gone or a zombie', async () => {
    const config = loadConfig({ DATA_DIR: dataDir('stale') });
    await (await openDatabase(config)).close();
    const zombie = zombiePid();
    await new Promise((r) => setTimeout(r, 300));
    expect(processState(zombie)).toBe('zombie');
    writeFileSync(join(config.dataDir, 'server.pid'), String(zombie));
    const pidFile = join(config.dataDir, 'postgres', 'postmaster.pid');
    writeFileSync(pidFile, `${zombie}\n${join(config.dataDir, 'postgres')}\n`);
    const db = await openDatabase(config);
    expect(await db.one('SELECT 1 AS ok')).toEqual({ ok: 1 });
    await db.close();
    writeFileSync(join(config.dataDir, 'server.pid'), '999999999');
    const again = await openDatabase(config);
    await again.close();
  }, 60_000);

  it('after kill -9 of the app, starts again at once with every committed row', async () => {
    const dir = dataDir('killed');
    const script = `
      import { loadConfig } from './apps/server/src/config.ts';
      import { openDatabase } from './apps/server/src/db/open.ts';
      const db = await openDatabase(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }));
      await db.query('CREATE TABLE IF NOT EXISTS crash_probe (n int PRIMARY KEY)');
      for (let n = 1; ; n++) { await db.query('INSERT INTO crash_probe VALUES ($1)', [n]); process.stdout.write(n + '\\n'); }
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '../../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = 0;
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        const last = d.toString().trim().split('\n').pop();
        acknowledged = Math.max(acknowledged, Number(last));
        if (acknowledged >= 200) resolve();
      });
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const postmaster = Number(readFileSync(join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(processState(postmaster)).toBe('running'); // the orphaned database server
    const db = await openDatabase(loadConfig({ DATA_DIR: dir }));
    const row = await db.one<{ n: number }>('SELECT max(n)::int AS n FROM crash_probe');
    expect(row!.n).toBeGreaterThanOrEqual(acknowledged);
    await db.close();
    expect(processState(postmaster)).not.toBe('running');
  }, 90_000);

  it('stops with one clear line for a data directory from a newer PostgreSQL', async () => {
    const dir = dataDir('newer');
    mkdirSync(join(dir, 'postgres'), { recursive: true });
    writeFileSync(join(dir, 'postgres', 'PG_VERSION'), '99\n');
    await expect(openDatabase(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(/made by PostgreSQL 99, newer than the embedded PostgreSQL 18/);
    // The refused start leaves the lock free.
    await expect(openDatabase(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(/PostgreSQL 99/);
  });

  it('stops with one clear line when its TCP port is taken', async () => {
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    await expect(openDatabase(loadConfig({ DATA_DIR: dataDir('port'), EMBEDDED_DATABASE_PORT: String(port) }))).rejects.toThrow(
      new RegExp(`port ${port}: it is taken`),
    );
    blocker.close();
  }, 60_000);
});
