/**
 * `npx tsx scripts/bench/search-lab.ts`: the SQL behind the bench's `search` and `search_typeahead`
 * scenarios (captured by calling the real repository functions, as the app sends them), each with
 * EXPLAIN (ANALYZE, BUFFERS) and the mean time of LAB_RUNS sequential calls (decision 092).
 *
 * LAB_DATA_DIR: the embedded cluster of a bench run kept with BENCH_KEEP=1 (its `bench` database; it
 * is migrated first); else a fresh embedded cluster seeded with LAB_PINS (100000) Pins. LAB_GROW: make
 * the Pins that many times as many first, by copying them with new ids (GIN indexes dropped and built
 * again, then ANALYZE): a quick 1,000,000 from a kept 100,000. LAB_RUNS (30). LAB_PLANS=0: no plans. LAB_ANALYZE=1: ANALYZE pins first. LAB_ONLY: only the statements whose name holds it.
 * Each statement is also timed with each kind of plan forced (plan_cache_mode): one made for its values, or the shared one.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Db, type Queryable } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { searchRepo, understandingSearchRepo, TOP_CEILING } from '../../apps/server/src/modules/search/search.repo';
import { topicSuggestions } from '../../apps/server/src/modules/topics';
import { searchTsquery } from '../../apps/server/src/modules/search/search.query';
import { makeBenchImages, seedBench, VIEWER_USERNAME } from './seed';

const runs = Number(process.env.LAB_RUNS ?? 30);
const grow = Number(process.env.LAB_GROW ?? 1);
const kept = process.env.LAB_DATA_DIR;

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
  for (let i = 0; i < 3; i++) await db.query(sql, params);
  const t = performance.now();
  for (let i = 0; i < runs; i++) await db.query(sql, params);
  return (performance.now() - t) / runs;
}

async function explain(db: Db, sql: string, params: unknown[]) {
  const rows = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
  return rows.map((r) => r['QUERY PLAN'] ?? Object.values(r)[0]).join('\n');
}

const server = await startEmbeddedPostgres({ dataDir: kept ?? join(mkdtempSync(join(os.tmpdir(), 'pinboard-search-lab-')), 'postgres'), durable: false });
try {
  await createDatabaseIfMissing(server.url('postgres'), 'bench');
  const db = openPostgres(server.url('bench'), { kind: 'embedded', max: 1 });
  let t = performance.now();
  await migrate(db);
  console.log(`migrate: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  if (!kept) {
    const images = await makeBenchImages(new DiskMediaStore(join(os.tmpdir(), `search-lab-media-${process.pid}`)), 11);
    await seedBench(db, images.slice(0, 10), {
      ownImage: images[10]!,
      pins: Number(process.env.LAB_PINS ?? 100_000),
      bigBoardPins: 10_000,
      users: 200,
      viewerFollows: 20,
      boardsPerUser: 3,
      analyze: true,
      log: () => {},
    });
  }
  if (process.env.LAB_ANALYZE === '1') await db.query('ANALYZE pins');
  if (grow > 1) {
    t = performance.now();
    const gin = await db.query<{ indexdef: string; indexname: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'pins' AND schemaname = current_schema() AND indexdef ILIKE '%USING gin%'`,
    );
    for (const g of gin) await db.query(`DROP INDEX ${g.indexname}`);
    const cols = (
      await db.query<{ c: string }>(
        `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS c FROM pg_attribute
         WHERE attrelid = 'pins'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attname <> 'id'`,
      )
    )[0]!.c;
    // Copies spread below the seeded ids, so the newest Pins stay the seeded ones.
    await db.query(
      `INSERT INTO pins (id, ${cols}) SELECT p.id - k * 100000000000000, ${cols.replace(/(^|, )/g, '$1p.')}
       FROM pins p CROSS JOIN generate_series(1, $1::int) AS k`,
      [grow - 1],
    );
    for (const g of gin) await db.query(g.indexdef);
    await db.query('VACUUM (ANALYZE) pins');
    console.log(`grew Pins ${grow}×: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins')) as [{ n: number }];
  const [viewer] = await db.query<{ id: string; locale: string }>('SELECT id, locale FROM users WHERE username = $1', [VIEWER_USERNAME]);
  if (!viewer) throw new Error('no bench viewer');
  console.log(`${n.toLocaleString('en-US')} Pins; viewer ${viewer.id}`);
  const v = viewer.id;
  const find = searchTsquery('calm ideas')!;
  const typed = searchTsquery('bench p', 'A')!;
  const q = { viewerId: v, tsquery: find, lang: viewer.locale, like: null, after: null, limit: 26 };
  const cases = [
    { name: 'search: Pins, page 1', ...(await captureSql((d) => understandingSearchRepo.pins(d, q, 'pins', null, TOP_CEILING))) },
    {
      name: 'search: Pins, a rare word among common ones',
      ...(await captureSql((d) => understandingSearchRepo.pins(d, { ...q, tsquery: searchTsquery('bench pin 12345')! }, 'pins', null, TOP_CEILING))),
    },
    { name: 'base search: Pins, page 1', ...(await captureSql((d) => searchRepo.pins(d, v, searchTsquery('calm ideas')!, false, null, 26))) },
    { name: 'typeahead: Pin titles', ...(await captureSql((d) => searchRepo.pinTitles(d, v, typed, 'bench p', false, 5))) },
    {
      name: 'typeahead: Pin titles, a rare prefix',
      ...(await captureSql((d) => searchRepo.pinTitles(d, v, searchTsquery('bench pin 12345', 'A')!, 'bench pin 12345', false, 5))),
    },
    { name: 'typeahead: board names', ...(await captureSql((d) => searchRepo.boardNames(d, v, typed, 'bench p', 5))) },
    { name: 'typeahead: people', ...(await captureSql((d) => searchRepo.userNames(d, v, typed, 'bench p', 5))) },
    { name: 'typeahead: topics', ...(await captureSql((d) => topicSuggestions(d, 'bench p', 5))) },
  ];
  const only = process.env.LAB_ONLY;
  for (const c of only ? cases.filter((x) => x.name.includes(only)) : cases) {
    const plan = process.env.LAB_PLANS === '0' ? '' : await explain(db, c.sql, c.params);
    const ms = await timeIt(db, c.sql, c.params);
    // The same named statement with each kind of plan forced: a custom plan for its values, or the one shared plan.
    const byMode: string[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await db.query(`SET plan_cache_mode = ${mode}`);
      byMode.push(`${mode} ${(await timeIt(db, c.sql, c.params)).toFixed(2)} ms`);
    }
    await db.query('RESET plan_cache_mode');
    console.log(`\n=== ${c.name}: ${ms.toFixed(2)} ms a call (${runs} calls; ${byMode.join(', ')})\n${plan}`);
  }
  await db.close();
} finally {
  await server.stop();
}
