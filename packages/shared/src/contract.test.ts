import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { contract, contractOf, routeOutputOf, routes, type ResourceInput, type ResourceOutput, type RouteOutput, type RouteParams } from './contract';

/** Paths inside a schema where an object accepts keys it does not name (not strict). */
function looseObjects(schema: z.ZodType, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (s: unknown, p: string) => looseObjects(s as z.ZodType, p, seen);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      const strict = catchall && (catchall as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'never';
      const own = strict ? [] : [path || '(data)'];
      return [...own, ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => inner(v, `${path}.${k}`))];
    }
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner(def.innerType, path);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => inner(o, path));
    case 'intersection':
      return [...inner(def.left, path), ...inner(def.right, path)];
    case 'record':
      return inner(def.valueType, `${path}{}`);
    case 'pipe':
      return inner(def.out, path);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)(), path);
    default:
      return [];
  }
}

describe('the resource contract', () => {
  it('spells every answer with strict objects, so a field no one named fails the tests', () => {
    const loose = Object.entries(contract).flatMap(([name, actions]) =>
      Object.entries(actions).flatMap(([action, entry]) => looseObjects(entry.output, '').map((p) => `${name}.${action} ${p}`)),
    );
    expect(loose).toEqual([]);
  });

  it('finds an action by name, and nothing for an unknown one', () => {
    expect(contractOf('BoardResource', 'get')?.output).toBeDefined();
    expect(contractOf('BoardResource', 'patch')).toBeUndefined();
    expect(contractOf('toString', 'get')).toBeUndefined();
  });

  it('types the options and the answer of an action', () => {
    const options: ResourceInput<'BoardResource', 'get'> = { board_id: '1' };
    const answer = { id: '1' } as ResourceOutput<'BoardResource', 'get'>;
    expect([options.board_id, answer.id]).toEqual(['1', '1']);
  });
});

describe('the routes contract (decision 079)', () => {
  it('spells every route answer with strict objects too', () => {
    const loose = Object.entries(routes).flatMap(([key, entry]) => looseObjects(entry.output, '').map((p) => `${key} ${p}`));
    expect(loose).toEqual([]);
  });

  it('finds a route by its method and pattern, and nothing for another', () => {
    expect(routeOutputOf('GET', '/vx/business_access/profiles/')).toBeDefined();
    expect(routeOutputOf('POST', '/vx/business_access/profiles/')).toBeUndefined();
    expect(routeOutputOf('GET', undefined)).toBeUndefined();
  });

  it('types a route’s answer and its path parameters', () => {
    const params: Record<RouteParams<'POST /ads/v4/advertisers/:advertiserId/pins/:pinId/quick_promote/'>, string> = { advertiserId: '1', pinId: '2' };
    const answer: RouteOutput<'POST /v3/users/email/verify/'> = { email_verified: true };
    expect([params.pinId, answer.email_verified]).toEqual(['2', true]);
  });
});
