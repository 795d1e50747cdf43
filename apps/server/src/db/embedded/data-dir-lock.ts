/**
 * One server per data directory: `DATA_DIR/server.pid` holds the pid of the
 * server that owns it. A second start while that server runs is refused with
 * a clear message; a lock left by a crashed server (its process gone, a
 * zombie, or the pid now used by another program) is taken over at once.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { processCommand, processState } from './processes';
import { StartupError } from './startup-error';

export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readPid(path) === process.pid) rmSync(path, { force: true });
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        throw new StartupError(`DATA_DIR ${dataDir} is not writable: give this user write access to it, or set DATA_DIR to another folder.`);
      }
      if (code !== 'EEXIST') throw err;
    }
    const holder = readPid(path);
    if (holder !== null && holder !== process.pid && holdsLock(holder)) {
      throw new StartupError(`Pinboard is already running on ${dataDir} (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`);
    }
    rmSync(path, { force: true }); // stale: its server is gone
  }
  throw new StartupError(`Could not take the lock ${path}: another server is starting on the same DATA_DIR.`);
}

/** The pid of the server running on this data directory, or null when none runs. */
export function lockHolder(dataDir: string): number | null {
  const holder = readPid(join(dataDir, 'server.pid'));
  return holder !== null && holdsLock(holder) ? holder : null;
}

function holdsLock(pid: number): boolean {
  if (processState(pid) !== 'running') return false;
  const command = processCommand(pid);
  // A pid reused by another program after a crash holds nothing.
  return command === null || /node|bun|deno|pinboard/i.test(command);
}

function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
