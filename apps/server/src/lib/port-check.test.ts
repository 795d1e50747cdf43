/** A taken port is said before the database starts (decision 055). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenProblem } from './port-check';

let taken: Server;
let port = 0;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

describe('the port check', () => {
  it('names a taken port, and any other failure to listen', () => {
    expect(listenProblem(port, '127.0.0.1', Object.assign(new Error('in use'), { code: 'EADDRINUSE' }))).toBe(
      `Port ${port} is taken: stop what uses it, or set PORT to another port.`,
    );
    expect(listenProblem(80, '127.0.0.1', Object.assign(new Error('permission denied'), { code: 'EACCES' }))).toBe(
      'Pinboard cannot listen on 127.0.0.1:80: permission denied',
    );
  });

  it('stops the server with that one line before it makes the database', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pinboard-port-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'main.ts')], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(`Port ${port} is taken: stop what uses it, or set PORT to another port.`);
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
