/**
 * The route × role matrix (decision 026): every resource action of the
 * registry and every /v3 route has declared cases in rules.ts; each case is
 * sent as each role (owner, collaborator, follower, other, blocked, signed
 * out) against the canary world, and the answer must have the declared
 * status, show the declared canary classes, and show no canary the role may
 * not see. An action or route without a rule fails the first test.
 *
 * MATRIX_RECORD=1 prints what each case gets instead of failing, in the
 * rules' notation, for writing the rule of a new action (then read every
 * line: a recorded leak is a defect, not a rule).
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceRegistry, type ResourceDefinition } from '../../src/lib/resources';
import { buildTestApp, type TestApp } from '../test-app';
import { classesIn, leaksIn } from './leaks';
import { plainApiRoutes } from './routes';
import { PAGE_RULES, parseOutcome, RESOURCE_RULES, ROUTE_RULES, type Expect } from './rules';
import { buildWorld, ROLES, type Role, type World } from './world';

const RECORD = !!process.env.MATRIX_RECORD;

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await buildTestApp({
    EXPERIMENT_GROUPS: 'collages:enabled',
    SIGNUP_RATE_LIMIT_CLIENT: '1000',
    LOGIN_RATE_LIMIT_ACCOUNT: '1000',
    LOGIN_RATE_LIMIT_CLIENT: '1000',
  });
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

/** "Resource action" for every action the registry serves. */
function actionsOf(registry: Pick<ResourceRegistry, 'all'>): string[] {
  return registry.all().flatMap((r: ResourceDefinition) => Object.keys(r.actions).map((a) => `${r.name} ${a}`));
}

/** Actions and routes the app serves that have no rule with at least one case. */
export function undeclared(actions: string[], routes: string[]): string[] {
  return [...actions.filter((k) => !RESOURCE_RULES[k]?.length), ...routes.filter((k) => !ROUTE_RULES[k]?.length)];
}

describe('every resource action and /v3 route has a declared rule', () => {
  it('has a rule for each, and no rule for something the app does not serve', () => {
    const actions = actionsOf(t.registry);
    const routes = plainApiRoutes(t.app);
    expect(actions.length).toBeGreaterThan(90);
    expect(routes.length).toBeGreaterThan(10);
    expect(undeclared(actions, routes)).toEqual([]);
    const served = new Set([...actions, ...routes]);
    expect([...Object.keys(RESOURCE_RULES), ...Object.keys(ROUTE_RULES)].filter((k) => !served.has(k))).toEqual([]);
  });

  it('fails for a new resource without a rule', () => {
    const registry = new ResourceRegistry();
    for (const r of t.registry.all()) registry.add(r);
    registry.add({ name: 'CanaryNewResource', description: 'new', actions: { get: t.registry.get('UserSessionResource')!.actions.get! } });
    expect(undeclared(actionsOf(registry), plainApiRoutes(t.app))).toEqual(['CanaryNewResource get']);
  });

  it('fails for a new /v3 route without a rule', async () => {
    const extra = Fastify();
    extra.get('/v3/canary/:id/', async () => ({}));
    extra.post('/v3/canary/:id/more/', async () => ({}));
    await extra.ready();
    expect(undeclared(actionsOf(t.registry), [...plainApiRoutes(t.app), ...plainApiRoutes(extra)])).toEqual([
      'GET /v3/canary/:id/',
      'POST /v3/canary/:id/more/',
    ]);
    await extra.close();
  });
});

const SESSION_ACTIONS = /^(UserSessionResource|UserSessionsResource|UserPasswordResource|UserRegisterResource) /;

async function check(
  key: string,
  target: string,
  expectOf: Expect,
  send: (role: Role) => Promise<{ status: number; body: string; request: string }>,
  writes: boolean,
) {
  const problems: string[] = [];
  const seen: string[] = [];
  for (const role of ROLES) {
    const { status, body, request } = await send(role);
    const want = parseOutcome(expectOf[role]);
    const shows = classesIn(body);
    const leaks = leaksIn(w, role, request, body);
    seen.push(`${role}: ${shows.length ? `'${[status, ...shows].join(' ')}'` : status}`);
    if (leaks.length) problems.push(`${key} [${target}] as ${role}: leaks ${leaks.join(', ')} (${status}) ${body.slice(0, 300)}`);
    if (!RECORD && status !== want.status) problems.push(`${key} [${target}] as ${role}: ${status}, declared ${want.status} ${body.slice(0, 200)}`);
    for (const cls of want.sees) if (!shows.includes(cls)) problems.push(`${key} [${target}] as ${role}: shows no ${cls} canary`);
    // A write that was refused changed nothing.
    if (writes && status < 300) await w.restore({ sessions: SESSION_ACTIONS.test(key) });
  }
  if (RECORD) console.info(`RECORD ${key} [${target}] { ${seen.join(', ')} }`);
  return problems;
}

describe("the world's notifications", () => {
  it('name only what each person may see now (the leaks of the others are checked in every answer)', async () => {
    const named = async (role: 'collaborator' | 'follower' | 'other') =>
      JSON.stringify((await w.clients[role].resource('NotificationsResource', 'get', {})).data);
    // The collaborator may see the secret board: told of its Pin and its comments; the follower of the private profile's.
    expect(await named('collaborator')).toContain(w.secret.pinIds[0]);
    expect(await named('follower')).toContain(w.boardlessPinId);
    expect(await named('other')).not.toContain(w.secret.pinIds[0]);
  });
});

describe('each resource action as each role', () => {
  for (const [key, cases] of Object.entries(RESOURCE_RULES)) {
    it(key, async () => {
      const [resource, action] = key.split(' ') as [string, 'get' | 'create' | 'update' | 'delete'];
      const problems: string[] = [];
      for (const c of cases) {
        problems.push(
          ...(await check(
            key,
            c.target,
            c.expect,
            async (role) => {
              const options = c.options(w);
              const res = await w.clients[role].resource(resource, action, options);
              return { status: res.httpStatus, body: JSON.stringify(res), request: JSON.stringify(options) };
            },
            action !== 'get',
          )),
        );
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('each /v3 route as each role', () => {
  for (const [key, cases] of Object.entries(ROUTE_RULES)) {
    it(key, async () => {
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
      const problems: string[] = [];
      for (const c of cases) {
        problems.push(
          ...(await check(
            key,
            c.target,
            c.expect,
            async (role) => {
              const { url, payload } = c.request(w);
              const client = w.clients[role];
              if (c.stream) {
                const res = await t.app.inject({
                  method,
                  url,
                  headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
                  payloadAsStream: true,
                });
                const stream = res.stream();
                let body = '';
                if (res.statusCode !== 200) for await (const chunk of stream) body += String(chunk);
                stream.destroy();
                return { status: res.statusCode, body, request: url };
              }
              const res = await client.request(method, url, payload ? { payload } : {});
              return { status: res.statusCode, body: res.body, request: url + JSON.stringify(payload ?? {}) };
            },
            method !== 'GET',
          )),
        );
      }
      expect(problems).toEqual([]);
    });
  }
});

describe('each page as each role', () => {
  for (const [key, cases] of Object.entries(PAGE_RULES)) {
    it(key, async () => {
      const problems: string[] = [];
      for (const c of cases) {
        problems.push(
          ...(await check(
            key,
            c.target,
            c.expect,
            async (role) => {
              const { url } = c.request(w);
              const res = await w.clients[role].request('GET', url, { headers: { accept: 'text/html' } });
              return { status: res.statusCode, body: res.body, request: url };
            },
            false,
          )),
        );
      }
      expect(problems).toEqual([]);
    });
  }
});

type Call = { resource: string; action: 'get' | 'create' | 'update' | 'delete'; options: Record<string, unknown> };
interface AbilityCase {
  target: string;
  /** The read whose answer carries the item's `can`, and where `can` is in its data. */
  read: (w: World) => Call;
  can: (data: unknown, w: World) => Record<string, boolean> | undefined;
  /** The action each ability promises. */
  acts: Record<string, (w: World) => Call>;
}

const call = (resource: string, action: Call['action'], options: Record<string, unknown>): Call => ({ resource, action, options });
const boardCase = (target: string, boardId: (w: World) => string): AbilityCase => ({
  target,
  read: (w) => call('BoardResource', 'get', { board_id: boardId(w) }),
  can: (data) => (data as { can?: Record<string, boolean> }).can,
  acts: {
    edit: (w) => call('BoardResource', 'update', { board_id: boardId(w), description: 'changed' }),
    delete: (w) => call('BoardResource', 'delete', { board_id: boardId(w) }),
    invite: (w) => call('BoardInviteResource', 'create', { board_id: boardId(w), invited_user_ids: [w.people.other.id] }),
    add_pins: (w) => call('RepinResource', 'create', { pin_id: w.otherPinId, board_id: boardId(w) }),
  },
});
const pinCase = (target: string, pinId: (w: World) => string): AbilityCase => ({
  target,
  read: (w) => call('PinResource', 'get', { id: pinId(w) }),
  can: (data) => (data as { can?: Record<string, boolean> }).can,
  acts: {
    edit: (w) => call('PinResource', 'update', { id: pinId(w), description: 'edited' }),
    delete: (w) => call('PinResource', 'delete', { id: pinId(w) }),
    save: (w) => call('RepinResource', 'create', { pin_id: pinId(w) }),
  },
});
const sectionCase = (target: string, sectionId: (w: World) => string): AbilityCase => ({
  target,
  read: (w) => call('BoardSectionResource', 'get', { section_id: sectionId(w) }),
  can: (data) => (data as { can?: Record<string, boolean> }).can,
  acts: {
    edit: (w) => call('BoardSectionResource', 'update', { section_id: sectionId(w), title: 'Renamed' }),
    delete: (w) => call('BoardSectionResource', 'delete', { section_id: sectionId(w) }),
  },
});
const commentCase = (target: string, pinId: (w: World) => string, commentId: (w: World) => string): AbilityCase => ({
  target,
  read: (w) => call('PinCommentsResource', 'get', { pin_id: pinId(w) }),
  can: (data, w) => (data as { id: string; can: Record<string, boolean> }[]).find((c) => c.id === commentId(w))?.can,
  acts: { delete: (w) => call('PinCommentResource', 'delete', { comment_id: commentId(w) }) },
});

/** The items whose answers carry `can` (decision 080), each as it stands in the canary world. */
const ABILITY_CASES: AbilityCase[] = [
  boardCase('the secret board', (w) => w.secret.boardId),
  boardCase('the protected board', (w) => w.protectedBoard.boardId),
  boardCase('the public board', (w) => w.publicBoard.boardId),
  pinCase('a secret Pin', (w) => w.secret.pinIds[0]!),
  pinCase("the protected board's Pin", (w) => w.protectedBoard.pinId),
  pinCase("the public board's Pin", (w) => w.publicBoard.pinIds[0]!),
  pinCase("the private profile's Pin saved to the profile", (w) => w.boardlessPinId),
  sectionCase('the secret section', (w) => w.secret.sectionId),
  sectionCase('the protected section', (w) => w.protectedBoard.sectionId),
  commentCase(
    "the owner's comment on a secret Pin",
    (w) => w.secret.pinIds[0]!,
    (w) => w.comments.secret,
  ),
  commentCase(
    "the owner's comment on the private profile's Pin",
    (w) => w.boardlessPinId,
    (w) => w.comments.private,
  ),
];

/**
 * An answer's `can` never promises what the server refuses (decision 080): each role reads each item, and
 * every ability its answer says true is then done and must succeed (the world restored after it); a signed-out
 * read says false to every ability, so the kept signed-out answer is the same for everyone.
 */
describe('abilities as each role', () => {
  for (const c of ABILITY_CASES) {
    it(c.target, async () => {
      const problems: string[] = [];
      let promised = 0;
      for (const role of ROLES) {
        const read = c.read(w);
        const answer = await w.clients[role].resource(read.resource, read.action, read.options);
        if (answer.httpStatus !== 200) continue;
        const can = c.can(answer.data, w);
        if (!can) {
          problems.push(`${c.target} as ${role}: the answer has no can`);
          continue;
        }
        expect(Object.keys(can).sort(), `${c.target}: the abilities the matrix checks`).toEqual(Object.keys(c.acts).sort());
        for (const [ability, act] of Object.entries(c.acts)) {
          if (!can[ability]) continue;
          if (role === 'signedOut') problems.push(`${c.target} as signedOut: can.${ability} is true`);
          promised++;
          const { resource, action, options } = act(w);
          const res = await w.clients[role].resource(resource, action, options);
          if (res.httpStatus >= 300) problems.push(`${c.target} as ${role}: can.${ability} is true but ${resource} ${action} answers ${res.httpStatus}`);
          await w.restore();
        }
      }
      expect(problems).toEqual([]);
      // The owner may do something with each of them: the check is not vacuous.
      expect(promised).toBeGreaterThan(0);
    });
  }
});
