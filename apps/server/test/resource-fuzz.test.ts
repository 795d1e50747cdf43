/**
 * Every resource and action of the registry, fed hostile option values, signed
 * out and signed in: whatever the values, the answer is never 5xx (API
 * contract §4). Each declared option (and each field of an option that is an
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
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ');
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
      fc.oneof(record, record.map((r) => ({ ...base, ...r }))),
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

  for (const who of (process.env.FUZZ_WHO ? [process.env.FUZZ_WHO] : ["signed out", "signed in"]) as ("signed out" | "signed in")[]) {
    it(
      `never answers 5xx ${who}`,
      async () => {
        const before = failures.length;
        for (const target of targets()) await sweep(who, target);
        expect(failures.slice(before)).toEqual([]);
      },
      900_000,
    );
  }

  it(
    'never answers 5xx on the spec paths either, signed out or in',
    async () => {
      const before = failures.length;
      const f = await fixtures();
      const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');
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
        ['/v3/legal/takedowns/dsa/', ['law', 'laws', 'reported_user_id', 'reported_url', 'reporter_name', 'reporter_email', 'reporter_country', 'content_date', 'details', 'trusted_flagger']],
        ['/v3/users/email/verify/', ['token']],
        ['/v3/users/email/verify/resend/', ['token']],
      ];
      for (const signedIn of [false, true]) {
        const c = signedIn ? await signedInClient(null) : t.client();
        const call = async (method: Method, url: string, payload?: unknown) => {
          requests++;
          const res = await c.request(method, url, payload === undefined ? {} : { payload: payload as object });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) failures.push(`${signedIn ? 'signed in' : 'signed out'} ${method} ${url.slice(0, 200)} ${JSON.stringify(payload ?? '').slice(0, 200)} → ${res.statusCode}`);
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
    },
    600_000,
  );
});
