#!/usr/bin/env node
// `npm test`: every test. Unit and API tests with Vitest (API tests on the
// embedded PostgreSQL, and on an external one too when TEST_DATABASE_URL is set), then the browser
// tests in Chromium. Ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'pinboard-test-results-'));
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

let passed = 0;
let failed = 0;
let skipped = 0;

const unitFile = join(out, 'vitest.json');
const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
const unit = readJson(unitFile);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
}
if (unitStatus !== 0 && !unit?.numFailedTests) failed += 1; // a crash before any result counts as a failure

const e2eFile = join(out, 'playwright.json');
const e2eStatus = run('node', ['e2e/run.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile });
const e2e = readJson(e2eFile);
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
if (e2eStatus !== 0 && !e2e?.stats?.unexpected) failed += 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitStatus === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);
