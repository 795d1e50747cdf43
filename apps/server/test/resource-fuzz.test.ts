/**
 * Every resource and action of the registry, fed hostile option values, signed
 * out and signed in: whatever the values, the answer is never 5xx
 * (docs/product/api-contract.md §4). Each declared option (and each field of an option that is an
 * object or a list of objects) gets every hostile value in turn while the
 * other options hold plausible ones (real ids of the caller's board, section
 * and Pin where the name says so); then fast-check generates and mutates
 * whole option sets from the declared names. Generation is seeded, so a
 * failure prints options that reproduce it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ActionName, ResourceAction } from '../src/lib/resources';
import { SESSION_COOKIE } from '../src/plugins/session';
import { DEFAULT_PASSWORD, follow, makeBoard, makePin, makeSection, makeStoredImage, makeUser, type StoredImage } from '../src/seed/factories';
import { makePngHeaderOnly, makeTestImage } from '../src/media-pipeline/test-images';
import { makeTestVideo } from '../src/media-pipeline/test-videos';
import { buildTestApp, type TestApp, type TestClient } from './test-app';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Form {
  properties: Record<string, Json>;
  required: string[];
}
interface Target {
  resource: string;
  action: ActionName;
  def: ResourceAction;
  forms: Form[];
}
interface Fixtures {
  boardId: string;
  boardSlug: string;
  sectionId: string;
  pinId: string;
  friendId: string;
  conversationId: string;
}

const USERNAME = 'fuzzer';
const SEED = 20240601;
const GENERATED_RUNS = 6;

let deep: unknown = '%25';
for (let i = 0; i < 200; i++) deep = i % 2 ? { a: deep } : [deep];

/** Values no option should have, each a way input has made servers fail. */
const HOSTILE: readonly unknown[] = [
  '99999999999999999999',
  '9223372036854775808',
  '-9223372036854775809',
  '-1',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '1e3',
  ' 1 ',
  'NaN',
  '',
  'x'.repeat(20_000),
  true,
  null,
  [],
  {},
  { nested: { deeper: [1, { x: '%25' }] } },
  [['1']],
  ['99999999999999999999'],
  deep,
  '%25',
  '%2525',
  '%E0%A4%A',
  '\u0000',
  'a\u0000b',
  ['\u0000'],
  '\ud800',
  'x\udfffy',
  '2024-02-30T25:61:00Z',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
];

let t: TestApp;
let image: StoredImage;
let meId: string;
let conversationId: string;
let requests = 0;
const statuses = new Map<number, number>();
const failures: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    EXPERIMENT_GROUPS: 'collages:enabled',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000000',
    LOGIN_RATE_LIMIT_CLIENT: '1000000',
    SIGNUP_RATE_LIMIT_CLIENT: '1000000',
  });
  image = await makeStoredImage(t.media, { seed: 11, width: 240, height: 240 });
  const me = t.client();
  meId = (await me.signUp({ email: 'fuzzer@example.com', username: USERNAME })).id;
  await makeUser(t.db, { username: 'fuzz_other' });
  const pen = await makeUser(t.db, { username: 'fuzz_pen' });
  await follow(t.db, pen.id, meId);
  await follow(t.db, meId, pen.id);
  const started = await me.resource('ConversationsResource', 'create', { user_ids: [pen.id], text: 'hello' });
  expect(started.httpStatus).toBe(200);
  conversationId = started.data.id;
}, 60_000);
afterAll(async () => {
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.info(`resource fuzz: ${requests} requests (${byStatus}), ${failures.length} answered 5xx`);
  await t.close();
});

/** Fresh things to point at, so that what one action deletes or moves does not starve the next. */
async function fixtures(): Promise<Fixtures> {
  await t.db.query('UPDATE users SET username = $2, is_private_profile = false WHERE id = $1', [meId, USERNAME]);
  const board = await makeBoard(t.db, meId);
  const sectionId = await makeSection(t.db, board.id, `Section ${board.id}`);
  const pinId = await makePin(t.db, { pinnerId: meId, boardId: board.id, sectionId, image, title: 'fuzz' });
  const friend = await makeUser(t.db);
  await follow(t.db, friend.id, meId);
  await follow(t.db, meId, friend.id);
  return { boardId: board.id, boardSlug: board.slug, sectionId, pinId, friendId: friend.id, conversationId };
}

function formsOf(schema: Json): Form[] {
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (branches) return branches.flatMap(formsOf);
  const all = schema.allOf as Json[] | undefined;
  if (all) return all.flatMap(formsOf);
  return [{ properties: (schema.properties ?? {}) as Record<string, Json>, required: (schema.required ?? []) as string[] }];
}

function targets(): Target[] {
  const out: Target[] = [];
  for (const resource of t.registry.all()) {
    for (const [action, def] of Object.entries(resource.actions) as [ActionName, ResourceAction][]) {
      const schema = z.toJSONSchema(def.options, { io: 'input', unrepresentable: 'any' }) as Json;
      out.push({ resource: resource.name, action, def, forms: formsOf(schema) });
    }
  }
  return out;
}

let unique = 0;

/** A value for an option that the schema and, where the name says what it points at, the data will take. */
function plausible(name: string, prop: Json, f: Fixtures, resource: string): unknown {
  const byName: Record<string, () => unknown> = {
    board_id: () => f.boardId,
    new_board_id: () => f.boardId,
    section_id: () => f.sectionId,
    old_section_id: () => f.sectionId,
    new_section_id: () => f.sectionId,
    pin_id: () => f.pinId,
    id: () => (resource === 'PinResource' ? f.pinId : '1'),
    pin_ids: () => [f.pinId],
    excluded_pin_ids: () => [],
    user_id: () => f.friendId,
    userId: () => f.friendId,
    blocked_user_id: () => f.friendId,
    invited_user_ids: () => [f.friendId],
    user_ids: () => [f.friendId],
    conversation_id: () => f.conversationId,
    username: () => (resource === 'UserRegisterResource' ? `fz_${unique++}` : USERNAME),
    slug: () => f.boardSlug,
    email: () => (resource === 'UserRegisterResource' ? `fz_${unique++}@example.com` : 'friend@example.com'),
    emails: () => ['friend@example.com'],
    password: () => DEFAULT_PASSWORD,
    username_or_email: () => 'fuzz_other',
    name: () => `Board ${unique++}`,
    title: () => 'Title',
    text: () => 'hello',
    query: () => 'fuzz',
    link: () => 'https://example.invalid/',
  };
  return byName[name]?.() ?? fromSchema(prop, f, resource);
}

function fromSchema(prop: Json, f: Fixtures, resource: string): unknown {
  if ('const' in prop) return prop.const;
  if (Array.isArray(prop.enum)) return prop.enum[0];
  const branches = (prop.anyOf ?? prop.oneOf) as Json[] | undefined;
  if (branches?.[0]) return fromSchema(branches[0], f, resource);
  switch (prop.type) {
    case 'string':
      if (typeof prop.pattern === 'string' && prop.pattern.includes('\\d')) return '1';
      if (prop.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, Number(prop.minLength ?? 1)));
    case 'integer':
    case 'number':
      return typeof prop.minimum === 'number' ? prop.minimum : 1;
    case 'boolean':
      return true;
    case 'array': {
      const n = Number(prop.minItems ?? 0);
      return Array.from({ length: Math.max(n, 1) }, () => fromSchema((prop.items ?? {}) as Json, f, resource));
    }
    case 'object': {
      const props = (prop.properties ?? {}) as Record<string, Json>;
      return Object.fromEntries(((prop.required ?? []) as string[]).map((k) => [k, plausible(k, props[k] ?? {}, f, resource)]));
    }
    default:
      return 'x';
  }
}

function baseOf(form: Form, f: Fixtures, resource: string): Json {
  return Object.fromEntries(form.required.map((k) => [k, plausible(k, form.properties[k] ?? {}, f, resource)]));
}

/** Where a hostile value can go in one option: the option itself, and the fields of an object or of a list's objects. */
type Place = (base: Json, value: unknown, f: Fixtures, resource: string) => Json;

function placesIn(name: string, prop: Json): Place[] {
  const places: Place[] = [(base, value) => ({ ...base, [name]: value })];
  const items = prop.type === 'array' ? (prop.items as Json | undefined) : undefined;
  const inner = prop.type === 'object' ? prop : items?.type === 'object' ? items : undefined;
  for (const key of Object.keys((inner?.properties ?? {}) as Json)) {
    places.push((base, value, f, resource) => {
      const whole = fromSchema(prop, f, resource) as Json | Json[];
      const patch = (o: Json) => ({ ...o, [key]: value });
      return { ...base, [name]: Array.isArray(whole) ? whole.map(patch) : patch(whole) };
    });
  }
  return places;
}

async function send(c: TestClient, who: string, target: Target, options: unknown) {
  requests++;
  const res = await c.resource(target.resource, target.action, options as Record<string, unknown>);
  statuses.set(res.httpStatus, (statuses.get(res.httpStatus) ?? 0) + 1);
  if (res.httpStatus >= 500) {
    const shown = JSON.stringify(options, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length})` : v));
    failures.push(`${who} ${target.resource} ${target.action} ${shown.slice(0, 400)} → ${res.httpStatus}`);
  }
  return res;
}

const fuzzerSessions = new WeakMap<TestClient, string>();

/** A client signed in as the fuzzer, again whenever an action ended or switched its session (logging out, signing up, logging in). */
async function signedInClient(c: TestClient | null): Promise<TestClient> {
  if (c && c.cookies.get(SESSION_COOKIE) === fuzzerSessions.get(c)) return c;
  await t.db.query('UPDATE users SET username = $2 WHERE id = $1', [meId, USERNAME]);
  const fresh = t.client();
  const res = await fresh.resource('UserSessionResource', 'create', { username_or_email: 'fuzzer@example.com', password: DEFAULT_PASSWORD });
  expect(res.httpStatus).toBe(200);
  fuzzerSessions.set(fresh, fresh.cookies.get(SESSION_COOKIE)!);
  return fresh;
}

const generatedValue = (name: string, prop: Json, f: Fixtures, resource: string) =>
  fc.oneof(
    fc.constant(plausible(name, prop, f, resource)),
    fc.constantFrom(...HOSTILE),
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.bigInt().map(String),
    fc.integer(),
    fc.double(),
  );

async function sweep(who: 'signed out' | 'signed in', target: Target) {
  let c = who === 'signed in' ? await signedInClient(null) : t.client();
  const f = await fixtures();
  const refreshed = async () => (who === 'signed in' ? (c = await signedInClient(c)) : c);

  // The whole options value, hostile.
  for (const options of ['%25', [], 5, null, { options: {} }]) await send(await refreshed(), who, target, options);
  // Signed out, a session is checked before the options: one hostile value per option says enough.
  const values = who === 'signed out' && target.def.auth === 'required' ? HOSTILE.slice(0, 1) : HOSTILE;
  for (const form of target.forms) {
    const base = baseOf(form, f, target.resource);
    await send(await refreshed(), who, target, base);
    for (const [name, prop] of Object.entries(form.properties)) {
      for (const place of placesIn(name, prop)) {
        for (const value of values) await send(await refreshed(), who, target, place(baseOf(form, f, target.resource), value, f, target.resource));
      }
    }
    // Generated and mutated option sets from the declared names (and one undeclared one).
    const keys = [...Object.keys(form.properties), 'not_an_option'];
    const record = fc.record(Object.fromEntries(keys.map((k) => [k, generatedValue(k, form.properties[k] ?? {}, f, target.resource)])), { requiredKeys: [] });
    const generated = fc.sample(
      fc.oneof(
        record,
        record.map((r) => ({ ...base, ...r })),
      ),
      { numRuns: GENERATED_RUNS, seed: SEED },
    );
    for (const options of generated) await send(await refreshed(), who, target, options);
  }
}

describe('every resource action, fed hostile options', () => {
  it('declares options for every action it serves', () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(80);
    for (const target of all) expect(target.forms.length, `${target.resource} ${target.action}`).toBeGreaterThan(0);
  });

  for (const who of (process.env.FUZZ_WHO ? [process.env.FUZZ_WHO] : ['signed out', 'signed in']) as ('signed out' | 'signed in')[]) {
    it(`never answers 5xx ${who}`, async () => {
      const before = failures.length;
      for (const target of targets()) await sweep(who, target);
      expect(failures.slice(before)).toEqual([]);
    }, 900_000);
  }

  it('never answers 5xx on the spec paths either, signed out or in', async () => {
    const before = failures.length;
    const f = await fixtures();
    const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));
    // A lone surrogate has no UTF-8: encodeURIComponent refuses it, so it goes as the bytes a client would send instead.
    const enc = (v: unknown) => {
      const text = asText(v);
      try {
        return encodeURIComponent(text);
      } catch {
        return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
      }
    };
    const inPath = HOSTILE.map(enc).filter((v) => v.length < 2000);
    const inPathRaw = ['%2525', '%25E0%25A4%25A', '%2500', '..', '%2F', '%3F', '%23'];
    const paths: [Method, (x: string) => string][] = [
      ['GET', (x) => `/v3/pins/${x}/`],
      ['DELETE', (x) => `/v3/shuffles/${x}/`],
      ['GET', (x) => `/v3/users/profile/pins/cluster/${x}/feed/`],
      ['GET', (x) => `/v3/conversations/${x}/events/`],
      ['POST', (x) => `/v3/invite_code/${x}/redeem/`],
      ['POST', (x) => `/v3/legal/takedowns/${x}/`],
      ['GET', (x) => `/media/${x}`],
    ];
    const queries: [string, string[]][] = [
      ['/v3/users/me/filtered/pins/', ['flag_filters', 'bookmark', 'page_size', 'fields', 'field_set_key']],
      ['/v3/users/me/shuffles/', ['is_draft', 'transform_to_pins', 'bookmark', 'page_size', 'fields']],
      ['/v3/users/profile/pins/clusters/', ['exclude_quick_save_pins', 'max_cluster_limit', 'fields']],
      [`/v3/users/profile/pins/cluster/${f.pinId}/feed/`, ['bookmark', 'page_size', 'fields']],
      ['/v3/pin-builder/image-preview/', ['url']],
      [`/v3/pins/${f.pinId}/`, ['fields', 'bookmark']],
    ];
    const bodies: [string, string[]][] = [
      ['/v3/invite_code/attribution/land/', ['invite_code']],
      [
        '/v3/legal/takedowns/dsa/',
        [
          'law',
          'laws',
          'reported_user_id',
          'reported_url',
          'reporter_name',
          'reporter_email',
          'reporter_country',
          'content_date',
          'details',
          'trusted_flagger',
        ],
      ],
      ['/v3/users/email/verify/', ['token']],
      ['/v3/users/email/verify/resend/', ['token']],
    ];
    for (const signedIn of [false, true]) {
      const c = signedIn ? await signedInClient(null) : t.client();
      const call = async (method: Method, url: string, payload?: unknown) => {
        requests++;
        const res = await c.request(method, url, payload === undefined ? {} : { payload: payload as object });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          failures.push(
            `${signedIn ? 'signed in' : 'signed out'} ${method} ${url.slice(0, 200)} ${JSON.stringify(payload ?? '').slice(0, 200)} → ${res.statusCode}`,
          );
      };
      for (const [method, path] of paths) for (const x of [...inPath, ...inPathRaw]) await call(method, path(x));
      for (const [path, keys] of queries) {
        for (const key of keys) for (const v of HOSTILE) await call('GET', `${path}?${key}=${enc(v).slice(0, 4000)}`);
      }
      for (const [path, keys] of bodies) {
        for (const key of keys) for (const v of HOSTILE) await call('POST', path, { details: 'd', law: 'DMCA', [key]: v });
        for (const v of HOSTILE) if (v !== null) await call('POST', path, v);
      }
    }
    expect(failures.slice(before)).toEqual([]);
  }, 600_000);
});

/**
 * The upload routes, fed files and forms no upload should have: every action
 * that takes a multipart file (Pin create with an image, a video and
 * captions; Idea Pin pages; the profile cover) gets hostile files under each
 * file field and well-formed forms of a hostile shape, and every option that
 * carries an image as a data URL (`*base64*`, at any depth: Pin create, the
 * avatar, the cover, Idea Pin pages and their publishing) gets hostile data
 * URLs. Whatever arrives, the answer is in the envelope and never 5xx.
 */
describe('uploads, fed hostile files, forms and data URLs', () => {
  let u: TestApp;
  let me: TestClient;
  let f: Fixtures;
  let mp4: Buffer;
  let webm: Buffer;
  let png: Buffer;
  const problems: string[] = [];

  beforeAll(async () => {
    const lots = '1000000';
    u = await buildTestApp({
      RATE_LIMIT_PIN_UPLOAD: lots,
      RATE_LIMIT_VIDEO_UPLOAD: lots,
      RATE_LIMIT_PROFILE_AVATAR: lots,
      RATE_LIMIT_PROFILE_COVER: lots,
      RATE_LIMIT_STORY_PIN: lots,
      VIDEO_TRANSCODE_CONCURRENCY: '0',
    });
    me = u.client();
    const id = (await me.signUp({ email: 'uploads@example.com', username: 'upload_fuzzer' })).id;
    await u.db.query('UPDATE users SET is_partner = true WHERE id = $1', [id]);
    const board = await makeBoard(u.db, id);
    f = { boardId: board.id, boardSlug: board.slug, sectionId: await makeSection(u.db, board.id, 'Part'), pinId: '1', friendId: id, conversationId: '1' };
    [mp4, webm, png] = await Promise.all([
      makeTestVideo({ seconds: 1, width: 64, height: 48 }),
      makeTestVideo({ seconds: 1, width: 64, height: 48, format: 'webm' }),
      makeTestImage({ width: 64, height: 48, format: 'png' }),
    ]);
  }, 120_000);
  afterAll(() => u?.close());

  const check = (what: string, res: { statusCode: number; body: string }) => {
    let enveloped: boolean;
    try {
      const status = (JSON.parse(res.body) as { resource_response?: { status?: string } }).resource_response?.status;
      enveloped = status === (res.statusCode < 400 ? 'success' : 'failure');
    } catch {
      enveloped = false;
    }
    if (res.statusCode >= 500 || !enveloped) problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (process.env.FUZZ_VERBOSE) console.info(`${what.slice(0, 90)} → ${res.statusCode} ${res.body.slice(0, 140)}`);
  };

  /** A multipart body from its parts, exactly as given (no browser tidying of names or order). */
  const form = (parts: { name: string; filename?: string; type?: string; body: Buffer | string }[]) => {
    const boundary = `----fuzz${unique++}`;
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`, 'latin1'),
        Buffer.from(p.body),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  const hostileFiles = (): [string, string, Buffer][] => [
    ['empty', 'a.png', Buffer.alloc(0)],
    ['random bytes', 'a.jpg', Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256))],
    ['HTML named .png', 'a.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['SVG', 'a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a PNG header of 100000×100000', 'a.png', makePngHeaderOnly(100_000, 100_000)],
    ['a truncated PNG', 'a.png', png.subarray(0, Math.floor(png.length / 2))],
    ['a GIF header and junk', 'a.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 0xff)])],
    ['the EBML magic and junk', 'a.webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(256, 0x42)])],
    ['an ftyp box and junk', 'a.mp4', Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(256, 0x17)])],
    ['half an MP4', 'a.mp4', mp4.subarray(0, Math.floor(mp4.length / 2))],
    ['half a WebM', 'a.webm', webm.subarray(0, Math.floor(webm.length / 2))],
    ['a PNG named .mp4', 'a.mp4', png],
    ['an MP4 named .png', 'a.png', mp4],
    ['a WebM', 'a.webm', webm],
  ];

  const HOSTILE_VTT: unknown[] = [
    ...HOSTILE,
    'WEBVTT',
    'WEBVTT\n\n99:99:99.999 --> 00:00:00.000\nx',
    'WEBVTT\n\n00:00:01.000 --> 00:00:00.500\nbackwards',
    `WEBVTT\n\n${'00:00:00.000 --> 00:00:01.000\n'.repeat(5000)}`,
    `WEBVTT\n\n00:00:00.000 --> 00:00:01.000 ${'align:start '.repeat(3000)}\nx`,
    'WEBVTT\n\nNOTE\n\nSTYLE\n::cue { color: red }\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>',
    '\ufeffWEBVTT\r\n\r\n00:00.000 --> 00:01.000\r\nok',
    `WEBVTT\n\n00:00.000 --> 00:01.000\n${'x'.repeat(200_000)}`,
  ];

  const HOSTILE_DATA_URLS: string[] = [
    'data:image/png;base64,',
    'data:image/png;base64,!!!not base64!!!',
    'data:image/png;base64,====',
    `data:image/png;base64,${makePngHeaderOnly(100_000, 100_000).toString('base64')}`,
    `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64')}`,
    `data:text/html;base64,${Buffer.from('<html></html>').toString('base64')}`,
    `data:image/gif;base64,${Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 0xff)]).toString('base64')}`,
    `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]).toString('base64')}`,
    'data:image/png,%89PNG%0D%0A',
    'data:;base64,AAAA',
    'data:image/png;charset=utf-8;base64,AAAA',
    'data:image/png;base64',
    'data:',
    'javascript:alert(1)',
    'https://example.invalid/a.png',
  ];

  const uploadActions = () =>
    u.registry
      .all()
      .flatMap((r) =>
        (Object.entries(r.actions) as [ActionName, ResourceAction][])
          .filter(([, a]) => a.multipart)
          .map(([action, def]) => ({ resource: r.name, action, def })),
      );

  const optionsFor = (resource: string, def: ResourceAction): Json => {
    const schema = z.toJSONSchema(def.options, { io: 'input', unrepresentable: 'any' }) as Json;
    return baseOf(formsOf(schema)[0]!, f, resource);
  };

  it('answers every multipart upload action in the envelope, whatever the files and forms', async () => {
    const actions = uploadActions();
    expect(actions.map((a) => `${a.resource} ${a.action}`)).toEqual(
      expect.arrayContaining(['PinResource create', 'ProfileCoverResource create', 'StoryPinMediaResource create']),
    );
    for (const { resource, action, def } of actions) {
      const url = `/resource/${resource}/${action}/`;
      const options = JSON.stringify(optionsFor(resource, def));
      const send = async (what: string, body: ReturnType<typeof form>) => check(`${resource} ${action} ${what}`, await me.request('POST', url, body));
      for (const field of def.videoUpload ? ['image', 'video'] : ['image']) {
        for (const [what, filename, bytes] of hostileFiles()) {
          await send(
            `${field}: ${what}`,
            form([
              { name: 'options', body: options },
              { name: field, filename, type: 'application/octet-stream', body: bytes },
            ]),
          );
        }
      }
      const shapes: [string, Parameters<typeof form>[0]][] = [
        [
          'options twice',
          [
            { name: 'options', body: options },
            { name: 'options', body: '{"x":1}' },
          ],
        ],
        ['options not JSON', [{ name: 'options', body: '{"options":' }]],
        ['options JSON but not an object', [{ name: 'options', body: '"x"' }]],
        ['options holding a NUL', [{ name: 'options', body: '{"title":"a\\u0000b"}' }]],
        ['options as a file', [{ name: 'options', filename: 'o.json', body: options }]],
        ['options over the field size', [{ name: 'options', body: `{"title":"${'x'.repeat(400 * 1024)}"}` }]],
        [
          'two files',
          [
            { name: 'options', body: options },
            { name: 'image', filename: 'a.png', body: png },
            { name: 'image', filename: 'b.png', body: png },
          ],
        ],
        [
          'a file under an unknown name',
          [
            { name: 'options', body: options },
            { name: 'picture', filename: 'a.png', body: png },
          ],
        ],
        ['a file named __proto__', [{ name: '__proto__', filename: 'a.png', body: png }]],
        ['a field named __proto__', [{ name: '__proto__', body: '{}' }]],
        ['a field named constructor', [{ name: 'constructor', body: '{}' }]],
        ['a field without a name', [{ name: '', body: '{}' }]],
        [
          'a file without a filename',
          [
            { name: 'options', body: options },
            { name: 'image', body: png },
          ],
        ],
        ['too many parts', Array.from({ length: 8 }, () => ({ name: 'x', body: '1' }))],
        [
          'an image and a video',
          [
            { name: 'options', body: options },
            { name: 'image', filename: 'a.png', body: png },
            { name: 'video', filename: 'a.mp4', body: mp4 },
          ],
        ],
      ];
      for (const [what, parts] of shapes) await send(what, form(parts));
      // Forms that stop being multipart on the way.
      const whole = form([
        { name: 'options', body: options },
        { name: 'image', filename: 'a.png', body: png },
      ]);
      await send('a form cut off inside its file', { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 40) });
      await send('a form cut off in a part header', { ...whole, payload: whole.payload.subarray(0, 30) });
      await send('a form under another boundary', { ...whole, headers: { 'content-type': 'multipart/form-data; boundary=another' } });
      await send('a form without its boundary', { ...whole, headers: { 'content-type': 'multipart/form-data' } });
    }
    // Captions ride on a real video.
    const base = optionsFor('PinResource', u.registry.get('PinResource')!.actions.create!);
    for (const vtt of HOSTILE_VTT) {
      for (const captions of [{ vtt, language: 'en' }, { vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nok', language: vtt }, vtt]) {
        const shown = JSON.stringify(captions).slice(0, 80);
        check(
          `PinResource create captions ${shown}`,
          await me.request(
            'POST',
            '/resource/PinResource/create/',
            form([
              { name: 'options', body: JSON.stringify({ ...base, captions }) },
              { name: 'video', filename: 'a.mp4', body: mp4 },
            ]),
          ),
        );
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  /** Every path to an option whose name says it carries an image as a data URL, through objects and lists. */
  function base64Paths(prop: Json, at: string[] = []): string[][] {
    const items = prop.type === 'array' ? ((prop.items ?? {}) as Json) : undefined;
    if (items) return base64Paths(items, [...at, '[]']);
    const branches = (prop.anyOf ?? prop.oneOf) as Json[] | undefined;
    if (branches) return branches.flatMap((b) => base64Paths(b, at));
    const props = (prop.properties ?? {}) as Record<string, Json>;
    return Object.entries(props).flatMap(([k, v]) => (/base64/i.test(k) ? [[...at, k]] : base64Paths(v, [...at, k])));
  }

  function placeAt(value: unknown, path: string[], schema: Json, put: unknown): unknown {
    if (path.length === 0) return put;
    const [head, ...rest] = path;
    if (head === '[]') {
      const items = (schema.items ?? {}) as Json;
      const list = Array.isArray(value) && value.length ? value : [fromSchema(items, f, '')];
      return list.map((v) => placeAt(v, rest, items, put));
    }
    const props = ((schema.anyOf as Json[] | undefined)?.[0]?.properties ?? schema.properties ?? {}) as Record<string, Json>;
    const inner = props[head!] ?? {};
    const here = value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
    return { ...here, [head!]: placeAt(here[head!] ?? (rest.length ? fromSchema(inner, f, '') : undefined), rest, inner, put) };
  }

  it('answers every option that carries a data URL in the envelope, whatever the data URL', async () => {
    const seen: string[] = [];
    for (const resource of u.registry.all()) {
      for (const [action, def] of Object.entries(resource.actions) as [ActionName, ResourceAction][]) {
        const schema = z.toJSONSchema(def.options, { io: 'input', unrepresentable: 'any' }) as Json;
        for (const formSchema of formsOf(schema)) {
          const whole: Json = { type: 'object', properties: formSchema.properties };
          for (const path of base64Paths(whole)) {
            seen.push(`${resource.name} ${action} ${path.join('.')}`);
            for (const dataUrl of HOSTILE_DATA_URLS) {
              const options = placeAt(baseOf(formSchema, f, resource.name), path, whole, dataUrl) as Record<string, unknown>;
              const res = await me.resource(resource.name, action, options);
              if (process.env.FUZZ_VERBOSE) console.info(`${resource.name} ${action} ${dataUrl.slice(0, 40)} → ${res.httpStatus} ${res.error?.message ?? ''}`);
              if (res.httpStatus >= 500 || res.status !== (res.httpStatus < 400 ? 'success' : 'failure'))
                problems.push(`${resource.name} ${action} ${path.join('.')} ${dataUrl.slice(0, 50)} → ${res.httpStatus} ${JSON.stringify(res.error)}`);
            }
          }
        }
      }
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'PinResource create image_base64',
        'UserResource update profile_image_base64',
        'ProfileCoverResource create image_base64',
        'StoryPinMediaResource create image_base64',
      ]),
    );
    expect(seen.some((s) => s.startsWith('StoryPinResource create pages.[]'))).toBe(true);
    expect(problems).toEqual([]);
  }, 300_000);
});
