/**
 * Bench data: a few real users and ~50 real images made through the product's
 * own factories, then the bulk (users, boards, follows and 100,000+ Pins)
 * with set-based SQL that reuses those images' stored variants.
 *
 * Bulk ids follow lib/ids.ts: (ms since 2024-01-01) << 22 | worker << 12 | seq.
 * Bulk rows use worker 1023 and timestamps *before* the seed started, so they
 * are unique, time-ordered, consistent with created_at, and always older than
 * anything newId() makes later (the Pins the upload scenario creates).
 */
import type { Db } from '../../apps/server/src/db/client';
import type { MediaStore } from '../../apps/server/src/media-pipeline/media-store';
import { adsRepo } from '../../apps/server/src/modules/ads/ads.repo';
import { DEFAULT_PASSWORD, follow, makeBoard, makeStoredImage, makeUser, type StoredImage } from '../../apps/server/src/seed/factories';

/** Every bench user's password (the factories' default; bulk users share its hash). */
export const BENCH_PASSWORD = DEFAULT_PASSWORD;
export const VIEWER_USERNAME = 'bench_viewer';
/** A second measured user who follows few people and boards (home-feed recommendations join their feed). */
export const RECS_USERNAME = 'bench_recs';
/** The topics bench_recs follows. */
export const RECS_TOPICS = ['design', 'travel', 'food-and-drink'];

const EPOCH_MS = 1704067200000; // lib/ids.ts
const BULK_WORKER = 1023;
const DAY_MS = 86_400_000;

export interface SeedOptions {
  /** Total Pins to insert (≥ 100,000 for the real bench). */
  pins: number;
  /** Pins in the one big board (10,000). */
  bigBoardPins: number;
  users: number;
  /** How many people the measured user follows. */
  viewerFollows: number;
  boardsPerUser: number;
  /**
   * The share of Pins that are saves of an earlier Pin (default 0.4): the newest rows, each saved to a board of
   * the same theme as its source's (decision 091: related Pins need boards that mean something).
   */
  saveShare?: number;
  /** Boards per theme (default 6): every bulk board has a theme; its category and its Pins' words follow it. */
  boardsPerTheme?: number;
  /** Run VACUUM (ANALYZE) at the end (default true). */
  analyze?: boolean;
  /**
   * An image of its own for the big board's newest Pin (the one the Pin-read and image scenarios
   * read): every other Pin shares one of the ~50 bulk images with thousands of others, which no
   * real image is.
   */
  ownImage: StoredImage;
  log: (msg: string) => void;
}

/** Comments on the big board's newest Pin (the comment-list scenario reads its first page). */
export const BENCH_COMMENTS = 500;

export interface SeedResult {
  viewer: { id: string; username: string };
  viewerFollowees: string[];
  viewerBoardFollows: string[];
  /** bench_recs: follows 3 people, 1 board and RECS_TOPICS (fewer than FEW_FOLLOWS sources: recommendations). */
  recsViewer: { id: string; username: string; followees: string[]; boardFollows: string[] };
  bigBoard: { id: string; ownerUsername: string; pins: number };
  /** The most saved Pin of a public bulk board (related Pins from the graph, decision 091). */
  savedPin: { id: string; saves: number };
  /** The big board's newest Pin, with an image no other Pin uses. */
  ownImagePin: { id: string; mediaBase: string };
  uploadBoard: { id: string };
  /** The viewer's ad account, with 20 campaigns and a year of daily totals each. */
  adAccount: { id: string };
  counts: { users: number; boards: number; pins: number; follows: number; boardFollows: number; images: number };
  timings: { usersMs: number; boardsMs: number; pinsMs: number; followsMs: number; analyzeMs: number; totalMs: number };
}

/** ~50 real images through the real pipeline (sharp, all variants) into the media store; shared by both databases. */
export async function makeBenchImages(media: MediaStore, count: number): Promise<StoredImage[]> {
  const sizes = [
    [600, 800],
    [600, 900],
    [600, 600],
    [600, 450],
    [600, 1000],
    [600, 750],
  ] as const;
  const out: StoredImage[] = [];
  for (let i = 0; i < count; i += 2) {
    const batch = [i, i + 1].filter((k) => k < count);
    out.push(
      ...(await Promise.all(
        batch.map((k) => {
          const [width, height] = sizes[k % sizes.length]!;
          return makeStoredImage(media, { seed: 1000 + k, width, height });
        }),
      )),
    );
  }
  return out;
}

/** id for a bulk row made `ms` milliseconds after the Unix epoch (SQL fragment for the same follows below). */
const idSql = (msExpr: string) => `(((${msExpr}) - ${EPOCH_MS})::bigint << 22) | ${BULK_WORKER << 12}`;
const tsSql = (msExpr: string) => `to_timestamp((${msExpr})::double precision / 1000)`;

export async function seedBench(db: Db, images: StoredImage[], o: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const now = Date.now();
  // Bulk users a year ago (1 s apart), bulk boards 300 days ago (1 s apart),
  // Pins spread over the 200 days that end an hour ago.
  const usersFromMs = now - 365 * DAY_MS;
  const boardsFromMs = now - 300 * DAY_MS;
  const pinsToMs = now - 3600_000;
  const pinsFromMs = pinsToMs - 200 * DAY_MS;
  const pinStepMs = Math.floor((pinsToMs - pinsFromMs) / o.pins);
  if (pinStepMs < 1) throw new Error('too many Pins for one per millisecond');

  // --- users: a few real ones through the factory, the rest set-based with the same password hash.
  const viewer = await makeUser(db, { username: VIEWER_USERNAME, fullName: 'Bench Viewer', about: 'The measured user.' });
  const curator = await makeUser(db, { username: 'bench_curator', fullName: 'Bench Curator', about: 'Owns the 10,000-Pin board.' });
  const recsViewer = await makeUser(db, { username: RECS_USERNAME, fullName: 'Bench Recommendations', about: 'Follows few people.' });
  const realOthers = [];
  for (let i = 0; i < 8; i++) realOthers.push(await makeUser(db, { username: `bench_real_${i}`, fullName: `Real Person ${i}` }));
  const bulkUsers = o.users - 3 - realOthers.length;
  await db.query(
    `INSERT INTO users (id, username, email, password_hash, full_name, first_name, avatar_color_index, about, created_at)
     SELECT ${idSql(`$2::bigint + n * 1000`)}, 'bench_u' || lpad(n::text, 4, '0'), 'bench_u' || lpad(n::text, 4, '0') || '@example.com',
            $1, 'Bulk Person ' || n, 'Bulk', n % 7, 'Seeded by the bench.', ${tsSql(`$2::bigint + n * 1000`)}
     FROM generate_series(1, $3::int) AS n`,
    [viewer.password_hash, usersFromMs, bulkUsers],
  );
  const tUsers = performance.now();

  // --- boards: the big one (curator), the viewer's upload board, then boardsPerUser for everyone (1 in 17 secret).
  const bigBoard = await makeBoard(db, curator.id, { name: 'Ten thousand ideas', category: 'design', description: 'The 10,000-Pin board.' });
  const uploadBoard = await makeBoard(db, viewer.id, { name: 'Bench uploads', category: 'other' });
  await db.query(
    `INSERT INTO boards (id, owner_id, name, slug, description, privacy, category, created_at, updated_at)
     SELECT ${idSql(`$1::bigint + (u.ord * $2::int + k) * 1000`)}, u.id, 'Board ' || k || ' of ' || u.username, 'board-' || k,
            'Things worth keeping, part ' || k || '.',
            CASE WHEN (u.ord * $2::int + k) % 17 = 5 THEN 'secret' ELSE 'public' END,
            (ARRAY['home-decor','food-and-drink','design','travel','art','diy-and-crafts'])[1 + (u.ord + k) % 6],
            ${tsSql(`$1::bigint + (u.ord * $2::int + k) * 1000`)}, ${tsSql(`$1::bigint + (u.ord * $2::int + k) * 1000`)}
     FROM (SELECT id, username, row_number() OVER (ORDER BY id) AS ord FROM users) u
     CROSS JOIN generate_series(1, $2::int) AS k`,
    [boardsFromMs, o.boardsPerUser],
  );
  // Boards have topical coherence (decision 091): each bulk board a theme (its order among the bulk boards
  // modulo the number of themes), its category the theme's; its Pins carry one of the theme's four words, and
  // saves go to boards of the same theme.
  const [{ n: bulkBoards } = { n: 0 }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM boards WHERE id <> ALL($1::bigint[])', [
    [bigBoard.id, uploadBoard.id],
  ]);
  const themes = Math.max(1, Math.floor(bulkBoards / (o.boardsPerTheme ?? 6)));
  await db.query(
    `UPDATE boards b SET category = (ARRAY['home-decor','food-and-drink','design','travel','art','diy-and-crafts'])[1 + (x.ord % $2::int) % 6]
     FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS ord FROM boards WHERE id <> ALL($1::bigint[])) x WHERE b.id = x.id`,
    [[bigBoard.id, uploadBoard.id], themes],
  );
  const tBoards = performance.now();

  // --- Pins, in chunks. Every `stride`-th Pin (up to bigBoardPins) goes to the big board; 1 in 53 of the
  // rest is boardless (saved to the profile); the others spread over all other boards by a
  // multiplicative hash; the pinner is the board's owner. Images cycle over the real ones.
  const stride = Math.max(1, Math.floor(o.pins / o.bigBoardPins));
  const imageRows = images.map((im, i) => ({
    ord: i,
    media_base: im.mediaBase,
    images: im.images,
    dominant_color: im.dominantColor,
    width: im.width,
    height: im.height,
  }));
  const chunk = 25_000;
  // A Pin's topics (pin_interests) are found by a trigger, one Pin at a time, with two statements and their
  // notices per Pin: 5 ms a Pin at 12,000. The bulk rows go in without it and get their topics set-based after.
  await db.query('ALTER TABLE pins DISABLE TRIGGER pins_interests_on_insert');
  // Rows after `firstSave` are saves, except the big board's and the boardless ones.
  const firstSave = Math.floor(o.pins * (1 - (o.saveShare ?? 0.4))) + 1;
  const isSaveSql = `(s.n >= ${firstSave} AND NOT s.big AND s.n % 53 <> 0)`;
  for (let from = 1; from <= o.pins; from += chunk) {
    const to = Math.min(o.pins, from + chunk - 1);
    await db.query(
      `WITH img AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS i(ord int, media_base text, images jsonb, dominant_color text, width int, height int)
       ), bd AS (
         SELECT id, owner_id, (row_number() OVER (ORDER BY id) - 1)::int AS ord FROM boards WHERE id <> ALL($2::bigint[])
       ), nb AS (SELECT count(*)::bigint AS n FROM bd),
       s AS (
         SELECT n, $6::bigint + n::bigint * $7::bigint AS ms,
                (n % $8::int = 0 AND n / $8::int <= $9::int) AS big,
                ((n::bigint * 2654435761) % (SELECT n FROM nb))::int AS board_ord
         FROM generate_series($4::int, $5::int) AS n
       )
       INSERT INTO pins (id, pinner_id, board_id, title, description, link, method, media_base, images, dominant_color,
                         width, height, repin_count, created_at)
       SELECT ${idSql('s.ms')},
              CASE WHEN s.big THEN $10::bigint ELSE bd.owner_id END,
              CASE WHEN s.big THEN $3::bigint WHEN s.n % 53 = 0 THEN NULL ELSE bd.id END,
              'Bench Pin ' || s.n || ' motif' || (bd.ord % ${themes}) || chr(97 + s.n % 4),
              CASE WHEN s.n % 3 = 0 THEN '' ELSE repeat('A calm and useful idea. ', 1 + s.n % 12) END,
              CASE WHEN s.n % 4 = 0 THEN 'https://example.com/ideas/' || s.n ELSE '' END,
              'uploaded', img.media_base, img.images, img.dominant_color, img.width, img.height,
              (s.n * 7) % 13, ${tsSql('s.ms')}
       FROM s
       JOIN bd ON bd.ord = s.board_ord
       JOIN img ON img.ord = s.n % $11::int
       WHERE NOT ${isSaveSql}`,
      [
        JSON.stringify(imageRows),
        [bigBoard.id, uploadBoard.id],
        bigBoard.id,
        from,
        to,
        pinsFromMs,
        pinStepMs,
        stride,
        o.bigBoardPins,
        curator.id,
        images.length,
      ],
    );
    o.log(`    Pins ${to.toLocaleString('en-US')} / ${o.pins.toLocaleString('en-US')}`);
  }
  // Saves: each save row goes to its board (by the same hash) and saves a Pin of that board's theme, chosen with a
  // skew towards the theme's first Pins (rank = count × u², u uniform): a few Pins are saved often, most rarely.
  if (firstSave <= o.pins) {
    await db.query(
      `WITH bd AS (
         SELECT id, owner_id, (row_number() OVER (ORDER BY id) - 1)::int AS ord FROM boards WHERE id <> ALL($1::bigint[])
       ), nb AS (SELECT count(*)::bigint AS n FROM bd),
       orig AS (
         SELECT p.id, p.title, p.description, p.link, p.media_base, p.images, p.dominant_color, p.width, p.height, bd.ord % ${themes} AS theme,
                (row_number() OVER (PARTITION BY bd.ord % ${themes} ORDER BY p.id) - 1)::int AS r
         FROM pins p JOIN bd ON bd.id = p.board_id WHERE p.parent_pin_id IS NULL
       ),
       per AS (SELECT theme, count(*)::int AS c FROM orig GROUP BY theme),
       s AS (
         SELECT n, $4::bigint + n::bigint * $5::bigint AS ms,
                (n % $6::int = 0 AND n / $6::int <= $7::int) AS big,
                ((n::bigint * 2654435761) % (SELECT n FROM nb))::int AS board_ord,
                ((n::bigint * 40503) % 1000003)::float8 / 1000003 AS u
         FROM generate_series($2::int, $3::int) AS n
       )
       INSERT INTO pins (id, pinner_id, board_id, parent_pin_id, title, description, link, method, media_base, images, dominant_color,
                         width, height, repin_count, created_at)
       SELECT ${idSql('s.ms')}, bd.owner_id, bd.id, o.id, o.title, o.description, o.link, 'button', o.media_base, o.images, o.dominant_color,
              o.width, o.height, 0, ${tsSql('s.ms')}
       FROM s
       JOIN bd ON bd.ord = s.board_ord
       JOIN per ON per.theme = bd.ord % ${themes}
       JOIN orig o ON o.theme = per.theme AND o.r = least(per.c - 1, floor(per.c * s.u * s.u)::int)
       WHERE ${isSaveSql}`,
      [[bigBoard.id, uploadBoard.id], firstSave, o.pins, pinsFromMs, pinStepMs, stride, o.bigBoardPins],
    );
    await db.query(
      `UPDATE pins p SET repin_count = c.n FROM (SELECT parent_pin_id, count(*)::int AS n FROM pins WHERE parent_pin_id IS NOT NULL GROUP BY parent_pin_id) c
       WHERE p.id = c.parent_pin_id`,
    );
    o.log(`    saves ${(o.pins - firstSave + 1).toLocaleString('en-US')} rows at most, ${themes} themes`);
  }
  await db.query('ALTER TABLE pins ENABLE TRIGGER pins_interests_on_insert');
  for (let after = '0'; ;) {
    const [batch] = await db.query<{ n: number; last: string | null }>(
      `WITH ids AS (SELECT id FROM pins WHERE id > $1::bigint ORDER BY id LIMIT $2)
       SELECT count(*)::int AS n, max(id)::text AS last, refresh_pin_interests(ARRAY(SELECT id FROM ids)) FROM ids`,
      [after, chunk],
    );
    if (!batch?.last || batch.n < chunk) break;
    after = batch.last;
  }
  o.log('    topics of the Pins');
  const [newest] = await db.query<{ id: string }>(
    `UPDATE pins SET media_base = $2, images = $3::jsonb, dominant_color = $4, width = $5, height = $6
     WHERE id = (SELECT max(id) FROM pins WHERE board_id = $1) RETURNING id`,
    [bigBoard.id, o.ownImage.mediaBase, JSON.stringify(o.ownImage.images), o.ownImage.dominantColor, o.ownImage.width, o.ownImage.height],
  );
  if (!newest) throw new Error('the big board has no Pins');
  await db.query(
    `UPDATE boards b SET pin_count = c.n, last_pinned_at = c.last
     FROM (SELECT board_id, count(*)::int AS n, max(created_at) AS last FROM pins WHERE board_id IS NOT NULL GROUP BY board_id) c
     WHERE b.id = c.board_id`,
  );
  const [savedPin] = await db.query<{ id: string; saves: number }>(
    `SELECT p.id, p.repin_count AS saves FROM pins p JOIN boards b ON b.id = p.board_id
     WHERE b.privacy = 'public' AND p.parent_pin_id IS NULL AND p.board_id <> ALL($1::bigint[])
     ORDER BY p.repin_count DESC, p.id LIMIT 1`,
    [[bigBoard.id, uploadBoard.id]],
  );
  if (!savedPin) throw new Error('no Pin on a public bulk board');
  const tPins = performance.now();

  // --- follows: the viewer follows the curator, the real people and bulk people up to viewerFollows;
  // everyone else follows ~10 pseudo-random people. The viewer also follows 3 boards of people they don't follow.
  const followees = [curator.id, ...realOthers.map((u) => u.id)];
  const more = await db.query<{ id: string }>(`SELECT id FROM users WHERE username LIKE 'bench\\_u%' ORDER BY id LIMIT $1`, [
    Math.max(0, o.viewerFollows - followees.length),
  ]);
  followees.push(...more.map((r) => r.id));
  for (const id of followees.slice(0, o.viewerFollows)) await follow(db, viewer.id, id);
  await db.query(
    `WITH u AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS ord FROM users WHERE id <> $1::bigint),
          nu AS (SELECT count(*)::int AS n FROM u)
     INSERT INTO follows (follower_id, followee_id, created_at)
     SELECT a.id, b.id, now() - interval '30 days'
     FROM u a CROSS JOIN generate_series(1, 10) AS k
     JOIN u b ON b.ord = (a.ord * 31 + k * 97 + k * k) % (SELECT n FROM nu)
     WHERE a.id <> b.id AND a.id <> $2::bigint
     ON CONFLICT DO NOTHING`,
    [viewer.id, recsViewer.id],
  );
  const boardFollows = await db.query<{ board_id: string }>(
    `INSERT INTO board_follows (user_id, board_id)
     SELECT $1::bigint, b.id FROM boards b
     WHERE b.privacy = 'public' AND b.pin_count > 0 AND b.owner_id <> $1::bigint
       AND b.owner_id NOT IN (SELECT followee_id FROM follows WHERE follower_id = $1::bigint)
     ORDER BY b.id LIMIT 3
     RETURNING board_id`,
    [viewer.id],
  );
  // bench_recs follows 3 of the real people, one board of someone else and RECS_TOPICS: 4 sources, fewer than
  // FEW_FOLLOWS, so their home feed mixes in Pins of those topics and popular public Pins.
  const recsFollowees = realOthers.slice(0, 3).map((u) => u.id);
  for (const id of recsFollowees) await follow(db, recsViewer.id, id);
  const recsBoards = await db.query<{ board_id: string }>(
    `INSERT INTO board_follows (user_id, board_id)
     SELECT $1::bigint, b.id FROM boards b
     WHERE b.privacy = 'public' AND b.pin_count > 0 AND b.owner_id <> ALL($2::bigint[]) AND b.owner_id <> $1::bigint
     ORDER BY b.id DESC LIMIT 1
     RETURNING board_id`,
    [recsViewer.id, recsFollowees],
  );
  const recsTopics = await db.query(
    'INSERT INTO interest_follows (user_id, interest_id) SELECT $1::bigint, id FROM interests WHERE slug = ANY($2::text[]) RETURNING interest_id',
    [recsViewer.id, RECS_TOPICS],
  );
  if (recsTopics.length !== RECS_TOPICS.length) throw new Error(`bench_recs follows ${recsTopics.length} topics, expected ${RECS_TOPICS.length}`);
  // Comments: BENCH_COMMENTS on the big board's newest Pin (the comment-list scenario), written by the people the viewer follows.
  await db.query(
    `INSERT INTO pin_comments (id, pin_id, author_id, text, created_at)
     SELECT $2::bigint + g, $1::bigint, ($3::bigint[])[1 + g % cardinality($3::bigint[])],
            'Bench comment ' || g || ' about the light, the colours and where this was taken @' || $4::text, now()
     FROM generate_series(1, $5::int) AS g`,
    [newest.id, newest.id, followees, curator.username, BENCH_COMMENTS],
  );
  const tFollows = performance.now();

  // The viewer is also a business with an ad account: 20 campaigns (each an ad group and an ad), a year of daily
  // totals each, for the advertiser report's scenario. They target JP, so the home feed scenario (a US viewer)
  // measures the path of people no campaign reaches.
  await db.query('UPDATE users SET is_partner = true WHERE id = $1', [viewer.id]);
  const account = await adsRepo.insertAdvertiser(db, { ownerId: viewer.id, name: 'Bench ads', country: 'US', currency: 'USD' });
  const [adPin] = await db.query<{ id: string }>('SELECT id FROM pins ORDER BY id DESC LIMIT 1');
  for (let i = 0; i < 20; i++) {
    const made = await db.tx((tx) =>
      adsRepo.insertCampaign(tx, {
        advertiserId: account!.id,
        ownerUserId: viewer.id,
        name: `Bench campaign ${i}`,
        objectiveType: 'CONSIDERATION',
        dailyBudgetMicro: 10_000_000,
        lifetimeBudgetMicro: null,
        durationDays: 365,
        isOngoing: true,
        endDate: null,
        country: 'JP',
        ages: [],
        genders: [],
        interests: [],
        autoTargeting: false,
        pinId: adPin!.id,
        destinationUrl: null,
      }),
    );
    await db.query(
      `INSERT INTO ad_daily_stats (ad_id, day, impressions, clicks, saves, spend_micro)
       SELECT $1, CURRENT_DATE - d, 500 + d, 10 + d % 7, 20 + d % 5, (500 + d) * 5000 FROM generate_series(0, 364) d`,
      [made.ad_id],
    );
  }

  // Statistics and visibility map as autovacuum leaves them a little after a bulk load (since PostgreSQL 13 it
  // vacuums insert-only tables too): without the visibility map, index-only scans still read heap pages.
  if (o.analyze !== false) await db.query('VACUUM (ANALYZE)');
  const tAnalyze = performance.now();

  const [counts] = await db.query<{ users: number; boards: number; pins: number; follows: number; board_follows: number; big: number }>(
    `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM boards) AS boards,
            (SELECT count(*)::int FROM pins) AS pins, (SELECT count(*)::int FROM follows) AS follows,
            (SELECT count(*)::int FROM board_follows) AS board_follows,
            (SELECT count(*)::int FROM pins WHERE board_id = $1) AS big`,
    [bigBoard.id],
  );
  if (!counts || counts.pins !== o.pins || counts.big !== Math.min(o.bigBoardPins, Math.floor(o.pins / stride))) {
    throw new Error(`seeding produced unexpected counts: ${JSON.stringify(counts)}`);
  }
  const [vf] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM follows WHERE follower_id = $1', [viewer.id]);
  if (vf?.n !== o.viewerFollows) throw new Error(`the viewer follows ${vf?.n} people, expected ${o.viewerFollows}`);

  return {
    viewer: { id: viewer.id, username: viewer.username },
    viewerFollowees: followees.slice(0, o.viewerFollows),
    viewerBoardFollows: boardFollows.map((r) => r.board_id),
    recsViewer: { id: recsViewer.id, username: recsViewer.username, followees: recsFollowees, boardFollows: recsBoards.map((r) => r.board_id) },
    bigBoard: { id: bigBoard.id, ownerUsername: curator.username, pins: counts.big },
    ownImagePin: { id: newest.id, mediaBase: o.ownImage.mediaBase },
    savedPin,
    uploadBoard: { id: uploadBoard.id },
    adAccount: { id: account!.id },
    counts: {
      users: counts.users,
      boards: counts.boards,
      pins: counts.pins,
      follows: counts.follows,
      boardFollows: counts.board_follows,
      images: images.length,
    },
    timings: {
      usersMs: Math.round(tUsers - t0),
      boardsMs: Math.round(tBoards - tUsers),
      pinsMs: Math.round(tPins - tBoards),
      followsMs: Math.round(tFollows - tPins),
      analyzeMs: Math.round(tAnalyze - tFollows),
      totalMs: Math.round(performance.now() - t0),
    },
  };
}
