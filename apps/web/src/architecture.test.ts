import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles, type SourceFile } from './test/sourceFiles';

/*
 * The web app's walls (docs/decisions/028, 072): `lib/` and `components/`
 * never import `features/`, features never import routes or the shell, and
 * the features' imports of each other form no cycle; query keys come from
 * key factories. Read from the sources' import statements (static and
 * dynamic), tests left out.
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

/** `overlays.ts`: each lazy handle's name → the module it loads (`ShareProfileModal` → `features/social/components/ShareProfileModal`). */
export function overlayModules(files: readonly SourceFile[]): Map<string, string> {
  const overlays = files.find((file) => file.path === 'overlays.ts');
  const found = new Map<string, string>();
  for (const match of overlays?.text.matchAll(/export const (\w+) = lazyOverlay\(\s*\(\) => import\('([^']+)'\)/g) ?? []) {
    found.set(match[1]!, posix.normalize(match[2]!));
  }
  return found;
}

/** The names a file imports from `overlays.ts`. */
function overlaysImportedBy(file: SourceFile): string[] {
  const names: string[] = [];
  for (const match of file.text.matchAll(/\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (posix.normalize(posix.join(posix.dirname(file.path), match[2]!)) !== 'overlays') continue;
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]!;
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * Feature → the other features it imports. An overlay opened through
 * `overlays.ts` counts as an import of the feature that owns it: the lazy
 * handle defers the download, not the dependency.
 */
export function featureGraph(files: readonly SourceFile[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const overlays = overlayModules(files);
  for (const file of files) {
    const from = featureOf(file.path);
    if (!from) continue;
    const targets = [...importsOf(file), ...overlaysImportedBy(file).map((name) => overlays.get(name) ?? '')];
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** `features/…` → `features`, `lib/…` → `lib`; a file at the top of src (`overlays.ts`, `router.tsx`) → its name. */
export function layerOf(path: string): string {
  return /^([^/]+)\//.exec(path)?.[1] ?? path.replace(/\.tsx?$/, '');
}

/**
 * What each layer may import besides itself (docs/decisions/072): `lib` and
 * `components` know no feature; a feature knows no page (`routes`), no frame
 * (`shell`) and no app wiring (`router`, `main`), only the overlay handles of
 * `overlays.ts`, which the graph above follows to the owning feature.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  lib: ['locales', 'styles'],
  components: ['lib', 'locales', 'styles'],
  features: ['lib', 'components', 'locales', 'styles', 'overlays'],
};

/** Imports that go up the layers, as `file → import`. */
export function layerViolations(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) => {
    const allowed = MAY_IMPORT[layerOf(file.path)];
    if (!allowed) return [];
    return importsOf(file)
      .filter((target) => layerOf(target) !== layerOf(file.path) && !allowed.includes(layerOf(target)))
      .map((target) => `${file.path} → ${target}`);
  });
}

/** Imports from `components/` into `features/`, as `file → import`. */
export function componentsIntoFeatures(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => file.path.startsWith('components/'))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('features/'))
        .map((target) => `${file.path} → ${target}`),
    );
}

/** A route file's longest length, in lines (docs/decisions/072). */
export const ROUTE_MAX_LINES = 40;
/** The only hooks a route file calls: the router's, which read the address. */
const ROUTE_HOOKS = new Set(['useParams', 'useSearchParams', 'useLocation']);

/**
 * Route files that do more than read the address and compose feature pages:
 * longer than ROUTE_MAX_LINES, or calling a hook other than the router's
 * (a query, a title, state), as `file: problem`.
 */
export function heavyRoutes(files: readonly SourceFile[]): string[] {
  return files
    .filter((file) => file.path.startsWith('routes/'))
    .flatMap((file) => {
      const problems: string[] = [];
      const lines = file.text.replace(/\n$/, '').split('\n').length;
      if (lines > ROUTE_MAX_LINES) problems.push(`${file.path}: ${lines} lines, more than ${ROUTE_MAX_LINES}`);
      const hooks = new Set([...file.text.matchAll(/\b(use[A-Z]\w*)\s*(?:<[^>]*>)?\(/g)].map((match) => match[1]!));
      for (const hook of hooks) if (!ROUTE_HOOKS.has(hook)) problems.push(`${file.path}: calls ${hook}`);
      return problems;
    });
}

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

  it('features import each other without a cycle, of any length', () => {
    expect(
      cycles(featureGraph(files))
        .map((cycle) => [...cycle, cycle[0]].join(' → '))
        .sort(),
    ).toEqual([]);
  });

  it('lib and components import no feature, and features no route, shell or app wiring', () => {
    expect(layerViolations(files)).toEqual([]);
  });

  it('route files only read the address and compose feature pages', () => {
    expect(files.filter((file) => file.path.startsWith('routes/')).length).toBeGreaterThan(10);
    expect(heavyRoutes(files)).toEqual([]);
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
    const files = [file('features/a/a.queries.ts', "useQuery({ queryKey: aKeys.one(id), queryFn });\ninvalidateQueries({ queryKey: ['a', 'path'] });")];
    expect(inlineQueryKeys(files)).toEqual(["features/a/a.queries.ts:2: invalidateQueries({ queryKey: ['a', 'path'] });"]);
  });

  it('find a circle between two features and around three', () => {
    const two = [file('features/a/x.ts', "import type { B } from '../b/y';"), file('features/b/y.ts', "export { A } from '../a/x';")];
    expect(cycles(featureGraph(two))).toEqual([['a', 'b']]);
    const three = [
      file('features/a/x.ts', "import { b } from '../b/y';"),
      file('features/b/y.ts', "import { c } from '../c/z';"),
      file('features/c/z.ts', "import { a } from '../a/x';"),
      file('features/d/w.ts', "import { a } from '../a/x';"),
    ];
    expect(cycles(featureGraph(three))).toEqual([['a', 'b', 'c']]);
    expect(cycles(featureGraph([file('features/a/x.ts', "import { b } from '../b/y';")]))).toEqual([]);
  });

  it('follow an overlay handle of overlays.ts to the feature that owns it', () => {
    const files = [
      file(
        'overlays.ts',
        "export const BDialog = lazyOverlay(() => import('./features/b/BDialog'), 'BDialog');\nexport const CDialog = lazyOverlay(\n  () => import('./features/c/CDialog'),\n  'CDialog',\n);",
      ),
      file('features/a/x.ts', "import { CDialog as Opened, BDialog } from '../../overlays';"),
      file('features/b/BDialog.tsx', "import { a } from '../a/x';"),
    ];
    expect(featureGraph(files)).toEqual(
      new Map([
        ['a', new Set(['c', 'b'])],
        ['b', new Set(['a'])],
      ]),
    );
    expect(cycles(featureGraph(files))).toEqual([['a', 'b']]);
  });

  it('find an import up the layers', () => {
    const files = [
      file('lib/a.ts', "import type { Pin } from '../features/pins/pins.api';\nimport x from '../locales/en-US/texts.json';"),
      file('components/B/B.tsx', "import { a } from '../../lib/a';\nimport { C } from '../../shell/C';"),
      file(
        'features/pins/P.tsx',
        "import { Q } from '../../routes/PinRoute';\nimport { LoginPrompt } from '../../overlays';\nimport { r } from '../../router';\nimport { b } from '../boards/b';",
      ),
      file('shell/S.tsx', "import { P } from '../features/pins/P';"),
    ];
    expect(layerViolations(files)).toEqual([
      'lib/a.ts → features/pins/pins.api',
      'components/B/B.tsx → shell/C',
      'features/pins/P.tsx → routes/PinRoute',
      'features/pins/P.tsx → router',
    ]);
  });

  it('find a route file that is long or calls a hook other than the router’s', () => {
    const thin =
      "import { useParams } from 'react-router';\nexport function PinRoute() {\n  const { id = '' } = useParams();\n  return <PinCloseupPage pinId={id} />;\n}\n";
    const files = [
      file('routes/PinRoute.tsx', thin),
      file(
        'routes/BoardRoute.tsx',
        "export function BoardRoute() {\n  const board = useBoardByPath(u, s);\n  useDocumentTitle(board.data?.name);\n  const [x] = useState<string>('');\n}\n",
      ),
      file('routes/LongRoute.tsx', 'x\n'.repeat(ROUTE_MAX_LINES + 1)),
      file('features/pins/PinCloseupPage.tsx', 'x\n'.repeat(100) + 'usePin(id);'),
    ];
    expect(heavyRoutes(files)).toEqual([
      'routes/BoardRoute.tsx: calls useBoardByPath',
      'routes/BoardRoute.tsx: calls useDocumentTitle',
      'routes/BoardRoute.tsx: calls useState',
      `routes/LongRoute.tsx: ${ROUTE_MAX_LINES + 1} lines, more than ${ROUTE_MAX_LINES}`,
    ]);
  });
});
