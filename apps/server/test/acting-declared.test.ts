/**
 * Acting as a business is declared on the resource action (decision 077): an
 * action whose options accept `orbac_subject_id` declares `actingAs`, so the
 * dispatcher honours the field; a schema that takes it and an action that
 * ignores it would act as the caller while the client believes otherwise.
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Whether a schema (an object, or a union, intersection, pipe or wrapper of objects) names `key`. */
function accepts(schema: z.ZodType | undefined, key: string, seen = new Set<unknown>()): boolean {
  if (!schema || seen.has(schema)) return false;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.shape && key in def.shape) return true;
  const inner = [...(def.options ?? []), def.left, def.right, def.in, def.out, def.innerType, def.getter?.()];
  return inner.some((s) => accepts(s, key, seen));
}

describe('acting as a business', () => {
  it('is declared by every action whose options accept orbac_subject_id', () => {
    const undeclared = t.registry
      .all()
      .flatMap((r) => Object.entries(r.actions).map(([name, act]) => ({ name: `${r.name}.${name}`, act: act! })))
      .filter(({ act }) => accepts(act.options, 'orbac_subject_id') && !act.actingAs)
      .map(({ name }) => name);
    expect(undeclared).toEqual([]);
  });

  it('is found in the schemas that take it', () => {
    const acting = t.registry.all().flatMap((r) =>
      Object.entries(r.actions)
        .filter(([, a]) => accepts(a!.options, 'orbac_subject_id'))
        .map(([n]) => `${r.name}.${n}`),
    );
    expect(acting).toContain('RepinResource.create');
    expect(acting).toContain('BoardResource.get');
  });
});
