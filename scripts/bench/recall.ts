/**
 * `npm run bench:recall`: how well related Pins find what belongs together (decision 091). On a fresh embedded
 * PostgreSQL seeded with the bench data (scripts/bench/seed.ts: boards with themes, 40 % of Pins saves of
 * others), 10 % of board memberships are hidden (those Pin rows moved off their board, to the profile: the
 * image, its other saves and its words stay). Then for up to RECALL_QUERIES public boards that lost a Pin, one
 * Pin still on the board asks for its first 25 related Pins, signed out, through the topics service itself,
 * once with the graph (the walk, blended as the server does) and once without it (the topic ranker, as before):
 * a hit is a related Pin that is the same image as one hidden from that board. recall@25 = hits / queries.
 *
 * RECALL_PINS (default 100,000), RECALL_USERS (1,000), RECALL_BOARDS_PER_USER (5), RECALL_QUERIES (400).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import type { RequestContext } from '../../apps/server/src/lib/context';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { topicsRepo } from '../../apps/server/src/modules/topics/topics.repo';
import { createTopicsService, RELATED_BLEND_FULL } from '../../apps/server/src/modules/topics/topics.service';
import { DEFAULT_WALK, GraphBuilder } from '../../apps/server/src/modules/topics/topics.graph';
import { makeStoredImage } from '../../apps/server/src/seed/factories';
import { makeBenchImages, seedBench } from './seed';

const num = (name: string, d: number) => Number(process.env[name] ?? d);
const PINS = num('RECALL_PINS', 100_000);
const USERS = num('RECALL_USERS', 1_000);
const BOARDS_PER_USER = num('RECALL_BOARDS_PER_USER', 5);
const QUERIES = num('RECALL_QUERIES', 400);
const K = 25;

const log = (m: string) => console.log(m);
const tmp = mkdtempSync(join(tmpdir(), 'pinboard-recall-'));
const server = await startEmbeddedPostgres({ dataDir: join(tmp, 'postgres') });
try {
  await createDatabaseIfMissing(server.url('postgres'), 'recall');
  const db = openPostgres(server.url('recall'), { kind: 'embedded', max: 4 });
  await migrate(db);
  const media = new DiskMediaStore(join(tmp, 'media'));
  const images = await makeBenchImages(media, 12);
  const ownImage = await makeStoredImage(media, { seed: 99, width: 600, height: 800 });
  const t0 = performance.now();
  const seed = await seedBench(db, images, {
    pins: PINS,
    bigBoardPins: Math.min(10_000, Math.floor(PINS / 10)),
    users: USERS,
    viewerFollows: 20,
    boardsPerUser: BOARDS_PER_USER,
    ownImage,
    log: () => undefined,
  });
  const [saves] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE parent_pin_id IS NOT NULL');
  log(`seeded ${seed.counts.pins} Pins (${saves!.n} of them saves), ${seed.counts.boards} boards in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  // The whole graph before hiding: which image (node) each Pin row is.
  const [{ n: nBoards }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM boards')) as [{ n: number }];
  const boardIds = new BigInt64Array((await topicsRepo.graphBoards(db, '0', nBoards + 10)).map(BigInt));
  const truthBuilder = new GraphBuilder(boardIds, PINS + 10);
  truthBuilder.add(
    (await topicsRepo.graphPins(db, '0', PINS + 10)).map((r) => ({
      id: BigInt(r.id),
      board: r.board_id ? BigInt(r.board_id) : null,
      parent: r.parent_pin_id ? BigInt(r.parent_pin_id) : null,
    })),
  );
  const truth = truthBuilder.build();

  // Hide 10 % of board memberships (not of the big board or the upload board): deterministic by the row's id.
  const special = [seed.bigBoard.id, seed.uploadBoard.id];
  const hidden = await db.query<{ id: string; board_id: string }>(
    `UPDATE pins p SET board_id = NULL FROM pins o
     WHERE p.id = o.id AND o.board_id IS NOT NULL AND o.board_id <> ALL($1::bigint[]) AND abs(hashtext(o.id::text)) % 10 = 0
     RETURNING p.id, o.board_id`,
    [special],
  );
  const hiddenByBoard = new Map<string, Set<number>>();
  for (const h of hidden) {
    const set = hiddenByBoard.get(h.board_id) ?? new Set<number>();
    set.add(truth.nodeOf(h.id));
    hiddenByBoard.set(h.board_id, set);
  }
  // One query Pin per public board that lost a Pin: the remaining row with the lowest hash.
  const queries = await db.query<{ board_id: string; pin_id: string }>(
    `SELECT DISTINCT ON (p.board_id) p.board_id, p.id AS pin_id FROM pins p JOIN boards b ON b.id = p.board_id
     WHERE p.board_id = ANY($1::bigint[]) AND b.privacy = 'public'
     ORDER BY p.board_id, hashtext(p.id::text)`,
    [[...hiddenByBoard.keys()]],
  );
  queries.sort((x, y) => (BigInt(x.pin_id) % 1009n < BigInt(y.pin_id) % 1009n ? -1 : 1));
  const chosen = queries.slice(0, QUERIES);
  await db.query('VACUUM (ANALYZE)');
  log(`hid ${hidden.length} board memberships on ${hiddenByBoard.size} boards; ${chosen.length} query Pins`);

  const ctx: RequestContext = { viewer: null, clientIp: '127.0.0.1' } as RequestContext;
  const results: Record<string, { recall: number; hits: number; p50: number; p99: number; blended: number }> = {};
  for (const [name, maxMb] of [
    ['walk', '600'],
    ['topics', '0'],
  ] as const) {
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: tmp, RELATED_GRAPH_MAX_MB: maxMb });
    const topics = createTopicsService({ db, config });
    await topics.relatedGraph.ready();
    if (name === 'walk') log(`graph: ${JSON.stringify(topics.relatedGraph.status())}`);
    let hits = 0;
    let blended = 0;
    const times: number[] = [];
    for (const q of chosen) {
      const walk = topics.relatedGraph.candidates(q.pin_id);
      if (walk && walk.found.filter((f) => f.visits >= DEFAULT_WALK.visitThreshold).length < RELATED_BLEND_FULL) blended++;
      const t = performance.now();
      const page = await topics.related(ctx, q.pin_id, { pageSize: K });
      times.push(performance.now() - t);
      const want = hiddenByBoard.get(q.board_id)!;
      if (page.items.some((p) => want.has(truth.nodeOf(p.id)))) hits++;
    }
    times.sort((x, y) => x - y);
    const at = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!;
    results[name] = { recall: hits / chosen.length, hits, p50: at(0.5), p99: at(0.99), blended: name === 'walk' ? blended : 0 };
    log(
      `${name.padEnd(6)} recall@${K} ${(hits / chosen.length).toFixed(3)} (${hits}/${chosen.length}); in-process related p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms` +
        (name === 'walk' ? `; ${blended} of the queries blended with the topic ranker` : ''),
    );
    await topics.relatedGraph.close();
  }
  console.log(JSON.stringify({ pins: PINS, users: USERS, boardsPerUser: BOARDS_PER_USER, hidden: hidden.length, queries: chosen.length, results }));
  await db.close();
} finally {
  await server.stop();
  rmSync(tmp, { recursive: true, force: true });
}
