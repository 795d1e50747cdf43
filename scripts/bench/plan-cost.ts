/**
 * `npx tsx scripts/bench/plan-cost.ts`: what planning costs on the hot reads.
 * Seeds the bench data set (seed.ts) into an embedded PostgreSQL started
 * here, then sends the SQL the app sends for each case (captured by calling
 * the real repository functions) PLAN_RUNS times one after another, as the
 * app does (an unnamed statement: parsed and planned on every call) and as a
 * named prepared statement (parsed once; PostgreSQL may keep the plan), and
 * prints the wall time and the PostgreSQL backend's CPU time per call
 * (/proc), plus the average size of a Pin row and of its wide columns.
 *
 * PLAN_PINS (100000), PLAN_RUNS (2000).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, type Queryable } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { boardsRepo } from '../../apps/server/src/modules/boards/boards.repo';
import { feedsRepo } from '../../apps/server/src/modules/feeds/feeds.repo';
import { pinsRepo } from '../../apps/server/src/modules/pins/pins.repo';
import { usersRepo } from '../../apps/server/src/modules/users/users.repo';
import { makeBenchImages, seedBench } from './seed';

const pins = Number(process.env.PLAN_PINS ?? 100_000);
const runs = Number(process.env.PLAN_RUNS ?? 2000);

/** The first SQL and parameters `fn` sends. */
async function capture(fn: (q: Queryable) => Promise<unknown>) {
  let captured: { sql: string; params: unknown[] } | null = null;
  await fn({
    async query<T>(sql: string, params: unknown[] = []) {
      captured ??= { sql, params };
      return [] as T[];
    },
  }).catch(() => {}); // the repositories may trip over the empty answer after sending their SQL
  if (!captured) throw new Error('the repository function sent no SQL');
  return captured as { sql: string; params: unknown[] };
}

function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const root = mkdtempSync(join(os.tmpdir(), 'pinboard-plan-cost-'));
chmodSync(root, 0o711); // run as root, PostgreSQL runs as the postgres user
const server = await startEmbeddedPostgres({ dataDir: join(root, 'postgres') });
try {
  await createDatabaseIfMissing(server.url('postgres'), 'bench');
  const db = openPostgres(server.url('bench'), { kind: 'embedded', max: 2 });
  await migrate(db);
  const images = await makeBenchImages(new DiskMediaStore(join(root, 'media')), 11);
  const seed = await seedBench(db, images.slice(0, 10), {
    pins,
    bigBoardPins: 10_000,
    users: 200,
    viewerFollows: 20,
    boardsPerUser: 3,
    ownImage: images[10]!,
    log: () => {},
  });
  const [sizes] = await db.query(
    `SELECT avg(pg_column_size(p.*))::int AS row_bytes, avg(pg_column_size(images))::int AS images_bytes, avg(pg_column_size(search))::int AS search_bytes,
            avg(length(search::text))::int AS search_text_chars
     FROM pins p WHERE board_id = $1`,
    [seed.bigBoard.id],
  );
  console.log(`${pins.toLocaleString('en-US')} Pins; a Pin row of the big board, on average:`, sizes);
  const [curator] = await db.query<{ owner_id: string }>('SELECT owner_id FROM boards WHERE id = $1', [seed.bigBoard.id]);
  const cases = {
    'Pin read': await capture((q) => pinsRepo.visibleById(q, seed.ownImagePin.id, null as unknown as string)),
    'board lookup': await capture((q) => boardsRepo.byId(q, seed.bigBoard.id, null as unknown as string)),
    'board page 1': await capture((q) => feedsRepo.board(q, null, seed.bigBoard.id, null, 26)),
    'home feed': await capture((q) => feedsRepo.home(q, seed.viewer.id, null, 26)),
    'profile counts': await capture((q) => usersRepo.profileCounts(q, curator!.owner_id, null)),
  };
  await db.close();

  const client = new pg.Client({ connectionString: server.url('bench') });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]!.pid;
  let n = 0;
  for (const [name, c] of Object.entries(cases)) {
    const statement = `plan_cost_${n++}`;
    for (const mode of ['unnamed', 'prepared', 'unnamed', 'prepared'] as const) {
      const q = mode === 'prepared' ? { name: statement, text: c.sql, values: c.params } : { text: c.sql, values: c.params };
      for (let i = 0; i < 50; i++) await client.query(q);
      const cpu0 = cpuMs(pid);
      const t = performance.now();
      for (let i = 0; i < runs; i++) await client.query(q);
      const wall = (performance.now() - t) / runs;
      const cpu = (cpuMs(pid) - cpu0) / runs;
      console.log(`${name.padEnd(15)} ${mode.padEnd(9)} wall ${wall.toFixed(3)} ms/call, PostgreSQL CPU ${cpu.toFixed(3)} ms/call`);
    }
  }
  await client.end();
} finally {
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}
