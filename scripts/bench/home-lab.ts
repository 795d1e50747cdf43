/**
 * `npx tsx scripts/bench/home-lab.ts`: the signed-in home feed, the SQL the
 * app sends today (`feedsRepo.home`, captured from the repository, and
 * `homeExact` after it when its page does not stand) against
 * the plan it replaced (decision 024: a window of visible Pins per source,
 * then the rule again on the page), on the bench data set (seed.ts).
 *
 * - Same answers: every page of the home feed of `bench_viewer` and of
 *   LAB_VIEWERS other people (the first LAB_PAGES pages each), then again
 *   after the viewer hid some of their newest home Pins and one followed
 *   board went secret.
 * - EXPLAIN (ANALYZE, BUFFERS) of page 1 of `bench_viewer`'s feed, both plans.
 * - Cost: LAB_RUNS calls of each, one after another, as named (prepared)
 *   statements as the app sends them: wall time and the PostgreSQL backend's
 *   CPU time per call (/proc).
 *
 * LAB_URL: a database the bench already seeded (else an embedded PostgreSQL
 * is started and seeded here, LAB_PINS Pins, 100000). LAB_RUNS (1000),
 * LAB_VIEWERS (40), LAB_PAGES (6).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, type Db, type Queryable } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { migrate } from '../../apps/server/src/db/migrate';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { visiblePinSql } from '../../apps/server/src/kernel/boards.policy';
import { feedsRepo } from '../../apps/server/src/modules/feeds/feeds.repo';
import { notHiddenSql } from '../../apps/server/src/modules/pin-hides/pin-hides.repo';
import { selectVisiblePinsSql } from '../../apps/server/src/kernel/pins.repo';
import { makeBenchImages, seedBench, VIEWER_USERNAME } from './seed';

const runs = Number(process.env.LAB_RUNS ?? 1000);
const viewersWanted = Number(process.env.LAB_VIEWERS ?? 40);
const pagesWanted = Number(process.env.LAB_PAGES ?? 6);
const LIMIT = 26; // a page of 25 and one more, as the service asks

/** The home feed before decision 024: the newest visible Pins of each source, then the rule again on the union. */
function homeBefore() {
  const newestOf = (source: string) =>
    `SELECT p.id FROM pins p LEFT JOIN boards b ON b.id = p.board_id
     WHERE ${source} AND ($2::bigint IS NULL OR p.id < $2::bigint) AND ${visiblePinSql('$1')}
       AND ${notHiddenSql('p', '$1')}
     ORDER BY p.id DESC LIMIT $3`;
  return `WITH candidates AS (
     (${newestOf('p.pinner_id = $1')})
     UNION
     (SELECT c.id FROM follows f CROSS JOIN LATERAL (${newestOf('p.pinner_id = f.followee_id')}) c WHERE f.follower_id = $1)
     UNION
     (SELECT c.id FROM board_follows bf CROSS JOIN LATERAL (${newestOf('p.board_id = bf.board_id')}) c WHERE bf.user_id = $1)
   )
   ${selectVisiblePinsSql()} AND p.id IN (SELECT id FROM candidates)
   ORDER BY p.id DESC LIMIT $3`;
}

async function homeNow() {
  let sql = '';
  await feedsRepo.home(
    {
      async query<T>(text: string) {
        sql ||= text;
        return [] as T[];
      },
    } satisfies Queryable,
    '0',
    null,
    LIMIT,
  );
  return sql;
}

function cpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

let root: string | null = null;
let server: EmbeddedPostgres | null = null;
let url = process.env.LAB_URL;
if (!url) {
  root = mkdtempSync(join(os.tmpdir(), 'pinboard-home-lab-'));
  chmodSync(root, 0o711); // run as root, PostgreSQL runs as the postgres user
  server = await startEmbeddedPostgres({ dataDir: join(root, 'postgres') });
  await createDatabaseIfMissing(server.url('postgres'), 'bench');
  url = server.url('bench');
  const db = openPostgres(url, { kind: 'embedded', max: 2 });
  await migrate(db);
  const images = await makeBenchImages(new DiskMediaStore(join(root, 'media')), 11);
  await seedBench(db, images.slice(0, 10), {
    pins: Number(process.env.LAB_PINS ?? 100_000),
    bigBoardPins: 10_000,
    users: 200,
    viewerFollows: 20,
    boardsPerUser: 3,
    ownImage: images[10]!,
    log: () => {},
  });
  await db.close();
}

const db: Db = openPostgres(url, { kind: 'embedded', max: 1 });
try {
  const before = homeBefore();
  const now = await homeNow();
  const [viewer] = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [VIEWER_USERNAME]);
  if (!viewer) throw new Error(`no ${VIEWER_USERNAME}: LAB_URL must be a database the bench seeded`);
  const others = await db.query<{ id: string }>('SELECT id FROM users WHERE id <> $1 ORDER BY md5(id::text) LIMIT $2', [viewer.id, viewersWanted]);
  const viewers = [viewer.id, ...others.map((o) => o.id)];

  const ids = async (sql: string, v: string, cursor: string | null) => (await db.query<{ id: string }>(sql, [v, cursor, LIMIT])).map((r) => r.id);
  // The app's page: the usual statement, and the row-by-row one only when that page does not stand.
  const nowIds = async (v: string, cursor: string | null) => {
    const first = await feedsRepo.home(db, v, cursor, LIMIT);
    return (first.stands ? first.rows : await feedsRepo.homeExact(db, v, cursor, LIMIT)).map((r) => r.id);
  };
  const compare = async (label: string) => {
    let pages = 0;
    for (const v of viewers) {
      let cursor: string | null = null;
      for (let page = 0; page < pagesWanted; page++) {
        const a = await ids(before, v, cursor);
        const b = await nowIds(v, cursor);
        pages++;
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          throw new Error(`${label}: viewer ${v}, page ${page + 1}: the answers differ\nbefore ${a.join(',')}\nnow    ${b.join(',')}`);
        }
        if (a.length < LIMIT) break;
        cursor = a[LIMIT - 2]!; // the service's bookmark: the last Pin of the 25 shown
      }
    }
    console.log(`${label}: the same ${pages} pages for ${viewers.length} viewers`);
  };
  await compare('as seeded');

  // The viewer hides the first 30 of their home Pins; a followed board goes secret.
  const hide = (await nowIds(viewer.id, null)).slice(0, 20);
  await db.query('INSERT INTO pin_hides (user_id, pin_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING', [viewer.id, hide]);
  const [followedBoard] = await db.query<{ board_id: string; privacy: string }>(
    `SELECT bf.board_id, b.privacy FROM board_follows bf JOIN boards b ON b.id = bf.board_id
     WHERE bf.user_id = $1 AND b.owner_id <> $1 ORDER BY bf.board_id LIMIT 1`,
    [viewer.id],
  );
  await db.query("UPDATE boards SET privacy = 'secret' WHERE id = $1", [followedBoard!.board_id]);
  try {
    await compare('with 20 hidden Pins and a followed board gone secret');
  } finally {
    await db.query('DELETE FROM pin_hides WHERE user_id = $1 AND pin_id = ANY($2::bigint[])', [viewer.id, hide]);
    await db.query('UPDATE boards SET privacy = $2 WHERE id = $1', [followedBoard!.board_id, followedBoard!.privacy]);
  }

  for (const [name, sql] of [
    ['before', before],
    ['now', now],
  ] as const) {
    await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [viewer.id, null, LIMIT]);
    const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [viewer.id, null, LIMIT]);
    console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS), page 1 of ${VIEWER_USERNAME}'s home feed, ${name}\n`);
    console.log(plan.map((r) => Object.values(r)[0]).join('\n'));
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const deep = (await nowIds(viewer.id, null)).at(-2) ?? null;
  console.log(`\n${runs} calls each, one after another, named statements; PostgreSQL CPU from /proc (10 ms ticks)`);
  for (const round of [1, 2]) {
    for (const [name, sql] of [
      ['before', before],
      ['now', now],
    ] as const) {
      for (const [page, cursor] of [
        ['page 1', null],
        ['page 2', deep],
      ] as const) {
        const q = { name: `home_${name}`, text: sql, values: [viewer.id, cursor, LIMIT] };
        for (let i = 0; i < 20; i++) await client.query(q);
        const cpu0 = cpuMs(pid);
        const t = performance.now();
        for (let i = 0; i < runs; i++) await client.query(q);
        const wall = (performance.now() - t) / runs;
        const cpu = (cpuMs(pid) - cpu0) / runs;
        console.log(`round ${round}  ${name.padEnd(7)} ${page}: wall ${wall.toFixed(3)} ms/call, PostgreSQL CPU ${cpu.toFixed(3)} ms/call`);
      }
    }
  }
  // Whether PostgreSQL kept one generic plan or planned every call anew (a custom plan costs the whole planning).
  const plans = await client.query<{ name: string; generic_plans: string; custom_plans: string }>(
    "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'home_%' ORDER BY name",
  );
  for (const r of plans.rows) console.log(`${r.name}: ${r.generic_plans} generic plans, ${r.custom_plans} custom plans`);
  await client.end();
} finally {
  await db.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
}
