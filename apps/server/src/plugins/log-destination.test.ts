import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BATCH_BYTES, BATCH_MS, BatchedDestination } from './log-destination';

const MODULE = new URL('./log-destination.ts', import.meta.url).pathname;
/** pino as the app resolves it (the script runs from a temporary folder, outside the workspace). */
const PINO = createRequire(MODULE).resolve('pino');

/** Runs a script in a process of its own (TypeScript through tsx), its standard output a pipe as a log collector's. */
function run(body: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-log-'));
  try {
    const script = join(dir, 'script.ts');
    writeFileSync(script, `import pino from ${JSON.stringify(PINO)};\nimport { asyncStdout } from ${JSON.stringify(MODULE)};\n${body}\n`);
    return spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', cwd: process.cwd(), timeout: 60_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the asynchronous log destination', () => {
  it('loses no line when the process exits right after writing them', () => {
    const r = run(`const log = pino({ level: 'info' }, asyncStdout());\nfor (let i = 0; i < 5000; i++) log.info({ i }, 'request');\nprocess.exit(0);`);
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(lines).toHaveLength(5000);
    expect(lines.at(-1)).toMatchObject({ i: 4999, msg: 'request' });
  });

  it('is one destination per process, however many loggers use it', () => {
    const r = run(`console.log(asyncStdout() === asyncStdout() ? 'same' : 'different');`);
    expect(r.stdout.trim()).toBe('same');
  });
});

/** Stands in for sonic-boom: records what it is handed, and when. */
function recorder() {
  const writes: string[] = [];
  return { writes, boom: { write: (chunk: string) => writes.push(chunk) > 0, flushSync: () => undefined } };
}
const line = (level: number, i: number) => `{"level":${level},"time":1,"i":${i},"msg":"request"}\n`;

describe('routine lines are written in batches', () => {
  it('hands a tick of request lines over as one write once the batch time has passed', async () => {
    const { writes, boom } = recorder();
    const destination = new BatchedDestination(1, boom);
    const lines = Array.from({ length: 100 }, (_, i) => line(30, i));
    for (const l of lines) destination.write(l);
    expect(writes).toHaveLength(0);
    await vi.waitFor(() => expect(writes).toHaveLength(1), { timeout: 10 * BATCH_MS });
    expect(writes[0]).toBe(lines.join(''));
  });

  it('writes a warning at once, after the routine lines that came before it', () => {
    const { writes, boom } = recorder();
    const destination = new BatchedDestination(1, boom);
    destination.write(line(30, 1));
    destination.write(line(20, 2));
    destination.write(line(40, 3));
    expect(writes).toEqual([line(30, 1) + line(20, 2) + line(40, 3)]);
    destination.write(line(50, 4));
    expect(writes).toEqual([line(30, 1) + line(20, 2) + line(40, 3), line(50, 4)]);
  });

  it('writes a batch at once when it reaches its size', () => {
    const { writes, boom } = recorder();
    const destination = new BatchedDestination(1, boom);
    const one = line(30, 0);
    const count = Math.ceil(BATCH_BYTES / one.length);
    for (let i = 0; i < count; i++) destination.write(one);
    expect(writes).toEqual([one.repeat(count)]);
  });

  it("writes a line that is not pino's at once rather than guess its level", () => {
    const { writes, boom } = recorder();
    new BatchedDestination(1, boom).write('plain text\n');
    expect(writes).toEqual(['plain text\n']);
  });
});

describe('the destination in a process', () => {
  it('writes a warning while the event loop is busy, with the request lines before it', async () => {
    // The child logs, then holds its event loop until this test has read the warning: only what was handed to
    // sonic-boom at once (written from its thread pool) can reach the pipe meanwhile.
    const dir = mkdtempSync(join(tmpdir(), 'pinboard-log-'));
    const seen = join(dir, 'seen');
    const script = join(dir, 'script.ts');
    writeFileSync(
      script,
      `import pino from ${JSON.stringify(PINO)};\nimport { existsSync } from 'node:fs';\nimport { asyncStdout } from ${JSON.stringify(MODULE)};\n` +
        `const log = pino({ level: 'info' }, asyncStdout());\nfor (let i = 0; i < 3; i++) log.info({ i }, 'request');\nlog.warn('trouble');\n` +
        `const until = Date.now() + 60_000;\nwhile (!existsSync(${JSON.stringify(seen)}) && Date.now() < until);\nprocess.kill(process.pid, 'SIGKILL');\n`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"trouble"')) writeFileSync(seen, '');
    });
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(['request', 'request', 'request', 'trouble']);
  }, 90_000);
});
