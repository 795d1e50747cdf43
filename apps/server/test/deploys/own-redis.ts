/**
 * A redis-server of a test's own, on a free port, that the test may stop and
 * start again (the shared Redis of the machine is never stopped). `null` when
 * there is no redis-server binary: the test skips with a message.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: the way a crash or a lost machine looks to its clients. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that hangs, its connections open and silent. */
  pause(): void;
  resume(): void;
}

export async function ownRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
    probe.on('error', () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const self: OwnRedis = {
    url,
    port,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const started = Date.now();
      while (!(await answers())) {
        if (Date.now() - started > 10_000) throw new Error(`redis-server on port ${port} did not answer`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async kill() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      c.kill('SIGCONT');
      await exited;
    },
  };
  return self;
}
