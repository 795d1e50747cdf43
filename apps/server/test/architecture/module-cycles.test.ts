/**
 * The server's rooms (each folder of `src/modules/`, the kernel, and the
 * top-level folders of `src/`) import one another without a cycle
 * (decision 070): the content kernel at the bottom of the modules, feature
 * modules above it, reactions across modules through the domain events.
 * A cycle fails here with the path that closes it. When this test came, 24
 * rooms were in cycles (one of 22 with 14 modules among them, and config with
 * the media pipeline) and 12 pairs imported each other, 9 of them modules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cyclePath, cycles, mutualPairs, roomEdges, type Edge } from './import-graph';

const SRC = join(__dirname, '../../src');

/** Each cycle as the path that closes it, one import per line. */
function describeCycles(edges: Edge[]) {
  return cycles(edges).map((component) => {
    const path = cyclePath(edges, component);
    return [`${component.length} rooms in a cycle: ${component.join(', ')}`, ...path.map((e) => `  ${e.from} → ${e.to}  (${e.via})`)].join('\n');
  });
}

describe('the import graph between server rooms', () => {
  const edges = roomEdges(SRC);

  it('reads the rooms and their imports', () => {
    const rooms = new Set(edges.flatMap((e) => [e.from, e.to]));
    for (const room of ['pins', 'boards', 'users', 'src/db', 'src/lib/context', 'src/jobs', 'src/plugins']) expect(rooms).toContain(room);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('has no cycle', () => {
    expect({ cycles: describeCycles(edges), mutualPairs: mutualPairs(edges) }).toEqual({ cycles: [], mutualPairs: [] });
  });

  it('keeps the content kernel and the event bus below every feature module', () => {
    // The kernel imports lib/ and db/ only; the events' payloads name the kernel's shapes too.
    const below = (room: string, also: string[] = []) => room.startsWith('src/lib/') || ['src/db', ...also].includes(room);
    expect(edges.filter((e) => e.from === 'src/kernel' && !below(e.to))).toEqual([]);
    expect(edges.filter((e) => e.from === 'src/events' && !below(e.to, ['src/kernel']))).toEqual([]);
  });
});

describe('the cycle check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'module-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('finds a deliberate cycle through modules, the kernel-like rooms and type-only imports, and prints its path', () => {
    write('modules/a/index.ts', "export { b } from '../b';\nexport const a = 1;\n");
    write('modules/b/index.ts', "import type { C } from '../../jobs/c';\nexport const b = 2;\nexport type B = C;\n");
    write('jobs/c.ts', "export type C = typeof import('../modules/a').a;\n");
    write('modules/d/index.ts', "import { a } from '../a';\nexport const d = a;\n");
    write('services.ts', "import { a } from './modules/a';\nimport { d } from './modules/d';\nexport const all = [a, d];\n");
    const edges = roomEdges(dir);
    expect(cycles(edges)).toEqual([['a', 'b', 'src/jobs']]);
    const text = describeCycles(edges).join('\n');
    expect(text).toContain('3 rooms in a cycle: a, b, src/jobs');
    expect(text).toContain("a → b  (modules/a/index.ts → '../b')");
    expect(text).toContain("src/jobs → a  (jobs/c.ts → '../modules/a')");
    // The composition root (services.ts) imports every room and is left out; d only uses a.
    expect(edges.some((e) => e.from === 'd' && e.to === 'a')).toBe(true);
  });

  it('names a pair that imports each other', () => {
    write('modules/e/e.service.ts', "import { f } from '../f';\nexport const e = () => f;\n");
    write('modules/f/index.ts', "export const f = 1;\nexport const g = () => import('../e/e.service');\n");
    expect(mutualPairs(roomEdges(dir))).toContain('e ⇄ f');
  });
});
