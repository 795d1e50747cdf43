/**
 * The real app in a process of its own, for the benches that measure it from outside (bench:media,
 * bench:bulk-upload): the script forks itself with `--serve`; the child builds the app on the
 * embedded PostgreSQL and media store its environment names, listens on a free port and sends its
 * address; a message stops it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { openMediaStore } from '../../apps/server/src/media-pipeline/open-media-store';
import { MemoryRateLimiter } from '../../apps/server/src/rate-limit';

/** In the forked child (`--serve`): serves until told to stop, and answers true; in the parent, false. */
export async function servedHere(o: { env: Record<string, string>; poolSize: number }): Promise<boolean> {
  if (!process.argv.includes('--serve')) return false;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: 'false', ...o.env });
  const db = openPostgres(config.databaseUrl!, { kind: 'embedded', max: o.poolSize });
  const { app } = await buildApp({ config, db, media: openMediaStore(config), limiter: new MemoryRateLimiter() });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send!({ address });
  process.on('message', async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
  return true;
}

/** Forks `script` as the app's process with `env`; answers its address. */
export function serve(script: string, env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = fork(script, ['--serve'], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ base: (m as { address: string }).address, child }));
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
}

/** The p-th percentile of sorted times (0 for none). */
export function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
