/**
 * `RECS_LAB_DIR=<kept bench folder> npx tsx scripts/bench/recs-lab.ts`: on a database the bench kept
 * (`BENCH_KEEP=1`), the home feed of bench_recs statement by statement: the page's statement and the
 * recommendations, each as the app sends it (a named, prepared statement), with PostgreSQL's CPU per call,
 * and EXPLAIN (ANALYZE, BUFFERS) of the generic plan (what a prepared statement runs after five calls).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Queryable } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { feedsRepo } from '../../apps/server/src/modules/feeds/feeds.repo';
import { topicsRepo } from '../../apps/server/src/modules/topics/topics.repo';
import { RECS_USERNAME } from './seed';

const dir = process.env.RECS_LAB_DIR;
if (!dir) throw new Error('RECS_LAB_DIR: the folder a BENCH_KEEP=1 run kept');
const runs = Number(process.env.LAB_RUNS ?? 300);

async function capture(fn: (q: Queryable) => Promise<unknown>) {
  let captured: { sql: string; params: unknown[] } | null = null;
  await fn({
    async query<T>(sql: string, params: unknown[] = []) {
      captured ??= { sql, params };
      return [] as T[];
    },
  });
  return captured! as { sql: string; params: unknown[] };
}

function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const server = await startEmbeddedPostgres({ dataDir: join(dir, 'postgres') });
try {
  const client = new pg.Client({ connectionString: server.url('bench') });
  await client.connect();
  const {
    rows: [viewer],
  } = await client.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [RECS_USERNAME]);
  const {
    rows: [count],
  } = await client.query<{ n: string }>('SELECT count(*) AS n FROM pins');
  console.log(`${Number(count!.n).toLocaleString('en-US')} Pins; viewer ${viewer!.id}`);
  const {
    rows: [backend],
  } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = backend!.pid;
  const cases = {
    'home page': await capture((q) => feedsRepo.home(q, viewer!.id, null, 26)),
    recommended: await capture((q) => topicsRepo.recommended(q, viewer!.id, null, 26, true)),
  };
  let n = 0;
  for (const [name, c] of Object.entries(cases)) {
    const q = { name: `recs_lab_${n++}`, text: c.sql, values: c.params };
    for (let i = 0; i < 20; i++) await client.query(q);
    const cpu0 = cpuMs(pid);
    const t = performance.now();
    for (let i = 0; i < runs; i++) await client.query(q);
    const wall = (performance.now() - t) / runs;
    const cpu = (cpuMs(pid) - cpu0) / runs;
    const rows = (await client.query(q)).rows.length;
    const {
      rows: [plans],
    } = await client.query<{ generic_plans: string; custom_plans: string }>('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [
      q.name,
    ]);
    console.log(
      `${name.padEnd(12)} ${rows} rows, wall ${wall.toFixed(3)} ms/call, PostgreSQL CPU ${cpu.toFixed(3)} ms/call;` +
        ` plans: ${plans?.generic_plans} generic, ${plans?.custom_plans} custom`,
    );
    if (process.env.LAB_EXPLAIN) {
      const args = c.params.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
      await client.query(`PREPARE lab_c AS ${c.sql}`);
      await client.query('SET plan_cache_mode = force_custom_plan');
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS, SUMMARY) EXECUTE lab_c(${args})`);
      const text = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      console.log(
        'custom plan:',
        text.split('\n')[0],
        text
          .split('\n')
          .filter((l) => /Planning|Execution/.test(l))
          .join('; '),
      );
      await client.query('DEALLOCATE lab_c');
      await client.query('RESET plan_cache_mode');
    }
    if (process.env.LAB_EXPLAIN) {
      await client.query('SET plan_cache_mode = force_generic_plan');
      await client.query(`PREPARE lab_x AS ${c.sql}`);
      const args = c.params.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v)}'`)).join(', ');
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE lab_x(${args})`);
      console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
      await client.query('DEALLOCATE lab_x');
      await client.query('RESET plan_cache_mode');
    }
  }
  await client.end();
} finally {
  await server.stop();
}
