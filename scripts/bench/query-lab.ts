/**
 * `npx tsx scripts/bench/query-lab.ts`: seeds the bench data set (same seed.ts,
 * fewer images) and, for the SQL behind the slow scenarios, prints EXPLAIN
 * (ANALYZE, BUFFERS) and the mean time of LAB_RUNS sequential calls, for the
 * SQL the app sends today (captured by calling the real repository functions,
 * so it stays in sync with the code) and for the proposed replacements.
 *
 * LAB_DB=embedded (default: a PostgreSQL started here) or external (needs TEST_DATABASE_URL or DATABASE_URL;
 * a fresh schema, dropped at the end). LAB_PINS (100000), LAB_RUNS (50), LAB_ANALYZE=0 (skip
 * the ANALYZE after seeding, as on a database that autovacuum never visited).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db, type Queryable } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { makeUser } from '../../apps/server/src/seed/factories';
import { boardsRepo } from '../../apps/server/src/modules/boards/boards.repo';
import { feedsRepo } from '../../apps/server/src/modules/feeds/feeds.repo';
import { selectVisiblePinsSql } from '../../apps/server/src/kernel/pins.repo';
import { makeBenchImages, seedBench } from './seed';
import { fixCover, hasSlowCover } from './sql-fixes';

const kind = process.env.LAB_DB === 'external' ? 'external' : 'embedded';
const pins = Number(process.env.LAB_PINS ?? 100_000);
const runs = Number(process.env.LAB_RUNS ?? 50);
const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/** Runs `fn` against a Queryable that records the SQL and parameters instead of returning rows. */
async function captureSql(fn: (q: Queryable) => Promise<unknown>) {
  let captured: { sql: string; params: unknown[] } | null = null;
  await fn({
    async query<T>(sql: string, params: unknown[] = []) {
      captured ??= { sql, params };
      return [] as T[];
    },
  });
  if (!captured) throw new Error('the repository function sent no SQL');
  return captured as { sql: string; params: unknown[] };
}

async function timeIt(db: Db, sql: string, params: unknown[]) {
  for (let i = 0; i < 5; i++) await db.query(sql, params); // warm
  const t = performance.now();
  for (let i = 0; i < runs; i++) await db.query(sql, params);
  return (performance.now() - t) / runs;
}

async function explain(db: Db, sql: string, params: unknown[]) {
  await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN'] ?? Object.values(r)[0]).join('\n');
}

/**
 * The home feed as it was before it was built from its sources: every Pin newest first, kept when
 * its pinner or board is followed. For someone who follows few, it reads most of the table.
 */
const HOME_BY_WALKING = `${selectVisiblePinsSql()}
  AND (p.pinner_id = $1
       OR p.pinner_id IN (SELECT followee_id FROM follows WHERE follower_id = $1)
       OR p.board_id IN (SELECT board_id FROM board_follows WHERE user_id = $1))
  AND ($2::bigint IS NULL OR p.id < $2::bigint)
  ORDER BY p.id DESC LIMIT $3`;

const tmp = mkdtempSync(join(os.tmpdir(), 'pinboard-lab-'));
let db: Db;
let dropSchema: () => Promise<void>;
if (kind === 'embedded') {
  const server = await startEmbeddedPostgres({ dataDir: join(tmp, 'postgres'), durable: false });
  await createDatabaseIfMissing(server.url('postgres'), 'lab');
  db = openPostgres(server.url('lab'), { kind: 'embedded', max: 1 }); // one connection: PREPARE and EXECUTE must meet
  dropSchema = () => server.stop();
} else {
  if (!pgUrl) throw new Error('LAB_DB=external needs TEST_DATABASE_URL or DATABASE_URL');
  const schema = `lab_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres(pgUrl, { max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  db = openPostgres(pgUrl, { schema, max: 1 }); // one connection: PREPARE and EXECUTE must meet
  dropSchema = async () => {
    const a = openPostgres(pgUrl, { max: 1 });
    await a.query(`DROP SCHEMA ${schema} CASCADE`);
    await a.close();
  };
}

try {
  await migrate(db);
  const images = await makeBenchImages(new DiskMediaStore(join(tmp, 'media')), 11);
  const seed = await seedBench(db, images.slice(0, 10), {
    ownImage: images[10]!,
    pins,
    bigBoardPins: 10_000,
    users: 200,
    viewerFollows: 20,
    boardsPerUser: 3,
    analyze: process.env.LAB_ANALYZE !== '0',
    log: () => {},
  });
  const v = seed.viewer.id;
  const [deep] = await db.query<{ id: string; rank: number }>(
    'SELECT id, COALESCE(board_rank, id::double precision) AS rank FROM pins WHERE board_id = $1 ORDER BY COALESCE(board_rank, id::double precision) DESC, id DESC OFFSET 4974 LIMIT 1',
    [seed.bigBoard.id],
  );

  const board = await captureSql((q) => boardsRepo.byId(q, seed.bigBoard.id, v));
  if (!hasSlowCover(board.sql)) console.log('note: boardsRepo.byId no longer has the slow cover LATERAL; the "proposed" case equals today\'s');
  const home = await captureSql((q) => feedsRepo.home(q, v, null, 26));
  // A user who just signed up: follows nobody, has no Pins.
  const newcomer = await makeUser(db, { username: 'lab_newcomer' });
  if (process.env.LAB_ANALYZE !== '0') await db.query('ANALYZE users');
  const newHome = await captureSql((q) => feedsRepo.home(q, newcomer.id, null, 26));
  const boardFeed = await captureSql((q) => feedsRepo.board(q, v, seed.bigBoard.id, { rank: deep!.rank, id: deep!.id }, 26));

  const cases: { name: string; sql: string; params: unknown[]; prepared?: boolean }[] = [
    { name: 'board lookup (boardsRepo.byId), today', ...board },
    { name: 'board lookup, cover LATERAL split (proposed)', sql: fixCover(board.sql), params: board.params },
    { name: 'board feed page 200 (feedsRepo.board)', ...boardFeed },
    { name: 'home feed page 1 (feedsRepo.home)', ...home },
    { name: 'home feed page 1, PREPAREd once, EXECUTEd', ...home, prepared: true },
    { name: 'home feed page 1 of a new user who follows nobody', ...newHome },
    { name: 'home feed page 1, walking all Pins (before)', sql: HOME_BY_WALKING, params: home.params },
    { name: 'home feed page 1 of the new user, walking all Pins (before)', sql: HOME_BY_WALKING, params: newHome.params },
    { name: 'SELECT 1 (healthz)', sql: 'SELECT 1', params: [] },
  ];

  console.log(
    `query lab — ${kind}, ${pins.toLocaleString('en-US')} Pins, ${process.env.LAB_ANALYZE === '0' ? 'no ANALYZE, ' : ''}mean of ${runs} sequential calls\n`,
  );
  // Results must not change with the rewrite.
  const a = JSON.stringify(await db.query(board.sql, board.params));
  const b = JSON.stringify(await db.query(fixCover(board.sql), board.params));
  if (a !== b) throw new Error('the proposed board lookup answers differently');
  for (const [who, q] of [
    ['bench_viewer', home],
    ['the new user', newHome],
  ] as const) {
    const today = JSON.stringify(await db.query(q.sql, q.params));
    const walking = JSON.stringify(await db.query(HOME_BY_WALKING, q.params));
    console.log(`home feed for ${who}: ${today === walking ? 'the same answer as walking all Pins' : 'a DIFFERENT answer from walking all Pins'}`);
  }

  for (const c of cases) {
    let ms: number;
    if (c.prepared) {
      const types = ['bigint', 'bigint', 'int'];
      await db.query(`PREPARE lab_home(${types.join(', ')}) AS ${c.sql}`);
      const exec = `EXECUTE lab_home(${c.params.map((p) => (p === null ? 'NULL' : `'${String(p)}'`)).join(', ')})`;
      ms = await timeIt(db, exec, []);
      console.log(`${c.name}: ${ms.toFixed(3)} ms per call\n`);
      await db.query('DEALLOCATE lab_home');
      continue;
    }
    ms = await timeIt(db, c.sql, c.params);
    console.log(`${c.name}: ${ms.toFixed(3)} ms per call`);
    if (!/^SELECT 1$/.test(c.sql)) console.log(`${(await explain(db, c.sql, c.params)).replace(/^/gm, '    ')}\n`);
  }
} finally {
  await db.close();
  await dropSchema();
  rmSync(tmp, { recursive: true, force: true });
}
