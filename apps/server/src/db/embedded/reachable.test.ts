/** As root, the cluster and binaries go where the postgres user can reach them (decision 055). */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres';
import { closedFolderAbove, clusterPlaceFor, passable, reachableNative } from './reachable';

const POSTGRES = { uid: 999, gid: 999 };
/** A fake file system: /root closed (700, root's), everything else open. */
const stat = (path: string) => (path === '/root' ? { uid: 0, gid: 0, mode: 0o40700 } : { uid: 0, gid: 0, mode: 0o40755 });

describe('where the postgres user can reach', () => {
  it('tells passable folders by their other, owner and group bits', () => {
    expect(passable({ uid: 0, gid: 0, mode: 0o755 }, POSTGRES)).toBe(true);
    expect(passable({ uid: 0, gid: 0, mode: 0o711 }, POSTGRES)).toBe(true);
    expect(passable({ uid: 0, gid: 0, mode: 0o700 }, POSTGRES)).toBe(false);
    expect(passable({ uid: 999, gid: 0, mode: 0o700 }, POSTGRES)).toBe(true);
    expect(passable({ uid: 0, gid: 999, mode: 0o750 }, POSTGRES)).toBe(true);
    expect(passable({ uid: 0, gid: 999, mode: 0o740 }, POSTGRES)).toBe(false);
  });

  it('finds the closed folder above a path', () => {
    expect(closedFolderAbove('/root/app/data/postgres', POSTGRES, stat)).toBe('/root');
    expect(closedFolderAbove('/srv/app/data/postgres', POSTGRES, stat)).toBeNull();
  });

  it('keeps the cluster in DATA_DIR when it can, else a folder keyed by DATA_DIR’s real path', () => {
    const realpath = (p: string) => p.replace('/root/link', '/root/app');
    expect(clusterPlaceFor('/root/app/data/postgres', null, { stat, realpath }).dir).toBe('/root/app/data/postgres');
    expect(clusterPlaceFor('/srv/app/data/postgres', POSTGRES, { stat, realpath }).dir).toBe('/srv/app/data/postgres');
    const moved = clusterPlaceFor('/root/app/data/postgres', POSTGRES, { stat, realpath });
    expect(moved.closedBy).toBe('/root');
    expect(moved.dir).toMatch(/^\/var\/lib\/pinboard\/cluster-[0-9a-f]{16}\/postgres$/);
    expect(clusterPlaceFor('/root/link/data/postgres', POSTGRES, { stat, realpath }).dir).toBe(moved.dir);
    expect(clusterPlaceFor('/root/other/data/postgres', POSTGRES, { stat, realpath }).dir).not.toBe(moved.dir);
  });
});

describe.runIf(userInfo().uid === 0)('as root, in a folder closed to the postgres user', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'pinboard-closed-'));
  chmodSync(scratch, 0o711); // the test's stand-in for /var/lib: open to pass through
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('copies binaries out of a closed folder once', () => {
    const closed = join(scratch, 'home');
    const native = join(closed, 'pkg', 'native');
    mkdirSync(join(native, 'bin'), { recursive: true });
    writeFileSync(join(native, 'bin', 'postgres'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(closed, 'pkg', 'package.json'), '{"version":"18.0.0-test"}');
    chmodSync(closed, 0o700);
    const place = join(scratch, 'place-bin');
    const copied = reachableNative(native, { uid: 65534, gid: 65534 }, { place });
    expect(copied).toBe(join(place, 'postgres-18.0.0-test'));
    expect(readFileSync(join(copied, 'bin', 'postgres'), 'utf8')).toBe('#!/bin/sh\n');
    expect(reachableNative(native, { uid: 65534, gid: 65534 }, { place })).toBe(copied);
    expect(reachableNative(native, null, { place })).toBe(native);
  });

  it('starts the embedded PostgreSQL with its cluster in a folder the postgres user owns, and says where', async () => {
    const home = join(scratch, 'root-home');
    mkdirSync(join(home, 'app', 'data'), { recursive: true });
    chmodSync(home, 0o700);
    const place = join(scratch, 'place');
    const lines: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir: join(home, 'app', 'data', 'postgres'), durable: false, rootPlace: place, log: (m) => lines.push(m) });
    try {
      const client = new pg.Client({ connectionString: server.url('postgres') });
      await client.connect();
      expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 });
      await client.end();
    } finally {
      await server.stop();
    }
    const [folder] = readdirSync(place).filter((f) => f.startsWith('cluster-'));
    expect(existsSync(join(place, folder!, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(readFileSync(join(place, folder!, 'DATA_DIR'), 'utf8').trim()).toBe(join(home, 'app', 'data'));
    expect(statSync(join(place, folder!)).mode & 0o777).toBe(0o700);
    expect(lines.some((l) => l.includes(`${home} is closed to it`) && l.includes(join(place, folder!, 'postgres')))).toBe(true);
    expect(statSync(home).mode & 0o777).toBe(0o700);
  });
});
