import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles, type SourceFile } from './test/sourceFiles';

/*
 * The web app's walls (docs/decisions/028): `components/` never imports
 * `features/`; no two features import each other (beyond the known pairs);
 * query keys come from key factories. Read from the sources' import
 * statements (static and dynamic), tests left out.
 */

const IMPORT = /(?:\bimport\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?|\bexport\s+(?:type\s+)?[\w*{}\s,]+?\s+from\s+|\bimport\s*\()\s*['"]([^'"]+)['"]/g;

/** The app's own modules a file imports, as paths relative to apps/web/src (extension and /index left as found). */
export function importsOf(file: SourceFile): string[] {
  const found: string[] = [];
  for (const match of file.text.matchAll(IMPORT)) {
    const spec = match[1]!;
    if (!spec.startsWith('.')) continue;
    found.push(posix.normalize(posix.join(posix.dirname(file.path), spec)));
  }
  return found;
}

/** `features/boards/…` → `boards`; anything else → null. */
export function featureOf(path: string): string | null {
  return /^features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** `queryKey: [...]` written in place rather than taken from a feature's key factory (`boardKeys.byId(id)`), as `file: line`. */
export function inlineQueryKeys(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) =>
    file.text
      .split('\n')
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => /\bqueryKey:\s*\[/.test(line))
      .map(({ line, index }) => `${file.path}:${index + 1}: ${line.trim()}`),
  );
}

/** Pairs of features that import each other, as `a ↔ b` with a < b. */
export function mutualPairs(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const pairs: string[] = [];
  for (const [from, targets] of edges) for (const to of targets) if (from < to && edges.get(to)?.has(from)) pairs.push(`${from} ↔ ${to}`);
  return pairs.sort();
}

/** Every circle among the given edges (each once, as the list of its nodes from its smallest one). */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const found = new Map<string, string[]>();
  const visit = (start: string, node: string, path: string[]) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) {
        const key = [...path].sort().join('>');
        if (!found.has(key)) found.set(key, path);
      } else if (next > start && !path.includes(next)) visit(start, next, [...path, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) visit(start, start, [start]);
  return [...found.values()];
}

/** Feature → the other features it imports. */
export function featureGraph(files: readonly SourceFile[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = featureOf(file.path);
    if (!from) continue;
    for (const target of importsOf(file)) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Imports from `components/` into `features/`, as `file → import`. */
export function componentsIntoFeatures(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => file.path.startsWith('components/'))
    .flatMap((file) => importsOf(file).filter((target) => target.startsWith('features/')).map((target) => `${file.path} → ${target}`));
}

/**
 * Feature pairs that still import each other (seven when this test came, none
 * now; see docs/decisions/028). The list may only shrink: a new pair fails, and
 * so does a pair that was untangled but is still listed.
 */
const KNOWN_PAIRS: string[] = [];

describe('the web app’s walls', () => {
  const files = sourceFiles().filter((file) => !isTest(file.path));

  it('reads the imports of the app', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(featureGraph(files).size).toBeGreaterThan(3);
  });

  it('components/ never imports features/', () => {
    expect(componentsIntoFeatures(files)).toEqual([]);
  });

  it('query keys come from each feature’s key factory, never written in place', () => {
    expect(inlineQueryKeys(files)).toEqual([]);
  });

  it('no two features import each other, beyond the pairs still to be untangled', () => {
    expect(mutualPairs(featureGraph(files))).toEqual(KNOWN_PAIRS);
  });
});

describe('the checks themselves', () => {
  const file = (path: string, text: string): SourceFile => ({ path, text });

  it('find a components → features import, static or dynamic', () => {
    const files = [
      file('components/A/A.tsx', "import { x } from '../../features/boards/boards.api';"),
      file('components/B/B.tsx', "const L = lazy(() => import('../../features/pins/components/X'));"),
      file('components/C/C.tsx', "import { y } from '../../lib/api';"),
    ];
    expect(componentsIntoFeatures(files)).toEqual(['components/A/A.tsx → features/boards/boards.api', 'components/B/B.tsx → features/pins/components/X']);
  });

  it('find a query key written in place', () => {
    const files = [
      file('features/a/a.queries.ts', "useQuery({ queryKey: aKeys.one(id), queryFn });\ninvalidateQueries({ queryKey: ['a', 'path'] });"),
    ];
    expect(inlineQueryKeys(files)).toEqual(["features/a/a.queries.ts:2: invalidateQueries({ queryKey: ['a', 'path'] });"]);
  });

  it('find a circle between two features and around three', () => {
    const two = [
      file('features/a/x.ts', "import type { B } from '../b/y';"),
      file('features/b/y.ts', "export { A } from '../a/x';"),
    ];
    expect(cycles(featureGraph(two))).toEqual([['a', 'b']]);
    const three = [
      file('features/a/x.ts', "import { b } from '../b/y';"),
      file('features/b/y.ts', "import { c } from '../c/z';"),
      file('features/c/z.ts', "import { a } from '../a/x';"),
      file('features/d/w.ts', "import { a } from '../a/x';"),
    ];
    expect(cycles(featureGraph(three))).toEqual([['a', 'b', 'c']]);
    expect(cycles(featureGraph([file('features/a/x.ts', "import { b } from '../b/y';")]))).toEqual([]);
    expect(mutualPairs(featureGraph(two))).toEqual(['a ↔ b']);
    expect(mutualPairs(featureGraph(three))).toEqual([]);
  });
});
