/**
 * The bench's scenarios: the exact request autocannon sends for each, who
 * sends it, and the checks its answer must pass (status 200 and the expected
 * shape) before it is measured and again after.
 */
import { openPostgres } from '../../apps/server/src/db/client';
import { DiskMediaStore } from '../../apps/server/src/media-pipeline/disk-media-store';
import { makeTestVideo } from '../../apps/server/src/media-pipeline/test-videos';
import { issueTokens } from '../../apps/server/src/modules/oauth/oauth-tokens';
import { BenchClient, multipartBody, type Reply } from './http';
import type { DbTarget } from './protocol';
import { BENCH_COMMENTS, RECS_TOPICS, RECS_USERNAME, VIEWER_USERNAME, type SeedResult } from './seed';

export type DbKind = 'embedded' | 'external';

export class BenchFailure extends Error {}
export function check(cond: unknown, msg: string): asserts cond {
  if (!cond) throw new BenchFailure(msg);
}

export interface Scenario {
  key: string;
  label: string;
  /** Reads are also measured against the floor, and held to the event-loop target. */
  group: 'read' | 'write';
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  connections: number;
  /** Who sends it, and anything a reader should know. */
  note: string;
  /** Work before the checked request (walking pages…). */
  prepare?: () => Promise<void>;
  /**
   * Checks the answer to one copy of exactly the measured request (same URL, method, headers and
   * body) and fails loudly unless it is a 200 of the expected shape.
   */
  check: (r: Reply) => Promise<void>;
  /** Consistency checks after the load (e.g. every 2xx upload made a Pin). */
  after?: (counted2xx: number, settleMs: number) => Promise<void>;
  /**
   * Report the share of requests answered from the signed-out read cache: 1 − queries a request ÷ the
   * queries of the checked request (the first for its address, so a miss). Only for a scenario whose
   * other traffic does not go through the app (writes made as another server would, on a connection of
   * their own).
   */
  cacheHitRate?: boolean;
  /**
   * Measured one request at a time for the scenario's duration instead of under autocannon's load:
   * `send(i)` is the i-th request (timed; the first is the one `check` sees), `verify(i, reply)` checks
   * its effect (not timed).
   */
  sequence?: { send: (i: number) => Promise<Reply>; verify: (i: number, r: Reply) => Promise<void> };
}

/** Writes a second to other people's boards while board_feed_writes reads (decision 064). */
const OTHERS_WRITES_PER_SEC = Number(process.env.BENCH_OTHERS_WRITES ?? 50);

interface ScenarioOptions {
  pageSize: number;
  deepPage: number;
  walkBudgetSec: number;
  connections: number;
  homeConnections: number;
  latencyConnections: number;
  uploadConnections: number;
  viewerFollows: number;
  upload: { width: number; height: number };
  movePins: number;
}

export interface ScenarioContext {
  kind: DbKind;
  appBase: string;
  mediaDir: string;
  /** Whether the app serves a real web build (else its fallback template). */
  webBuild: boolean;
  seed: SeedResult;
  /** The bench's database, for writes made as another app server would (their own connection). */
  target: DbTarget;
  viewer: BenchClient;
  /** Signed in as bench_recs (follows few: recommendations join the home feed). */
  recsViewer: BenchClient;
  uploadJpeg: Buffer;
  /** The bookmark of page `deepPage` of the big board, computed in SQL after seeding. */
  craftedBookmark: string;
  onBookmark: (source: 'walked' | 'crafted') => void;
  opts: ScenarioOptions;
  log: (msg: string) => void;
}

// ---- response shape checks ------------------------------------------------------

const IMAGE_KEYS = ['170x', '236x', '474x', '736x', '1200x', 'orig'] as const;
interface PinLike {
  id: string;
  type: string;
  images: Record<string, { url: string; width: number; height: number }>;
  dominant_color: string;
  width: number;
  height: number;
  created_at: string;
  pinner: { id: string; username: string };
  board: { id: string; name: string; url: string } | null;
}

function assertPin(p: unknown, where: string): asserts p is PinLike {
  const pin = p as PinLike;
  check(pin && typeof pin === 'object', `${where}: a Pin is not an object`);
  check(typeof pin.id === 'string' && /^\d+$/.test(pin.id), `${where}: Pin id ${JSON.stringify(pin.id)} is not a decimal string`);
  check(pin.type === 'pin', `${where}: Pin ${pin.id} has type ${pin.type}`);
  for (const k of IMAGE_KEYS) {
    const v = pin.images?.[k];
    check(
      v && typeof v.url === 'string' && v.url.startsWith('/media/') && v.width > 0 && v.height > 0,
      `${where}: Pin ${pin.id} images.${k} is ${JSON.stringify(v)}`,
    );
  }
  check(/^#[0-9a-f]{6}$/i.test(pin.dominant_color), `${where}: Pin ${pin.id} dominant_color ${pin.dominant_color}`);
  check(pin.pinner && /^\d+$/.test(pin.pinner.id) && typeof pin.pinner.username === 'string', `${where}: Pin ${pin.id} pinner`);
  check(!Number.isNaN(Date.parse(pin.created_at)), `${where}: Pin ${pin.id} created_at`);
}

export interface ResourceOk {
  status: 'success';
  data: unknown;
  bookmark: string | null;
}

export function resourceOk(r: { status: number; json: unknown; text: string }, where: string): ResourceOk {
  check(r.status === 200, `${where}: HTTP ${r.status}, expected 200: ${r.text.slice(0, 500)}`);
  const rr = (r.json as { resource_response?: ResourceOk } | undefined)?.resource_response;
  check(rr && rr.status === 'success', `${where}: no successful resource_response: ${r.text.slice(0, 500)}`);
  return rr;
}

function assertPinPage(rr: ResourceOk, where: string, pageSize: number): PinLike[] {
  check(Array.isArray(rr.data), `${where}: data is not a list`);
  const pins = rr.data as unknown[];
  check(pins.length === pageSize, `${where}: ${pins.length} Pins, expected a full page of ${pageSize}`);
  pins.forEach((p, i) => assertPin(p, `${where} [${i}]`));
  const typed = pins as PinLike[];
  for (let i = 1; i < typed.length; i++) {
    check(BigInt(typed[i]!.id) < BigInt(typed[i - 1]!.id), `${where}: Pins are not newest first by id`);
  }
  check(typeof rr.bookmark === 'string' && rr.bookmark.length > 0, `${where}: no bookmark for the next page`);
  return typed;
}

const decodeBookmark = (b: string) => JSON.parse(Buffer.from(b, 'base64url').toString('utf8')) as unknown;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What a browser sends for a page, and for an image. */
const ACCEPT_HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const ACCEPT_IMAGE = 'image/avif,image/webp,image/*,*/*;q=0.8';

// ---- scenarios -----------------------------------------------------------------------

export async function buildScenarios(c: ScenarioContext): Promise<Scenario[]> {
  const { appBase, seed, viewer, opts: o } = c;
  const big = seed.bigBoard;

  // The Pin read and the image: the big board's newest Pin, whose image no other Pin uses.
  const pinPath = BenchClient.resourcePath('PinResource', 'get', { id: seed.ownImagePin.id });
  const pinCheck = resourceOk(await viewer.request('GET', pinPath), 'Pin read (setup)');
  assertPin(pinCheck.data, 'Pin read (setup)');
  const imageUrl = pinCheck.data.images['236x']!.url;
  check(imageUrl.includes(seed.ownImagePin.mediaBase), `the Pin's 236x image ${imageUrl} is not its own image ${seed.ownImagePin.mediaBase}`);
  const imageFile = await new DiskMediaStore(c.mediaDir).get(imageUrl.slice('/media/'.length));
  check(imageFile, `the Pin's 236x image ${imageUrl} is not in the media folder`);

  // The home feed.
  const homePath = BenchClient.resourcePath('UserHomefeedResource', 'get', { page_size: o.pageSize });
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const adsReportPath = BenchClient.resourcePath('AdvertiserReportResource', 'get', {
    advertiser_id: seed.adAccount.id,
    level: 'ads',
    start_date: day(29),
    end_date: day(0),
    granularity: 'DAY',
  });
  const allowedPinners = new Set([seed.viewer.id, ...seed.viewerFollowees]);
  const followedBoards = new Set(seed.viewerBoardFollows);
  const homeCheck = async (r: Reply) => {
    const rr = resourceOk(r, 'home feed');
    const pins = assertPinPage(rr, 'home feed', o.pageSize);
    for (const p of pins) {
      check(
        allowedPinners.has(p.pinner.id) || (p.board && followedBoards.has(p.board.id)),
        `home feed: Pin ${p.id} by ${p.pinner.username} is neither the viewer's nor from someone or a board they follow`,
      );
    }
  };

  // The big board: page 1, and page `deepPage` with the bookmark obtained by walking.
  const boardOpts = (bookmark?: string) => ({ board_id: big.id, page_size: o.pageSize, ...(bookmark ? { bookmark } : {}) });
  const boardPageCheck = (where: string, olderThan: () => bigint | null, pageSize = o.pageSize) => {
    let firstIds: string[] = [];
    return async (r: Reply) => {
      const rr = resourceOk(r, where);
      const pins = assertPinPage(rr, where, pageSize);
      const bound = olderThan();
      for (const p of pins) {
        check(p.board?.id === big.id, `${where}: Pin ${p.id} is on board ${p.board?.id}`);
        check(bound === null || BigInt(p.id) < bound, `${where}: Pin ${p.id} is not older than the bookmark`);
      }
      const ids = pins.map((p) => p.id);
      if (firstIds.length) check(ids.join() === firstIds.join(), `${where}: a second read differs from the first`);
      firstIds = ids;
    };
  };
  /** Stops the writes board_feed_writes makes to other people's boards, and logs how many it made. */
  let othersWriting: (() => Promise<void>) | null = null;
  const page1Path = BenchClient.resourcePath('BoardFeedResource', 'get', boardOpts());
  let deepPath = '';
  let deepCursor = 0n;

  // The upload.
  const form = multipartBody(
    { options: JSON.stringify({ board_id: seed.uploadBoard.id, title: 'Bench upload', description: 'Made by npm run bench.' }) },
    { field: 'image', filename: 'bench.jpg', contentType: 'image/jpeg', data: c.uploadJpeg },
  );
  const uploadHeaders = { ...viewer.headersFor('POST'), 'content-type': form.contentType };
  const boardPins = async (boardId: string) => {
    const rr = resourceOk(await viewer.resource('BoardResource', 'get', { board_id: boardId }), 'BoardResource get');
    return (rr.data as { pin_count: number }).pin_count;
  };
  let uploadsBefore = 0;

  // Saves.
  let saveBoardId = '';
  let saveBody = Buffer.alloc(0);
  let savesBefore = 0;
  const makeBoard = async (name: string) => {
    const rr = resourceOk(await viewer.resource('BoardResource', 'create', { name }), `create board ${name}`);
    return (rr.data as { id: string }).id;
  };

  /** After a write load: wait until the board's count stops moving, then check it grew by the 2xx answers (+ those in flight at the deadlines). */
  const countedWrites = async (what: string, boardId: string, before: number, counted2xx: number, settleMs: number, connections: number) => {
    let now = await boardPins(boardId);
    for (let prev = -1; now !== prev;) {
      await new Promise((r) => setTimeout(r, settleMs));
      prev = now;
      now = await boardPins(boardId);
    }
    const made = now - before;
    check(
      made >= counted2xx && made <= counted2xx + 2 * connections,
      `${what}: ${made} Pins were made, but autocannon counted ${counted2xx} answered 2xx (+ at most ${2 * connections} in flight at the deadlines)`,
    );
    return now;
  };

  // Moves: movePins Pins back and forth between two of the viewer's boards.
  const move = { from: '', to: '', ids: [] as string[] };
  const moveBody = (i: number) => {
    const [a, b] = i % 2 === 0 ? [move.from, move.to] : [move.to, move.from];
    return JSON.stringify({ options: { board_id: a, new_board_id: b, pin_ids: move.ids } });
  };
  const movePath = '/resource/PinMoveResource/create/';

  const curator = { username: big.ownerUsername, fullName: 'Bench Curator' };

  // API v5: the viewer's bearer token, made in the scenario's prepare.
  const v5Token = { value: '' };

  // Video: a 720p video made here is uploaded and transcoded (timed per second of input), then one of its HLS segments is served under load.
  const video = { segmentPath: '', seconds: Number(process.env.BENCH_VIDEO_SECONDS ?? 10) };
  const prepareVideo = async () => {
    const bytes = await makeTestVideo({ seconds: video.seconds, width: 1280, height: 720, fps: 30, audio: true });
    const upload = multipartBody(
      { options: JSON.stringify({ board_id: seed.uploadBoard.id, title: 'Bench video' }) },
      { field: 'video', filename: 'bench.mp4', contentType: 'video/mp4', data: bytes },
    );
    const t0 = performance.now();
    const made = resourceOk(
      await viewer.request('POST', '/resource/PinResource/create/', { body: upload.body, headers: { 'content-type': upload.contentType } }),
      'video upload',
    );
    const uploadedMs = performance.now() - t0;
    const id = (made.data as { id: string }).id;
    let pin: { video_status?: string; videos?: { video_list: { V_HLSV4: { url: string } } } } = {};
    while (pin.video_status !== 'ready') {
      check(pin.video_status !== 'failed', 'video: the transcode failed');
      await new Promise((r) => setTimeout(r, 100));
      pin = resourceOk(await viewer.resource('PinResource', 'get', { id }), 'video read').data as typeof pin;
    }
    const totalMs = performance.now() - t0;
    c.log(
      `    video: ${video.seconds} s of 1280x720 at 30 fps (${(bytes.length / 1e6).toFixed(1)} MB) answered as processing in ${Math.round(uploadedMs)} ms, ready after ${(totalMs / 1000).toFixed(1)} s: ` +
        `${Math.round(totalMs / video.seconds)} ms of transcoding per second of input (720p MP4 + HLS 720p and 360p, one transcode at a time)`,
    );
    const master = pin.videos!.video_list.V_HLSV4.url;
    const dir = master.slice(0, master.lastIndexOf('/') + 1);
    const rung = (await viewer.request('GET', master)).text.split('\n').find((l) => l.endsWith('.m3u8'));
    check(rung, 'video: the master playlist names no rendition');
    const segment = (await viewer.request('GET', dir + rung)).text.split('\n').find((l) => l.endsWith('.ts'));
    check(segment, 'video: the rendition names no segment');
    video.segmentPath = dir + segment;
  };

  const scenarios: Scenario[] = [
    {
      key: 'healthz',
      label: 'GET /healthz',
      group: 'read',
      method: 'GET',
      url: `${appBase}/healthz`,
      headers: {},
      connections: o.connections,
      note: 'No cookies, as a load balancer probe sends it; it sets none either. Probes share one SELECT 1 at a time, its answer reused for HEALTH_CHECK_REUSE_MS (1 s).',
      async check(r) {
        check(r.status === 200, `healthz: HTTP ${r.status}: ${r.text}`);
        check(!r.headers.has('set-cookie'), `healthz: sets a cookie: ${r.headers.get('set-cookie')}`);
        const j = r.json as { status?: string; data?: { status?: string; database?: { kind?: string; ok?: boolean } } };
        check(j?.status === 'success' && j.data?.status === 'ok' && j.data.database?.ok === true, `healthz: body ${r.text}`);
        check(j.data.database.kind === c.kind, `healthz: database kind ${j.data.database.kind}, expected ${c.kind}`);
      },
    },
    {
      key: 'video_segment',
      label: 'video segment (HLS, 720p)',
      group: 'read',
      method: 'GET',
      get url() {
        return appBase + video.segmentPath;
      },
      headers: {},
      connections: o.connections,
      note: 'The first 4-second MPEG-TS segment of a public video Pin transcoded in prepare (which logs the transcode time per second of input), no cookies: the media route, its policy (known public: no query) and the store read in ranges.',
      prepare: prepareVideo,
      async check(r) {
        check(r.status === 200, `video segment: HTTP ${r.status}`);
        check(r.headers.get('content-type') === 'video/mp2t', `video segment: content type ${r.headers.get('content-type')}`);
        check(r.text.length > 1000, `video segment: only ${r.text.length} bytes`);
      },
    },
    {
      key: 'board_feed',
      label: 'board feed, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + page1Path,
      headers: {},
      connections: o.connections,
      note: `BoardFeedResource get, page 1 (${o.pageSize} Pins) of the ${big.pins.toLocaleString('en-US')}-Pin public board, no cookies.`,
      check: boardPageCheck('board feed, signed out', () => null),
    },
    {
      key: 'board_feed_writes',
      label: 'board feed, signed out, others writing',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('BoardFeedResource', 'get', { board_id: big.id, page_size: o.pageSize - 1 }),
      headers: {},
      connections: o.connections,
      note:
        `BoardFeedResource get, page 1 (${o.pageSize - 1} Pins, an address no other scenario reads) of the big public board, no cookies, while another ` +
        `connection (as another app server) makes ${OTHERS_WRITES_PER_SEC} writes a second to other people's boards and profiles: a board's description, ` +
        "its owner's about text, a Pin of theirs on it (when it has one), for 20 public boards whose owners have no Pin on the big board. Its figure is the share answered from memory (decision 064).",
      cacheHitRate: true,
      async prepare() {
        const db =
          c.target.kind === 'external'
            ? openPostgres(c.target.url, { schema: c.target.schema, max: 1 })
            : openPostgres(c.target.url, { kind: 'embedded', max: 1 });
        const targets = await db.query<{ board: string; owner: string; pin: string | null }>(
          `SELECT b.id AS board, b.owner_id AS owner, (SELECT p.id FROM pins p WHERE p.board_id = b.id AND p.pinner_id = b.owner_id ORDER BY p.id DESC LIMIT 1) AS pin
           FROM boards b
           WHERE b.privacy = 'public' AND b.owner_id NOT IN (SELECT pinner_id FROM pins WHERE board_id = $1) AND b.owner_id <> (SELECT owner_id FROM boards WHERE id = $1)
           ORDER BY b.id LIMIT 20`,
          [big.id],
        );
        check(targets.length > 0, "others' writes: no other person's board");
        let n = 0;
        let failed = 0;
        const started = performance.now();
        const timer = setInterval(() => {
          const t = targets[n % targets.length]!;
          const write =
            n % 3 === 0 && t.pin
              ? db.query('UPDATE pins SET title = $2 WHERE id = $1', [t.pin, `Edited ${n}`])
              : n % 3 === 1
                ? db.query('UPDATE users SET about = $2 WHERE id = $1', [t.owner, `Edited ${n}`])
                : db.query('UPDATE boards SET description = $2 WHERE id = $1', [t.board, `Edited ${n}`]);
          n++;
          write.catch(() => failed++);
        }, 1000 / OTHERS_WRITES_PER_SEC);
        othersWriting = async () => {
          clearInterval(timer);
          const secs = (performance.now() - started) / 1000;
          await db.close();
          c.log(`    others' writes: ${n} in ${secs.toFixed(1)} s (${(n / secs).toFixed(1)} a second), ${failed} failed, on ${targets.length} boards`);
        };
      },
      check: boardPageCheck('board feed, others writing', () => null, o.pageSize - 1),
      async after() {
        await othersWriting?.();
        othersWriting = null;
      },
    },
    {
      key: 'pin_read',
      label: 'Pin read, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + pinPath,
      headers: {},
      connections: o.connections,
      note: "PinResource get of the big board's newest Pin, no cookies.",
      async check(r) {
        const rr = resourceOk(r, 'Pin read');
        assertPin(rr.data, 'Pin read');
        check(rr.data.id === seed.ownImagePin.id && rr.data.board?.id === big.id, `Pin read: got Pin ${rr.data.id} on board ${rr.data.board?.id}`);
      },
    },
    {
      key: 'v5_pin_read',
      label: 'API v5 Pin read (bearer token)',
      group: 'read',
      method: 'GET',
      url: `${appBase}/v5/pins/${seed.ownImagePin.id}`,
      get headers() {
        return { authorization: `Bearer ${v5Token.value}` };
      },
      connections: o.connections,
      note:
        "GET /v5/pins/{id} of the big board's newest Pin, as Pinterest's API v5 clients send it (decision 100): no cookies, an access token of the viewer's " +
        '(made in prepare for the built-in app, scopes boards:read and pins:read), looked up by its hash on every request, then the pins service and the v5 shape.',
      async prepare() {
        const db =
          c.target.kind === 'external'
            ? openPostgres(c.target.url, { schema: c.target.schema, max: 1 })
            : openPostgres(c.target.url, { kind: 'embedded', max: 1 });
        try {
          v5Token.value = (await issueTokens(db, { appId: '1', userId: seed.viewer.id, scopes: ['boards:read', 'pins:read'] })).access_token;
        } finally {
          await db.close();
        }
      },
      async check(r) {
        check(r.status === 200, `v5 Pin read: HTTP ${r.status}: ${r.text.slice(0, 500)}`);
        const pin = r.json as { id?: string; board_id?: string; media?: { images?: Record<string, { url: string; width: number }> } };
        check(pin.id === seed.ownImagePin.id && pin.board_id === big.id, `v5 Pin read: got Pin ${pin.id} on board ${pin.board_id}`);
        for (const key of ['150x150', '400x300', '600x', '1200x']) {
          const image = pin.media?.images?.[key];
          check(image && /^https?:\/\//.test(image.url) && image.width > 0, `v5 Pin read: media.images.${key} is ${JSON.stringify(image)}`);
        }
      },
    },
    {
      key: 'comments_read',
      label: 'comment list, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('PinCommentsResource', 'get', { pin_id: seed.ownImagePin.id, page_size: o.pageSize }),
      headers: {},
      connections: o.connections,
      note: `PinCommentsResource get, page 1 (${o.pageSize}) of the ${BENCH_COMMENTS} comments on the big board's newest Pin, each with an @mention to look up, no cookies.`,
      async check(r) {
        const rr = resourceOk(r, 'comment list');
        check(Array.isArray(rr.data), 'comment list: data is not a list');
        const comments = rr.data as { id: string; pin_id: string; text: string; mentions: unknown[] }[];
        check(comments.length === Math.min(o.pageSize, BENCH_COMMENTS), `comment list: ${comments.length} comments, expected a full page`);
        for (let i = 0; i < comments.length; i++) {
          const cm = comments[i]!;
          check(cm.pin_id === seed.ownImagePin.id && cm.mentions.length === 1, `comment list: comment ${cm.id} ${JSON.stringify(cm).slice(0, 200)}`);
          check(i === 0 || BigInt(cm.id) < BigInt(comments[i - 1]!.id), 'comment list: not newest first');
        }
        check(typeof rr.bookmark === 'string' && rr.bookmark.length > 0, 'comment list: no bookmark for the next page');
      },
    },
    {
      key: 'idea_feed',
      label: 'idea page feed, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('IdeasFeedResource', 'get', { slug: 'design', page_size: o.pageSize }),
      headers: {},
      connections: o.connections,
      note: `IdeasFeedResource get of /ideas/design/, page 1 (${o.pageSize} Pins): the big board's category, walked by the (interest_id, pin_id) index with the discovery rule per Pin.`,
      async check(r) {
        const rr = resourceOk(r, 'idea feed');
        const pins = rr.data as unknown[];
        check(Array.isArray(pins) && pins.length === o.pageSize, `idea feed: ${Array.isArray(pins) ? pins.length : 'no'} Pins`);
        for (const pin of pins) assertPin(pin, 'idea feed');
      },
    },
    {
      key: 'topics_catalogue',
      label: 'topics catalogue, signed in',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('InterestsResource', 'get', {}),
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: "InterestsResource get (the ad flow's targeting, the topics a person follows): every topic with its follower count, whether the viewer follows it, and its cover, the newest public Pin of the topic, found by the (interest_id, pin_id) key.",
      async check(r) {
        const rr = resourceOk(r, 'topics catalogue');
        const topics = rr.data as { id: string; type: string; name: string; image: unknown; follower_count: number; is_followed: boolean }[];
        check(Array.isArray(topics) && topics.length > 0, 'topics catalogue: no topics');
        for (const t of topics)
          check(
            t.type === 'interest' && typeof t.name === 'string' && typeof t.is_followed === 'boolean',
            `topics catalogue: ${JSON.stringify(t).slice(0, 200)}`,
          );
        check(
          topics.some((t) => t.image !== null),
          'topics catalogue: no topic has a cover',
        );
      },
    },
    {
      key: 'related_pins',
      label: 'related Pins, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('RelatedPinsResource', 'get', { pin_id: seed.ownImagePin.id, page_size: o.pageSize }),
      headers: {},
      connections: o.connections,
      note: `RelatedPinsResource get ("More to explore") of the big board's newest Pin, page 1: at most 100 candidates from each source (board, topics, words, colour), ranked.`,
      async check(r) {
        const rr = resourceOk(r, 'related Pins');
        const pins = rr.data as { id: string }[];
        check(Array.isArray(pins) && pins.length > 0, 'related Pins: none');
        check(!pins.some((p) => p.id === seed.ownImagePin.id), 'related Pins: the Pin itself');
        for (const pin of pins) assertPin(pin, 'related Pins');
      },
    },
    {
      key: 'related_pins_auth',
      label: 'related Pins, signed in',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('RelatedPinsResource', 'get', { pin_id: seed.ownImagePin.id, page_size: o.pageSize }),
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `RelatedPinsResource get ("More to explore") signed in (never from the signed-out read cache: the query and the viewer's visibility rule run every time), the big board's newest Pin, page 1: at most 100 candidates from each source (board, topics, words, colour), ranked.`,
      async check(r) {
        const rr = resourceOk(r, 'related Pins');
        const pins = rr.data as { id: string }[];
        check(Array.isArray(pins) && pins.length > 0, 'related Pins (signed in): none');
        check(!pins.some((p) => p.id === seed.ownImagePin.id), 'related Pins: the Pin itself');
        for (const pin of pins) assertPin(pin, 'related Pins');
      },
    },
    {
      key: 'related_pins_graph_auth',
      label: 'related Pins of a saved Pin, signed in',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('RelatedPinsResource', 'get', { pin_id: seed.savedPin.id, page_size: o.pageSize }),
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `RelatedPinsResource get signed in of the bench's most saved Pin (${seed.savedPin.saves} saves on boards of its theme), page 1: random walks over the server's Pin–board graph (decision 091), the walk's top Pins checked against the viewer's rule in one statement, the page read whole.`,
      async check(r) {
        const rr = resourceOk(r, 'related Pins (graph)');
        const pins = rr.data as { id: string }[];
        check(Array.isArray(pins) && pins.length === o.pageSize, `related Pins (graph): ${Array.isArray(pins) ? pins.length : 'no'} Pins`);
        check(!pins.some((p) => p.id === seed.savedPin.id), 'related Pins (graph): the Pin itself');
        for (const pin of pins) assertPin(pin, 'related Pins (graph)');
      },
    },
    {
      key: 'profile_read',
      label: 'profile read, signed out',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('UserResource', 'get', { username: curator.username }),
      headers: {},
      connections: o.connections,
      note: `UserResource get of ${curator.username} (owner of the big board), no cookies.`,
      async check(r) {
        const rr = resourceOk(r, 'profile read');
        const u = rr.data as { username?: string; full_name?: string; pin_count?: number; board_count?: number; follower_count?: number };
        check(u.username === curator.username && u.full_name === curator.fullName, `profile read: ${JSON.stringify(u).slice(0, 300)}`);
        check(typeof u.pin_count === 'number' && u.pin_count >= big.pins, `profile read: pin_count ${u.pin_count}, expected ≥ ${big.pins}`);
        check(typeof u.board_count === 'number' && typeof u.follower_count === 'number', 'profile read: no board_count or follower_count');
      },
    },
    {
      key: 'profile_html',
      label: 'profile page HTML',
      group: 'read',
      method: 'GET',
      url: `${appBase}/${curator.username}/`,
      headers: { accept: ACCEPT_HTML },
      connections: o.connections,
      note: `GET /${curator.username}/ with a browser's Accept: text/html, no cookies: the web app's index.html with the page's title, Open Graph tags and JSON-LD (${c.webBuild ? 'a real web build' : "the app's fallback template: the web build failed"}).`,
      async check(r) {
        check(r.status === 200, `profile HTML: HTTP ${r.status}: ${r.text.slice(0, 300)}`);
        check((r.headers.get('content-type') ?? '').startsWith('text/html'), `profile HTML: content-type ${r.headers.get('content-type')}`);
        const html = r.text;
        check(html.includes(`<title>${curator.fullName} (${curator.username}) | Pinboard</title>`), `profile HTML: no profile title in ${html.slice(0, 400)}`);
        check(html.includes('<meta property="og:type" content="profile">'), 'profile HTML: no og:type profile');
        check(html.includes(`<link rel="canonical" href="`) && html.includes(`/${curator.username}/"`), 'profile HTML: no canonical link');
        check(html.includes('application/ld+json'), 'profile HTML: no JSON-LD');
        if (c.webBuild) check(/<script type="module"[^>]+src="\/assets\//.test(html), "profile HTML: the web build's script is missing");
      },
    },
    {
      key: 'sitemap_pins',
      label: 'sitemap of Pins, first file',
      group: 'read',
      method: 'GET',
      url: `${appBase}/sitemaps/pin-0.xml`,
      headers: {},
      connections: 2,
      note: 'GET /sitemaps/pin-0.xml, no cookies: the first keyset page of public Pins (up to 50,000 addresses), streamed in batches of 1,000; crawlers send few requests at once.',
      async check(r) {
        check(r.status === 200, `sitemap: HTTP ${r.status}: ${r.text.slice(0, 300)}`);
        check((r.headers.get('content-type') ?? '').startsWith('application/xml'), `sitemap: content-type ${r.headers.get('content-type')}`);
        check(r.text.includes('<urlset') && r.text.trimEnd().endsWith('</urlset>'), 'sitemap: not a whole urlset');
        const urls = r.text.split('<url>').length - 1;
        check(urls > 0 && urls <= 50_000 && r.text.includes('/pin/'), `sitemap: ${urls} addresses`);
      },
    },
    {
      key: 'image_236x',
      label: 'public 236x image',
      group: 'read',
      method: 'GET',
      url: appBase + imageUrl,
      headers: { accept: ACCEPT_IMAGE },
      connections: o.connections,
      note: `GET ${imageUrl}: the Pin read's images['236x'] (on a public board), no cookies; ${imageFile.data.length.toLocaleString('en-US')} bytes.`,
      async check(r) {
        check(r.status === 200, `image: HTTP ${r.status}: ${r.text.slice(0, 200)}`);
        check(r.headers.get('content-type') === imageFile.contentType, `image: content-type ${r.headers.get('content-type')}`);
        check((r.headers.get('cache-control') ?? '').startsWith('public'), `image: cache-control ${r.headers.get('cache-control')}`);
        const body = (r as Reply & { body?: Buffer }).body;
        check(body && body.equals(imageFile.data), 'image: the bytes differ from the stored file');
      },
    },
    {
      key: 'homefeed',
      label: `home feed, page 1 (${o.connections} conns)`,
      group: 'read',
      method: 'GET',
      url: appBase + homePath,
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `Signed in as ${VIEWER_USERNAME} (follows ${o.viewerFollows} people and ${seed.viewerBoardFollows.length} boards), page_size ${o.pageSize}.`,
      check: homeCheck,
    },
    {
      key: 'search',
      label: 'search that understands, page 1',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('SearchResource', 'get', { query: 'calm ideas', page_size: o.pageSize }),
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `SearchResource get of "calm ideas" (stemmed: "ideas" finds "idea", in most Pins' descriptions), signed in as ${VIEWER_USERNAME}, page_size ${o.pageSize} (decision 084).`,
      async check(r) {
        const rr = resourceOk(r, 'search');
        const page = rr.data as { data?: unknown[]; bookmark?: string | null };
        check(Array.isArray(page.data) && page.data.length === o.pageSize, `search: ${page.data?.length} Pins, expected ${o.pageSize}`);
        page.data.forEach((p, i) => assertPin(p, `search [${i}]`));
        check(typeof page.bookmark === 'string', 'search: no bookmark');
      },
    },
    {
      key: 'search_typeahead',
      label: 'search suggestions while typing',
      group: 'read',
      method: 'GET',
      url: appBase + BenchClient.resourcePath('SearchSuggestionsResource', 'get', { query: 'bench p' }),
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `SearchSuggestionsResource get of "bench p" (Pin titles, boards, people, topics), signed in as ${VIEWER_USERNAME} (decision 084).`,
      async check(r) {
        const rr = resourceOk(r, 'search suggestions');
        const s = rr.data as { pins?: { label: string; url: string }[] };
        check(Array.isArray(s.pins) && s.pins.length > 0, `search suggestions: ${JSON.stringify(rr.data).slice(0, 300)}`);
      },
    },
    {
      key: 'business_profiles',
      label: 'business access profiles (header switcher)',
      group: 'read',
      method: 'GET',
      url: `${appBase}/vx/business_access/profiles/`,
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `GET /vx/business_access/profiles/ signed in as ${VIEWER_USERNAME}: the own profile (OWNER) and the businesses it may act for.`,
      async check(r) {
        check(r.status === 200, `business profiles: HTTP ${r.status}: ${r.text.slice(0, 300)}`);
        const body = JSON.parse(r.text) as { data?: { profiles?: { permissions?: string[]; user?: { username?: string } }[] } };
        const first = body.data?.profiles?.[0];
        check(first?.user?.username === VIEWER_USERNAME && first.permissions?.[0] === 'OWNER', `business profiles: ${r.text.slice(0, 300)}`);
      },
    },
    {
      key: 'homefeed_c10',
      label: `home feed, page 1 (${o.homeConnections} conns)`,
      group: 'read',
      method: 'GET',
      url: appBase + homePath,
      headers: viewer.headersFor('GET'),
      connections: o.homeConnections,
      note: `The same request at ${o.homeConnections} connections (the home feed's p99 target is set there).`,
      check: homeCheck,
    },
    {
      key: 'homefeed_recs',
      label: `home feed with recommendations (${o.homeConnections} conns)`,
      group: 'read',
      method: 'GET',
      url: appBase + homePath,
      headers: c.recsViewer.headersFor('GET'),
      connections: o.homeConnections,
      note: `Signed in as ${RECS_USERNAME} (follows ${seed.recsViewer.followees.length} people, ${seed.recsViewer.boardFollows.length} board and the topics ${RECS_TOPICS.join(', ')}: fewer than 10 sources, so Pins of followed topics and popular public Pins join the page), page_size ${o.pageSize}, ${o.homeConnections} connections.`,
      async check(r) {
        const rr = resourceOk(r, 'home feed with recommendations');
        const pins = assertPinPage(rr, 'home feed with recommendations', o.pageSize) as (PinLike & { recommendation_reason?: { type: string } | null })[];
        const own = new Set([seed.recsViewer.id, ...seed.recsViewer.followees]);
        const boards = new Set(seed.recsViewer.boardFollows);
        let recommended = 0;
        for (const p of pins) {
          const followed = own.has(p.pinner.id) || (p.board !== null && boards.has(p.board.id));
          if (!followed) {
            check(
              p.recommendation_reason?.type === 'interest' || p.recommendation_reason?.type === 'popular',
              `home feed with recommendations: Pin ${p.id} is neither followed nor recommended`,
            );
            recommended++;
          }
        }
        check(recommended > 0, 'home feed with recommendations: no recommended Pin on page 1');
      },
    },
    {
      key: 'ads_report',
      label: 'advertiser report, 30 days by day',
      group: 'read',
      method: 'GET',
      url: appBase + adsReportPath,
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `AdvertiserReportResource get, level ads, granularity DAY, the last 30 days of ${VIEWER_USERNAME}'s ad account (20 campaigns, each with a year of daily totals): 600 rows.`,
      async check(r) {
        const rr = resourceOk(r, 'advertiser report');
        check(Array.isArray(rr.data) && rr.data.length === 600, `advertiser report: ${Array.isArray(rr.data) ? rr.data.length : 'no'} rows, expected 600`);
        const row = (rr.data as { impressions?: number; date?: string }[])[0]!;
        check(typeof row.impressions === 'number' && typeof row.date === 'string', `advertiser report: row ${JSON.stringify(row)}`);
      },
    },
    {
      key: 'board_p1',
      label: 'board page 1, signed in',
      group: 'read',
      method: 'GET',
      url: appBase + page1Path,
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `Signed in; the ${big.pins.toLocaleString('en-US')}-Pin board, page 1, page_size ${o.pageSize}: the baseline for page ${o.deepPage}.`,
      check: boardPageCheck('board page 1', () => null),
    },
    {
      key: 'board_deep',
      label: `board page ${o.deepPage}, signed in`,
      group: 'read',
      method: 'GET',
      get url() {
        return appBase + deepPath;
      },
      headers: viewer.headersFor('GET'),
      connections: o.connections,
      note: `Signed in; the ${big.pins.toLocaleString('en-US')}-Pin board, page_size ${o.pageSize}; bookmark obtained by walking pages 1–${o.deepPage - 1} and checked against SQL (see bookmarkSource).`,
      async prepare() {
        // Walk the pages as a client would; the bookmark reached must be the one computed in SQL
        // right after seeding. If walking takes longer than the budget, the crafted bookmark is used instead, and said so.
        const t = performance.now();
        let bookmark: string | undefined;
        let last: bigint | null = null;
        const seen = new Set<string>();
        let page = 1;
        for (; page < o.deepPage; page++) {
          if (performance.now() - t > o.walkBudgetSec * 1000) break;
          const path = BenchClient.resourcePath('BoardFeedResource', 'get', boardOpts(bookmark));
          const rr = resourceOk(await viewer.request('GET', path), `board page ${page}`);
          const pins = assertPinPage(rr, `board page ${page}`, o.pageSize);
          for (const p of pins) {
            check(p.board?.id === big.id, `board page ${page}: Pin ${p.id} is on board ${p.board?.id}`);
            check(!seen.has(p.id), `board page ${page}: Pin ${p.id} seen on an earlier page`);
            check(last === null || BigInt(p.id) < last, `board page ${page}: Pin ${p.id} is not older than the previous one`);
            seen.add(p.id);
            last = BigInt(p.id);
          }
          bookmark = rr.bookmark ?? undefined;
        }
        if (page === o.deepPage) {
          check(bookmark === c.craftedBookmark, `board walk: reached bookmark ${bookmark}, but SQL says page ${o.deepPage} starts after ${c.craftedBookmark}`);
          c.onBookmark('walked');
          c.log(`    walked ${o.deepPage - 1} board pages in ${secs(performance.now() - t)}; the bookmark matches the one computed in SQL`);
        } else {
          bookmark = c.craftedBookmark;
          c.onBookmark('crafted');
          c.log(`    walked ${page - 1} pages in ${secs(performance.now() - t)} (budget ${o.walkBudgetSec} s): using the bookmark computed in SQL`);
        }
        const cursor = decodeBookmark(bookmark);
        check(Array.isArray(cursor) && cursor.length === 1, `board walk: bookmark ${bookmark} is not [id]`);
        deepCursor = BigInt(String(cursor[0]));
        deepPath = BenchClient.resourcePath('BoardFeedResource', 'get', boardOpts(bookmark));
      },
      check: boardPageCheck(`board page ${o.deepPage}`, () => deepCursor),
    },
    {
      key: 'pin_upload',
      label: `Pin upload ${o.upload.width}×${o.upload.height}`,
      group: 'write',
      method: 'POST',
      url: `${appBase}/resource/PinResource/create/`,
      headers: uploadHeaders,
      body: form.body,
      connections: o.uploadConnections,
      note: `Signed in, X-CSRFToken; multipart with a ${(c.uploadJpeg.length / 1024).toFixed(0)} KB ${o.upload.width}×${o.upload.height} JPEG, at ${o.uploadConnections} concurrent uploads: decoded, re-encoded to 6 variants, fsynced to disk, one INSERT + board count UPDATE per request.`,
      async prepare() {
        uploadsBefore = await boardPins(seed.uploadBoard.id);
      },
      async check(r) {
        const rr = resourceOk(r, 'upload');
        assertPin(rr.data, 'upload');
        const pin = rr.data;
        check(pin.board?.id === seed.uploadBoard.id, `upload: Pin is on board ${pin.board?.id}, expected ${seed.uploadBoard.id}`);
        check(pin.width === o.upload.width && pin.height === o.upload.height, `upload: Pin is ${pin.width}×${pin.height}`);
        const img = await fetch(appBase + pin.images['236x']!.url);
        const bytes = Buffer.from(await img.arrayBuffer());
        check(img.status === 200 && img.headers.get('content-type') === 'image/jpeg' && bytes.length > 1000, `upload: 236x image answers ${img.status}`);
        uploadsBefore += 1;
        const count = await boardPins(seed.uploadBoard.id);
        check(count === uploadsBefore, `upload: the board's pin_count is ${count}, expected ${uploadsBefore}`);
      },
      async after(counted2xx, settleMs) {
        uploadsBefore = await countedWrites('upload', seed.uploadBoard.id, uploadsBefore, counted2xx, settleMs, o.uploadConnections);
      },
    },
    {
      key: 'save',
      label: "save someone's Pin",
      group: 'write',
      method: 'POST',
      url: appBase + '/resource/RepinResource/create/',
      headers: { ...viewer.headersFor('POST'), 'content-type': 'application/json' },
      get body() {
        return saveBody;
      },
      connections: o.connections,
      note: "Signed in, X-CSRFToken; RepinResource to one of the viewer's boards: the visibility and block checks, one INSERT and two counter UPDATEs (the source Pin's repin_count, the board's pin_count) in a transaction. Every request saves the same Pin, so they also queue on that Pin's row lock.",
      async prepare() {
        saveBoardId = await makeBoard('Bench saves');
        const first = resourceOk(await viewer.resource('BoardFeedResource', 'get', { board_id: big.id, page_size: 1 }), 'big board page 1');
        const source = (first.data as PinLike[])[0];
        check(source && source.pinner.id !== seed.viewer.id, 'save: no Pin of someone else to save');
        saveBody = Buffer.from(JSON.stringify({ options: { pin_id: source.id, board_id: saveBoardId } }));
        savesBefore = 0;
      },
      async check(r) {
        const rr = resourceOk(r, 'save');
        assertPin(rr.data, 'save');
        check(rr.data.board?.id === saveBoardId && rr.data.pinner.id === seed.viewer.id, `save: the Pin is on ${rr.data.board?.id} by ${rr.data.pinner.id}`);
        savesBefore += 1;
        const count = await boardPins(saveBoardId);
        check(count === savesBefore, `save: the board's pin_count is ${count}, expected ${savesBefore}`);
      },
      async after(counted2xx, settleMs) {
        savesBefore = await countedWrites('save', saveBoardId, savesBefore, counted2xx, settleMs, o.connections);
      },
    },
    {
      key: 'move',
      label: `move ${o.movePins} Pins`,
      group: 'write',
      method: 'POST',
      url: appBase + movePath,
      headers: { ...viewer.headersFor('POST'), 'content-type': 'application/json' },
      connections: 1,
      note: `Signed in, X-CSRFToken; PinMoveResource with ${o.movePins} pin_ids, alternately from one of the viewer's boards to another and back, one move at a time (a second move on a board while one runs answers 2171): both boards' claims, one UPDATE of the Pins, both boards' counts and covers settled, both boards read back.`,
      async prepare() {
        move.from = await makeBoard('Bench move from');
        move.to = await makeBoard('Bench move to');
        // The saves made Pins of the viewer's; fill the saves board with as many as the move needs.
        const saved = await boardPins(saveBoardId);
        for (let i = saved; i < o.movePins; i++)
          resourceOk(
            await viewer.request('POST', '/resource/RepinResource/create/', { body: saveBody, headers: { 'content-type': 'application/json' } }),
            'save for the move',
          );
        const ids: string[] = [];
        for (let bookmark: string | null | undefined; ids.length < o.movePins;) {
          const rr = resourceOk(
            await viewer.resource('BoardFeedResource', 'get', { board_id: saveBoardId, page_size: 250, ...(bookmark ? { bookmark } : {}) }),
            'saves board page',
          );
          ids.push(...(rr.data as PinLike[]).map((p) => p.id));
          bookmark = rr.bookmark;
          check(bookmark || ids.length >= o.movePins, `move: the saves board has only ${ids.length} Pins`);
        }
        move.ids = ids.slice(0, o.movePins);
        // Start from "move from": the same Pins, moved there once (not measured).
        resourceOk(
          await viewer.request('POST', movePath, {
            body: JSON.stringify({ options: { board_id: saveBoardId, new_board_id: move.from, pin_ids: move.ids } }),
            headers: { 'content-type': 'application/json' },
          }),
          'move to the starting board',
        );
      },
      async check(r) {
        const rr = resourceOk(r, 'move');
        const d = rr.data as { moved_count: number };
        check(d.moved_count === o.movePins, `move: moved ${d.moved_count} Pins, expected ${o.movePins}`);
      },
      sequence: {
        send: (i) => viewer.request('POST', movePath, { body: moveBody(i), headers: { 'content-type': 'application/json' } }),
        async verify(i, r) {
          const rr = resourceOk(r, `move ${i + 1}`);
          const d = rr.data as { moved_count: number; board: { id: string; pin_count: number }; source_board: { id: string; pin_count: number } };
          const target = i % 2 === 0 ? move.to : move.from;
          check(d.moved_count === o.movePins && d.board.id === target, `move ${i + 1}: moved ${d.moved_count} to ${d.board.id}`);
          check(d.board.pin_count === o.movePins && d.source_board.pin_count === 0, `move ${i + 1}: counts ${d.board.pin_count} / ${d.source_board.pin_count}`);
        },
      },
    },
  ];
  return scenarios.flatMap((sc) => (LATENCY_KEYS.includes(sc.key) ? [sc, atLatencyConnections(sc, o.latencyConnections)] : [sc]));
}

/** The reads whose p99 goals are set one request at a time per core (report.ts LATENCY_GOALS_MS, decision 108). */
const LATENCY_KEYS = ['related_pins_graph_auth', 'search', 'search_typeahead'];

/**
 * The same read at `connections` connections, as `<key>_latency`. At 16 connections on a few cores a request
 * mostly waits for a core (p50 ≈ connections × CPU a request ÷ cores); at one connection per core its p99 is its own time.
 */
function atLatencyConnections(sc: Scenario, connections: number): Scenario {
  return {
    ...sc,
    key: `${sc.key}_latency`,
    label: `${sc.label} (${connections} conns)`,
    connections,
    note: `The same request at ${connections} connections, one at a time per core: its p99 goal is set there (decision 108).`,
  };
}
