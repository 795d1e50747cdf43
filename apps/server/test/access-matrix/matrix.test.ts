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
