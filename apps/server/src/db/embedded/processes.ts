/**
 * What a pid read from a lock file stands for now. A crash leaves lock files
 * behind whose process is gone, a zombie nobody reaped (still "alive" to
 * kill(pid, 0)), or a reused pid of some other program: none of these may
 * refuse a restart.
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export type ProcessState = 'running' | 'zombie' | 'gone';

export function processState(pid: number): ProcessState {
  if (!Number.isInteger(pid) || pid <= 0) return 'gone';
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user (PostgreSQL run as its own user by root is ours to signal, so this is someone else's).
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? 'running' : 'gone';
  }
  const stat = readProc(pid, 'stat');
  // "pid (comm) S ...": the state letter follows the last ')'.
  if (stat && /\)\s+[ZX]/.test(stat.slice(stat.lastIndexOf(')')))) return 'zombie';
  return 'running';
}

/** The program a running pid executes (Linux; null where /proc is missing, so callers take it as a match). */
export function processCommand(pid: number): string | null {
  const cmdline = readProc(pid, 'cmdline');
  return cmdline === null ? null : (cmdline.split('\0')[0] ?? '');
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** Waits until pid is gone or a zombie; false if it still runs after timeoutMs. */
async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processState(pid) === 'running') {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Sends each signal in turn, waiting for the process to end after each; true once it has. */
export async function stopProcess(pid: number, steps: [NodeJS.Signals, number][]): Promise<boolean> {
  for (const [signal, waitMs] of steps) {
    if (processState(pid) !== 'running') return true;
    try {
      process.kill(pid, signal);
    } catch {
      return true;
    }
    if (await waitForExit(pid, waitMs)) return true;
  }
  return processState(pid) !== 'running';
}
