import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { contract, contractOf, type ResourceInput, type ResourceOutput } from './contract';

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
