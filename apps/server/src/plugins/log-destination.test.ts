import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { i: number; msg: string });
    expect(lines).toHaveLength(5000);
    expect(lines.at(-1)).toMatchObject({ i: 4999, msg: 'request' });
  });

  it('is one destination per process, however many loggers use it', () => {
    const r = run(`console.log(asyncStdout() === asyncStdout() ? 'same' : 'different');`);
    expect(r.stdout.trim()).toBe('same');
  });
});
