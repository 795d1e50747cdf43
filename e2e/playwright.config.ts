import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// run.mjs picks a free port and a per-run build of the web app.
const PORT = Number(process.env.PINBOARD_E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The image host an import fetches from (import.spec.ts serves it on this port; decision 094).
process.env.PINBOARD_E2E_IMAGE_PORT ??= String(PORT + 1);
const repoRoot = new URL('..', import.meta.url).pathname;

// The browser (decision 107): Debian's old headless shell (`chromium-headless-shell`) when it is there, which
// draws pages without the full browser's window and tab strip and costs far less CPU per page; otherwise Debian's
// Chromium. The specs that need the full browser (an extension, the installability check) launch CHROMIUM_PATH.
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const browserPath = existsSync(headlessShell) ? headlessShell : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');

// One fresh data directory per run (run.mjs makes and removes it; set here when
// Playwright is started directly). Workers inherit it through the environment.
process.env.PINBOARD_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pinboard-e2e-'));

export default defineConfig({
  testDir: './specs',
  outputDir: './.artifacts/test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: browserPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The compiled server, as `npm start` runs it (e2e/run.mjs builds it first).
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${BASE_URL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Several browser-test servers may run on one machine: none takes the metrics port.
      METRICS_PORT: '0',
      PUBLIC_URL: BASE_URL,
      DATA_DIR: process.env.PINBOARD_E2E_DATA_DIR,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Every spec signs people up from 127.0.0.1; the per-client sign-up limit is for real clients.
      SIGNUP_RATE_LIMIT_CLIENT: '10000',
      // Likewise the per-client limits on costly actions (decision 025): every browser here is 127.0.0.1.
      MAX_MESSAGE_STREAMS_PER_CLIENT: '10000',
      RATE_LIMIT_TAKEDOWN_ANONYMOUS: '10000',
      RATE_LIMIT_UNAUTH_EVENT: '100000',
      RATE_LIMIT_ATTRIBUTION_LAND: '100000',
      // Signed-out visitors' country (decision 041): a test names it in this header.
      GEO_COUNTRY_HEADER: 'x-test-country',
      // The moderators of takedowns.spec.ts and moderating-people.spec.ts, and the Today editor of discovery.spec.ts the employee of pincodes.spec.ts, the demo's `moderator` of content-reports.spec.ts and the moderator of accessibility-themes.spec.ts and the staff member of admin.spec.ts (staff by setting, as
      // `npm run make-staff` cannot run beside a server on the embedded database).
      STAFF_USERNAMES: 'takedown_staff,e2e_editor,e2e_editor_two,people_staff,pincode_staff,moderator,themes_staff,admin_staff',
      // The Pin-builder test serves its own web page on the loopback address; the
      // server's guard against fetching private addresses is otherwise on.
      FETCH_ALLOW_PRIVATE_ADDRESSES: 'true',
      // import.spec.ts serves Pinterest's image layout on this loopback port.
      IMPORT_IMAGE_BASE_URL: `http://127.0.0.1:${process.env.PINBOARD_E2E_IMAGE_PORT}`,
      IMPORT_FETCH_TIMEOUT_MS: '2000',
      // Collages are an experiment; the browser tests use them.
      EXPERIMENT_GROUPS: 'collages:enabled',
      ...(process.env.PINBOARD_E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.PINBOARD_E2E_WEB_DIST } : {}),
    },
  },
});
