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
/** The names of failed tests, listed again just above the summary so that a short log still shows them. */
const failures = [];
/** The first line of a failure's message (colours stripped, cut short), so that the summary says why as well as what. */
const why = (message) => {
  const line =
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line ? `\n      ${line.trim().slice(0, 240)}` : '';
};

const unitFile = join(out, 'vitest.json');
const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitFile}`]);
const unit = readJson(unitFile);
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + unit.numTodoTests;
  for (const file of unit.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${file.name.replace(root, '')} › ${test.fullName}${why(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${file.name.replace(root, '')}: ${(file.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
}
if (unitStatus !== 0 && !unit?.numFailedTests) failed += 1; // a crash before any result counts as a failure

const e2eFile = join(out, 'playwright.json');
const e2eStatus = run('node', ['e2e/run.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile });
const e2e = readJson(e2eFile);
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
  const walk = (suite, parents) => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...parents, suite.title] : parents; // a file's suite is named by the file
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failures.push(`e2e/${spec.file} › ${[...titles, spec.title].join(' › ')}${why(test.results?.at(-1)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of e2e.suites ?? []) walk(suite, []);
}
if (e2eStatus !== 0 && !e2e?.stats?.unexpected) failed += 1;

/** The slowest files of each runner, so that a long run says where its time went. */
function slowest(label, rows) {
  const top = rows.sort((a, b) => b[1] - a[1]).slice(0, 12);
  if (top.length) console.log(`\nSlowest ${label}:\n${top.map(([name, ms]) => `  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`).join('\n')}`);
}
slowest(
  'Vitest files',
  (unit?.testResults ?? []).map((file) => [file.name.replace(root, ''), (file.endTime ?? 0) - (file.startTime ?? 0)]),
);
const specTimes = new Map();
const addSpecTimes = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? []) specTimes.set(spec.file, (specTimes.get(spec.file) ?? 0) + (result.duration ?? 0));
  }
  for (const child of suite.suites ?? []) addSpecTimes(child);
};
for (const suite of e2e?.suites ?? []) addSpecTimes(suite);
slowest(
  'browser specs (summed test time)',
  [...specTimes.entries()].map(([file, ms]) => [`e2e/${file}`, ms]),
);

if (failures.length) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitStatus === 0 && e2eStatus === 0 && failed === 0 ? 0 : 1);
