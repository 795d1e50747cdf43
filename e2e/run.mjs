#!/usr/bin/env node
// `npm run test:e2e`: builds the web app and the server, makes sure Chromium is there, then
// runs the Playwright specs against a real server on a fresh data directory.
// Extra arguments go to `playwright test`.
//
// Each run builds into its own directory and listens on a free port, so two
// runs (or a run beside a dev server) never serve each other's files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

/** A port nothing listens on right now (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const webDist = mkdtempSync(join(tmpdir(), 'pinboard-e2e-web-'));
const dataDir = mkdtempSync(join(tmpdir(), 'pinboard-e2e-'));
const cleanUp = () => {
  rmSync(webDist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
};

if (run('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir']) !== 0) {
  console.error('e2e: the web app did not build; fix the build first.');
  cleanUp();
  process.exit(1);
}

// The browser extension (apps/extension/dist/chromium), which extension.spec.ts loads into Chromium.
if (run('npm', ['run', 'build', '-w', 'apps/extension']) !== 0) {
  console.error('e2e: the browser extension did not build; fix the build first.');
  cleanUp();
  process.exit(1);
}

try {
  await buildServer();
} catch (err) {
  console.error(`e2e: the server did not build: ${err.message}`);
  cleanUp();
  process.exit(1);
}

// Debian's Chromium, and its old headless shell, which most specs use when it is there (playwright.config.ts).
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const wanted = [
  ...(!existsSync(chromium) && process.env.CHROMIUM_PATH === undefined ? ['chromium'] : []),
  ...(!existsSync(headlessShell) && process.env.CHROMIUM_HEADLESS_SHELL_PATH === undefined ? ['chromium-headless-shell'] : []),
];
if (wanted.length > 0 && process.getuid?.() === 0) {
  run('apt-get', ['update']);
  for (const name of wanted) run('apt-get', ['install', '-y', name]);
}
if (!existsSync(chromium)) {
  console.error(`e2e: Chromium was not found at ${chromium}: install it with \`sudo apt-get install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`);
  cleanUp();
  process.exit(1);
}

const port = process.env.PINBOARD_E2E_PORT ?? String(await freePort());
const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  PINBOARD_E2E_DATA_DIR: dataDir,
  PINBOARD_E2E_WEB_DIST: webDist,
  PINBOARD_E2E_PORT: port,
  CHROMIUM_PATH: chromium,
});
cleanUp();
process.exit(status);
