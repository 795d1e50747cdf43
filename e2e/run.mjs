#!/usr/bin/env node
// `npm run test:e2e`: builds the web app (the server serves apps/web/dist),
// makes sure Chromium is there, then runs the Playwright specs against a real
// server on a fresh data directory. Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) {
  console.error('e2e: the web app did not build; fix the build first.');
  process.exit(1);
}

if (!existsSync(chromium) && process.env.CHROMIUM_PATH === undefined && process.getuid?.() === 0) {
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
}
if (!existsSync(chromium)) {
  console.error(`e2e: Chromium was not found at ${chromium}: install it with \`sudo apt-get install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'pinboard-e2e-'));
const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  PINBOARD_E2E_DATA_DIR: dataDir,
  CHROMIUM_PATH: chromium,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
