/**
 * The role-aware fuzz (decision 026): as each role of the canary world, every
 * resource action of the registry and every /v3 route gets generated and
 * mutated options (fast-check, a fixed seed, a bounded number of runs):
 * option values are drawn from the canary world's ids, slugs and usernames
 * (what a role might try to reach), hostile values and arbitrary JSON, set
 * on the declared option names, alone or over the matrix case's options.
 * Whatever the values, no answer is 5xx and no answer shows a canary the
 * role may not see (leaks.ts). It runs in two worlds: the owner's profile
 * private (as in the matrix) and public (where a secret board sits beside
 * public content). The world is put back after every batch of writes. One
 * line logs the counts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ActionName, ResourceAction } from '../../src/lib/resources';
import { DEFAULT_PASSWORD } from '../../src/seed/factories';
import { buildTestApp, type TestApp } from '../test-app';
import { leaksIn } from './leaks';
import { RESOURCE_RULES } from './rules';
import { buildWorld, CANARY, ROLES, type Role, type World } from './world';

type Json = Record<string, unknown>;

const SEED = 20261124;
/** Generated option sets per action and role. */
const RUNS = Number(process.env.ACCESS_FUZZ_RUNS ?? 4);

const HOSTILE: readonly unknown[] = [
  '99999999999999999999',
  '-1',
  0,
  -1,
  1.5,
  '',
  'x'.repeat(5000),
  true,
  null,
  [],
  {},
  ['\u0000'],
  '\u0000',
  '%25',
  '\ud800',
  "' OR 1=1 --",
  '../../etc/passwd',
];

let t: TestApp;
let w: World;

const problems: string[] = [];
const count = { requests: 0, serverErrors: 0, leaks: 0 };
const answered = new Map<string, number>();

afterAll(() => {
  const byStatus = [...answered]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.info(
    `access fuzz: ${count.requests} requests as ${ROLES.length} roles in 2 worlds (${byStatus}), ${count.serverErrors} answered 5xx, ${count.leaks} leaked a canary`,
  );
});

interface Target {
  resource: string;
  action: ActionName;
  /** The declared options, each with its JSON schema. */
  props: Record<string, Json>;
}

function propsOf(schema: Json): Record<string, Json> {
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as Json[] | undefined;
  if (branches) return Object.assign({}, ...branches.map(propsOf)) as Record<string, Json>;
  return (schema.properties ?? {}) as Record<string, Json>;
}

/** Values the schema takes: an enum's members (of the option or of its list's items), booleans, strings and numbers in range. */
function declaredValues(prop: Json): fc.Arbitrary<unknown> | null {
  const enumOf = (p: Json | undefined) => (Array.isArray(p?.enum) ? (p.enum as unknown[]) : null);
  const own = enumOf(prop) ?? (prop.anyOf as Json[] | undefined)?.map(enumOf).find(Boolean);
  if (own?.length) return fc.constantFrom(...own);
  const items = enumOf(prop.items as Json | undefined);
  if (prop.type === 'array' && items?.length) return fc.subarray(items, { minLength: 1 });
  switch (prop.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: typeof prop.minimum === 'number' ? prop.minimum : 0, max: typeof prop.maximum === 'number' ? prop.maximum : 100 });
    case 'string':
      if (prop.pattern || prop.format) return null;
      return fc.string({ minLength: Number(prop.minLength ?? 0), maxLength: Math.min(Number(prop.maxLength ?? 20), 20) });
    default:
      return null;
  }
}

function targets(): Target[] {
  return t.registry.all().flatMap((r) =>
    (Object.entries(r.actions) as [ActionName, ResourceAction][]).map(([action, def]) => ({
      resource: r.name,
      action,
      props: propsOf(z.toJSONSchema(def.options, { io: 'input', unrepresentable: 'any' }) as Json),
    })),
  );
}

/** Values a role might try for an option of this name: the canary world's things, its own, and a few words of canary titles. */
function candidates(role: Role, name: string): fc.Arbitrary<unknown> | null {
  const pins = [...w.secret.pinIds, w.boardlessPinId, w.protectedBoard.pinId, w.otherPinId];
  const boards = [w.secret.boardId, w.protectedBoard.boardId, w.publicBoard.boardId];
  const sections = [w.secret.sectionId, w.protectedBoard.sectionId];
  const people = Object.values(w.people);
  const ids = people.map((p) => p.id);
  const self = role === 'signedOut' ? w.people.other : w.people[role];
  const layer = fc.record({ pin_id: fc.constantFrom(...pins), x: fc.constant(0), y: fc.constant(0), width: fc.constant(200), height: fc.constant(200) });
  const byName: Record<string, fc.Arbitrary<unknown>> = {
    board_id: fc.constantFrom(...boards),
    new_board_id: fc.constantFrom(...boards),
    section_id: fc.constantFrom(...sections),
    old_section_id: fc.constantFrom(...sections),
    new_section_id: fc.constantFrom(...sections),
    pin_id: fc.constantFrom(...pins),
    id: fc.constantFrom(...pins, w.conversationId),
    cluster_id: fc.constantFrom(...pins),
    cover_pin_id: fc.constantFrom(...pins),
    since_id: fc.constantFrom(...pins),
    pin_ids: fc.subarray(pins, { minLength: 1 }),
    excluded_pin_ids: fc.subarray(pins),
    user_id: fc.constantFrom(...ids),
    userId: fc.constantFrom(...ids),
    blocked_user_id: fc.constantFrom(...ids),
    reported_user_id: fc.constantFrom(...ids),
    user_ids: fc.subarray(ids, { minLength: 1 }),
    invited_user_ids: fc.subarray(ids, { minLength: 1 }),
    emails: fc.subarray(
      people.map((p) => p.email),
      { minLength: 1 },
    ),
    email: fc.constantFrom(...people.map((p) => p.email)),
    username: fc.constantFrom(...people.map((p) => p.username)),
    slug: fc.constantFrom(w.secret.slug, w.protectedBoard.slug, w.publicBoard.slug),
    conversation_id: fc.constant(w.conversationId),
    query: fc.constantFrom('cake', 'plans', 'drafts', 'tulip', 'sketch', 'menu', 'olive', 'garden'),
    term: fc.constantFrom('cake', 'plans', 'drafts', 'tulip', 'sketch', 'menu', 'olive', 'garden'),
    // Logging in only ever as oneself (or, signed out, as the other person): a role that became the owner would see the owner's things.
    username_or_email: fc.constant(self.email),
    password: fc.constant(DEFAULT_PASSWORD),
    current_password: fc.constant(DEFAULT_PASSWORD),
    privacy: fc.constantFrom('public', 'secret', 'protected'),
    status: fc.constantFrom('accepted', 'declined', 'pending'),
    current_user: fc.boolean(),
    layers: fc.array(layer, { minLength: 1, maxLength: 3 }),
    image_base64: fc.constant(w.imageDataUrl),
  };
  return byName[name] ?? null;
}

const wild = (): fc.Arbitrary<unknown> =>
  fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 2 }), fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean()));

/** A value the option takes: the canary world's things where the name says what it points at, else what its schema declares. */
function takenValue(role: Role, name: string, prop: Json): fc.Arbitrary<unknown> {
  return candidates(role, name) ?? declaredValues(prop) ?? wild();
}

/**
 * Option sets: generated from the declared names with values they take;
 * the same over the matrix case's options; and the matrix case's options
 * mutated once (one option given a hostile or arbitrary value, dropped, or
 * an undeclared one added).
 */
function optionSets(role: Role, target: Target, base: Json): Json[] {
  const keys = Object.keys(target.props);
  const taken = fc.record(Object.fromEntries(keys.map((k) => [k, takenValue(role, k, target.props[k] ?? {})])), { requiredKeys: [] });
  const names = [...new Set([...keys, ...Object.keys(base)])];
  const mutatedOnce: fc.Arbitrary<Json> = names.length
    ? fc.tuple(fc.constantFrom(...names), fc.oneof(wild(), fc.constant(undefined))).map(([k, v]) => {
        const o: Json = { ...base, [k]: v };
        if (v === undefined) delete o[k];
        return o;
      })
    : fc.constant(base);
  return fc.sample(
    fc.oneof(
      taken,
      taken.map((r) => ({ ...base, ...r })),
      taken.map((r) => ({ ...base, ...r })),
      mutatedOnce,
      fc.constant({ ...base, not_an_option: 1 }),
    ),
    { numRuns: RUNS, seed: SEED },
  );
}

function judge(role: Role, what: string, status: number, request: string, body: string) {
  count.requests++;
  answered.set(`${status}`, (answered.get(`${status}`) ?? 0) + 1);
  if (status >= 500) {
    count.serverErrors++;
    problems.push(`${role} ${what} ${request.slice(0, 300)} → ${status}`);
  }
  const leaks = leaksIn(w, role, request, body);
  if (leaks.length) {
    count.leaks++;
    problems.push(`${role} ${what} ${request.slice(0, 300)} → ${status} leaks ${leaks.join(', ')}: ${body.slice(0, 300)}`);
  }
}

const SESSION_ACTIONS = /^(UserSessionResource|UserSessionsResource|UserPasswordResource|UserRegisterResource)$/;

for (const publicProfile of [false, true]) {
  describe(`generated and mutated options as every role, the owner's profile ${publicProfile ? 'public' : 'private'}`, () => {
    beforeAll(async () => {
      // ACCESS_FUZZ_LOG=path keeps the app's error log, for the stack behind a 5xx.
      const log = process.env.ACCESS_FUZZ_LOG;
      t = await buildTestApp(
        { EXPERIMENT_GROUPS: 'collages:enabled', SIGNUP_RATE_LIMIT_CLIENT: '100000', LOGIN_RATE_LIMIT_ACCOUNT: '100000', LOGIN_RATE_LIMIT_CLIENT: '100000' },
        log ? { logger: { level: 'error', file: log } } : {},
      );
      w = await buildWorld(t, { publicProfile });
    }, 120_000);
    afterAll(() => t.close());

    for (const role of ROLES) {
      it(`never 5xx and never a canary ${role} may not see`, async () => {
        const before = problems.length;
        for (const target of targets()) {
          const key = `${target.resource} ${target.action}`;
          const base = RESOURCE_RULES[key]?.[0]?.options(w) ?? {};
          let changed = false;
          for (const options of optionSets(role, target, base)) {
            const res = await w.clients[role].resource(target.resource, target.action, options);
            judge(role, key, res.httpStatus, JSON.stringify(options), JSON.stringify(res));
            changed ||= res.httpStatus < 300;
          }
          // A write that was refused changed nothing.
          if (target.action !== 'get' && changed) await w.restore({ sessions: SESSION_ACTIONS.test(target.resource) });
        }
        await routes(role);
        expect(problems.slice(before)).toEqual([]);
      }, 600_000);
    }
  });
}

/** The /v3 routes and the pages: canary ids, slugs and hostile values in their paths, queries and bodies. */
async function routes(role: Role) {
  const ids = fc.constantFrom(...w.secret.pinIds, w.boardlessPinId, w.protectedBoard.pinId, w.otherPinId, w.conversationId, '1', '%25', '99999999999999999999');
  const q = fc.constantFrom(
    '',
    '?fields=pin.title,board.name',
    '?page_size=1&bookmark=x',
    '?flag_filters=favorites',
    '?is_draft=true',
    '?exclude_quick_save_pins=true',
  );
  const gets = fc.sample(
    fc.tuple(
      fc.constantFrom(
        '/v3/pins/{}/',
        '/v3/users/profile/pins/cluster/{}/feed/',
        '/v3/users/me/filtered/pins/',
        '/v3/users/me/shuffles/',
        '/v3/users/profile/pins/clusters/',
      ),
      ids,
      q,
    ),
    { numRuns: RUNS * 3, seed: SEED },
  );
  for (const [path, id, query] of gets) {
    const url = path.replace('{}', id) + query;
    const res = await w.clients[role].request('GET', url);
    judge(role, 'GET', res.statusCode, url, res.body);
  }
  const posts = fc.sample(
    fc.tuple(
      fc.constantFrom('/v3/invite_code/attribution/land/', '/v3/invite_code/{}/redeem/', '/v3/legal/takedowns/dsa/', '/v3/users/email/verify/'),
      ids,
      fc.record(
        {
          invite_code: fc.string({ maxLength: 12 }),
          token: fc.string({ maxLength: 12 }),
          law: fc.constantFrom('DMCA', 'GDPR'),
          details: fc.constant('d'),
          reported_user_id: fc.constantFrom(w.owner.id, ...Object.values(w.people).map((p) => p.id)),
        },
        { requiredKeys: [] },
      ),
    ),
    { numRuns: RUNS * 2, seed: SEED },
  );
  for (const [path, id, body] of posts) {
    const url = path.replace('{}', id);
    const res = await w.clients[role].request('POST', url, { payload: body });
    judge(role, 'POST', res.statusCode, url + JSON.stringify(body), res.body);
  }
  // The web app's pages (their HTML carries titles, descriptions and structured data).
  const usernames = fc.constantFrom(...Object.values(w.people).map((p) => p.username));
  const slugs = fc.constantFrom(w.secret.slug, w.protectedBoard.slug, w.publicBoard.slug, 'tried', 'created', '_saved', '%25');
  const pages = fc.sample(
    fc.oneof(
      fc.tuple(usernames, slugs).map(([u, b]) => `/${u}/${b}/`),
      fc.tuple(usernames, slugs, fc.constantFrom(`menu-${CANARY.secret}`, `part-${CANARY.protected}`, 'x')).map(([u, b, x]) => `/${u}/${b}/${x}/`),
      ids.map((id) => `/pin/${id}/`),
      usernames.map((u) => `/${u}/`),
    ),
    { numRuns: RUNS * 2, seed: SEED },
  );
  for (const url of pages) {
    const res = await w.clients[role].request('GET', url, { headers: { accept: 'text/html' } });
    judge(role, 'page', res.statusCode, url, res.body);
  }
  // The canary images: answered only to those who may see a Pin using them (the address itself is no leak; an image body has no text to check).
  for (const [cls, image] of [
    ['secret', w.secretImage],
    ['private', w.privateImage],
  ] as const) {
    for (const variant of Object.values(image.images)) {
      const res = await w.clients[role].request('GET', variant!.url);
      count.requests++;
      answered.set(`${res.statusCode}`, (answered.get(`${res.statusCode}`) ?? 0) + 1);
      if (res.statusCode >= 500) problems.push(`${role} GET ${variant!.url} → ${res.statusCode}`);
      if (res.statusCode === 200 && !w.maySee(role).includes(cls)) {
        count.leaks++;
        problems.push(`${role} GET ${variant!.url} → 200, a ${cls} image`);
      }
    }
  }
  for (const id of [w.conversationId, '1', '%25']) {
    const url = `/v3/conversations/${id}/events/`;
    const client = w.clients[role];
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      payloadAsStream: true,
    });
    const stream = res.stream();
    let body = '';
    if (res.statusCode !== 200) for await (const chunk of stream) body += String(chunk);
    stream.destroy();
    judge(role, 'GET', res.statusCode, url, body);
  }
  await w.restore({ sessions: true });
}
