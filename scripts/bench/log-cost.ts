/**
 * What the request log costs (decision 062): the server's own CPU time per request for GET /healthz, with the
 * log silent, at info with pino's synchronous destination (before), and at info with the app's asynchronous
 * one (now), each server's standard output going to a file as a log collector would take it. CPU time per
 * request is measured rather than requests a second, so that other work on the machine weighs little.
 * Usage: DATABASE_URL=postgres://… npx tsx scripts/bench/log-cost.ts [requests per round, 20000] [rounds, 3]
 */
import { fork } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// autocannon ships no types; this is the part of its API used here (its promise form).
type Run = (o: { url: string; connections: number; amount: number }) => Promise<{ requests: { sent: number; average: number } }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Run;

const SERVER = fileURLToPath(new URL('./log-cost-server.ts', import.meta.url));
const requests = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 3);
const out = mkdtempSync(join(tmpdir(), 'pinboard-logcost-out-'));
const kinds = {
  silent: { LOG_LEVEL: 'silent' },
  'info, synchronous': { LOG_LEVEL: 'info', LOG_SYNC: '1' },
  'info, asynchronous': { LOG_LEVEL: 'info' },
} as const;

async function measure(name: keyof typeof kinds, round: number) {
  const file = join(out, `${name.replace(/\W+/g, '-')}-${round}.log`);
  const fd = openSync(file, 'a');
  const child = fork(SERVER, [], { env: { ...process.env, ...kinds[name] }, stdio: ['ignore', fd, 'inherit', 'ipc'] });
  closeSync(fd);
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  const cpu = () =>
    new Promise<NodeJS.CpuUsage>((resolve) => {
      child.once('message', (m) => resolve(m as NodeJS.CpuUsage));
      child.send('cpu');
    });
  await autocannon({ url: `http://127.0.0.1:${port}/healthz`, connections: 8, amount: 2000 });
  const before = await cpu();
  const result = await autocannon({ url: `http://127.0.0.1:${port}/healthz`, connections: 8, amount: requests });
  const after = await cpu();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  const us = (after.user - before.user + after.system - before.system) / result.requests.sent;
  return { us, rps: result.requests.average, bytes: statSync(file).size };
}

const table: Record<string, number[]> = {};
for (let r = 0; r < rounds; r++) {
  for (const name of Object.keys(kinds) as (keyof typeof kinds)[]) {
    const m = await measure(name, r);
    (table[name] ??= []).push(m.us);
    console.log(`round ${r + 1}  ${name.padEnd(20)} ${m.us.toFixed(1)} µs CPU/request  ${Math.round(m.rps)} req/s  log ${(m.bytes / 1e6).toFixed(1)} MB`);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const silent = median(table.silent!);
for (const [name, xs] of Object.entries(table))
  console.log(`${name.padEnd(20)} median ${median(xs).toFixed(1)} µs (${((median(xs) / silent - 1) * 100).toFixed(0)} % over silent)`);
