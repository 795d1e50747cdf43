/**
 * docs/ARCHITECTURE.md's module table is the map a newcomer reads first: one
 * row per folder in apps/server/src/modules, and its "uses" column names
 * exactly the other modules the folder's sources import (read with the
 * TypeScript parser, import-graph.ts). A new module, a
 * removed one, or a new dependency between modules fails here until the map
 * says so.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { roomEdges } from './import-graph';

const root = new URL('../../../../', import.meta.url).pathname;
const modulesDir = join(root, 'apps/server/src/modules');
const edges = roomEdges(join(root, 'apps/server/src'));

/** The other modules a module's sources import, from the same import graph as module-cycles.test.ts (paths resolved, not matched by name). */
function importedModules(module: string, all: ReadonlySet<string>): string[] {
  return edges
    .filter((e) => e.from === module && all.has(e.to))
    .map((e) => e.to)
    .sort();
}

interface Row {
  module: string;
  uses: string[];
}

/** The rows of the table under "## Modules": | `name` | owns | uses | policy |. */
function mapRows(): Row[] {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.split(/^## Modules$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `[\w-]+` \|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      const uses = cells[3] === '—' ? [] : [...cells[3]!.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!);
      return { module: /`([\w-]+)`/.exec(cells[1]!)![1]!, uses: uses.sort() };
    });
}

describe('the module map in docs/ARCHITECTURE.md', () => {
  const modules = readdirSync(modulesDir)
    .filter((name) => statSync(join(modulesDir, name)).isDirectory())
    .sort();
  const rows = mapRows();

  it('has one row per module, no more', () => {
    expect(rows.map((r) => r.module).sort()).toEqual(modules);
  });

  it.each(modules)('%s: the modules it uses are the ones the map lists', (module) => {
    const row = rows.find((r) => r.module === module);
    expect(row?.uses ?? null).toEqual(importedModules(module, new Set(modules)));
  });
});
