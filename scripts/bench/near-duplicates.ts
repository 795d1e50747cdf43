/**
 * `npm run bench:dupes`: the near-duplicate lookup of "Same picture elsewhere" (decision 095) at DUPES_HASHES
 * perceptual hashes (default 1,000,000) on a fresh embedded PostgreSQL. The Pins are made with generate_series:
 * each a random 64-bit hash (an md5 of its number), and one in DUPES_COPY_EVERY (default 1,000) has DUPES_COPIES
 * near copies (default 3), each 1 to 7 random bits away. Then DUPES_QUERIES lookups (default 500) from random
 * originals through the server's own read (pinsRepo.samePicture: the four 16-bit chunk indexes, 68 probes, then
 * the whole distance), signed out; prints p50/p99/max, how many Pins a lookup found, and checks on the first
 * DUPES_CHECKS (default 20) that a full scan with the same distance finds exactly the same Pins (how long that
 * scan takes is printed beside it). BENCH_KEEP=1 keeps the cluster's folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded/embedded-postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { createDatabaseIfMissing } from '../../apps/server/src/db/open';
import { NEAR_DISTANCE } from '../../apps/server/src/media-pipeline/picture-hashes';
import { pinsRepo } from '../../apps/server/src/modules/pins/pins.repo';
import { makeUser } from '../../apps/server/src/seed/factories';

const num = (name: string, d: number) => Number(process.env[name] ?? d);
const HASHES = num('DUPES_HASHES', 1_000_000);
const COPY_EVERY = num('DUPES_COPY_EVERY', 1_000);
const COPIES = num('DUPES_COPIES', 3);
const QUERIES = num('DUPES_QUERIES', 500);
const CHECKS = num('DUPES_CHECKS', 20);
const BATCH = 100_000;

const log = (m: string) => console.log(m);
const tmp = mkdtempSync(join(tmpdir(), 'pinboard-dupes-'));
const server = await startEmbeddedPostgres({ dataDir: join(tmp, 'postgres') });
try {
  await createDatabaseIfMissing(server.url('postgres'), 'dupes');
  const db = openPostgres(server.url('dupes'), { kind: 'embedded', max: 4 });
  await migrate(db);
  const user = await makeUser(db, { username: 'dupes' });
  const t0 = performance.now();
  // A 64-bit hash from md5: its first 16 hex digits as a bit string, read as a signed bigint.
  const hashOf = (n: string) => `('x' || substr(md5(${n}::text), 1, 16))::bit(64)::bigint`;
  // Flips one random bit of h.
  const flip = (h: string) => `(${h} # (1::bigint << floor(random() * 64)::int))`;
  const insert = (select: string) =>
    `INSERT INTO pins (id, pinner_id, board_id, media_base, images, dominant_color, width, height, phash)
     SELECT id, $1, NULL, 'bench/' || id, '{}'::jsonb, '#888888', 100, 100, phash FROM (${select}) s`;
  for (let from = 1; from <= HASHES; from += BATCH) {
    const to = Math.min(HASHES, from + BATCH - 1);
    await db.query(insert(`SELECT g::bigint AS id, ${hashOf('g')} AS phash FROM generate_series(${from}, ${to}) g`), [user.id]);
  }
  // Near copies: 1 to 7 bits flipped (a flip may land twice on one bit: then fewer).
  let near = `${hashOf('g')}`;
  const variants = Array.from({ length: NEAR_DISTANCE }, () => (near = flip(near)));
  const copyOf = `(ARRAY[${variants.join(', ')}])[1 + (c % ${NEAR_DISTANCE})]`;
  await db.query(
    insert(
      `SELECT ${HASHES} + g::bigint * ${COPIES} + c AS id, ${copyOf} AS phash
       FROM generate_series(${COPY_EVERY}, ${HASHES}, ${COPY_EVERY}) g, generate_series(0, ${COPIES - 1}) c`,
    ),
    [user.id],
  );
  await db.query('ANALYZE pins');
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pins WHERE phash IS NOT NULL')) as [{ n: number }];
  log(`made ${n.toLocaleString('en-US')} hashed Pins in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const originals = await db.query<{ id: string; phash: string; media_base: string }>(
    `SELECT id, phash, media_base FROM pins WHERE id <= ${HASHES} ORDER BY random() LIMIT ${QUERIES}`,
  );
  // Half of the lookups start from an original that has near copies.
  const withCopies = await db.query<{ id: string; phash: string; media_base: string }>(
    `SELECT id, phash, media_base FROM pins WHERE id <= ${HASHES} AND id % ${COPY_EVERY} = 0 ORDER BY random() LIMIT ${Math.ceil(QUERIES / 2)}`,
  );
  const lookups = [...withCopies, ...originals].slice(0, QUERIES);
  const times: number[] = [];
  let found = 0;
  let checked = 0;
  let scanMs = 0;
  for (const [i, pin] of lookups.entries()) {
    const t = performance.now();
    const rows = await pinsRepo.samePicture(db, null, { ...pin, content_sha256: null }, 'true', 50);
    times.push(performance.now() - t);
    found += rows.length;
    if (i < CHECKS) {
      const s = performance.now();
      const scan = await db.query<{ id: string }>(
        `SELECT id FROM pins WHERE id <> $1 AND bit_count((phash # $2::bigint)::bit(64)) <= ${NEAR_DISTANCE} ORDER BY id`,
        [pin.id, pin.phash],
      );
      scanMs += performance.now() - s;
      const a = rows.map((r) => r.id).sort();
      const b = scan.map((r) => r.id).sort();
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`lookup ${pin.id}: the indexes found ${a.join(',')}, a full scan ${b.join(',')}`);
      checked++;
    }
  }
  times.sort((x, y) => x - y);
  const at = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!;
  log(
    `near-duplicate lookup (distance <= ${NEAR_DISTANCE}) over ${n.toLocaleString('en-US')} hashes: ${times.length} lookups, ` +
      `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${at(1).toFixed(2)} ms; ${(found / times.length).toFixed(2)} Pins found a lookup; ` +
      `${checked} checked against a full scan (same Pins; the scan took ${(scanMs / Math.max(1, checked)).toFixed(0)} ms each)`,
  );
  console.log(JSON.stringify({ hashes: n, lookups: times.length, p50: at(0.5), p99: at(0.99), max: at(1), foundPerLookup: found / times.length }));
  await db.close();
} finally {
  await server.stop();
  if (!process.env.BENCH_KEEP) rmSync(tmp, { recursive: true, force: true });
}
