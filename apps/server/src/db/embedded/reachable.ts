/**
 * As root, PostgreSQL runs as the system user `postgres` (it refuses root),
 * which must be able to pass through every folder above its cluster and its
 * binaries. In a fresh container or VM the project often sits in `/root`
 * (mode 700): then the cluster goes to a folder of its own under
 * `/var/lib/pinboard/`, keyed by DATA_DIR's real path, and the binaries are
 * copied once to `/var/lib/pinboard/` (decision 055).
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, join, parse } from 'node:path';

export interface RunAs {
  uid: number;
  gid: number;
}

/** Where relocated clusters and copied binaries live. */
const ROOT_PLACE = '/var/lib/pinboard';

type StatOf = (path: string) => Pick<Stats, 'uid' | 'gid' | 'mode'>;

/** Whether `who` may pass through a folder with these owner, group and mode bits. */
export function passable(s: Pick<Stats, 'uid' | 'gid' | 'mode'>, who: RunAs): boolean {
  return (s.mode & 0o001) !== 0 || (s.uid === who.uid && (s.mode & 0o100) !== 0) || (s.gid === who.gid && (s.mode & 0o010) !== 0);
}

/** The first folder above `path` (from the root down) that `who` cannot pass through, or null when none is closed. */
export function closedFolderAbove(path: string, who: RunAs, stat: StatOf = statSync): string | null {
  const folders: string[] = [];
  for (let dir = dirname(path); dir !== parse(dir).root; dir = dirname(dir)) folders.unshift(dir);
  return folders.find((dir) => !passable(stat(dir), who)) ?? null;
}

/**
 * Where the cluster of `clusterDir` (DATA_DIR/postgres) lives: there, unless the postgres user
 * cannot reach DATA_DIR; then `{place}/cluster-{hash of DATA_DIR's real path}/postgres`.
 */
export function clusterPlaceFor(clusterDir: string, who: RunAs | null, opts: { place?: string; stat?: StatOf; realpath?: (p: string) => string } = {}) {
  if (!who) return { dir: clusterDir, closedBy: null };
  const dataDir = dirname(clusterDir);
  const closedBy = closedFolderAbove(dataDir, who, opts.stat);
  if (!closedBy) return { dir: clusterDir, closedBy: null };
  const real = (opts.realpath ?? realpathSync)(dataDir);
  const key = createHash('sha256').update(real).digest('hex').slice(0, 16);
  return { dir: join(opts.place ?? ROOT_PLACE, `cluster-${key}`, 'postgres'), closedBy };
}

/** Makes the folder that holds a relocated cluster: the place open to pass through, the cluster's folder the postgres user's own. */
export function prepareClusterPlace(clusterDir: string, who: RunAs, dataDir: string) {
  const home = dirname(clusterDir);
  const place = dirname(home);
  mkdirSync(place, { recursive: true, mode: 0o711 });
  chmodSync(place, statSync(place).mode | 0o011);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chownSync(home, who.uid, who.gid);
  // For the person who finds the folder: which DATA_DIR it belongs to.
  writeFileSync(join(home, 'DATA_DIR'), `${realpathSync(dataDir)}\n`);
}

/**
 * The PostgreSQL binaries (`native/` of the platform package, with bin, lib and share) where the postgres
 * user can run them: as they are, or copied once to `{place}/postgres-{platform package version}/`.
 */
export function reachableNative(nativeDir: string, who: RunAs | null, opts: { place?: string; stat?: StatOf } = {}): string {
  if (!who || !closedFolderAbove(join(nativeDir, 'bin', 'postgres'), who, opts.stat)) return nativeDir;
  const version = (JSON.parse(readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown';
  const target = join(opts.place ?? ROOT_PLACE, `postgres-${version}`);
  if (existsSync(join(target, '.complete'))) return target;
  const building = `${target}.copying`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
  cpSync(nativeDir, building, { recursive: true, verbatimSymlinks: true });
  chmodSync(building, 0o755);
  writeFileSync(join(building, '.complete'), `${nativeDir}\n`);
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
  return target;
}
