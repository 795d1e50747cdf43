/**
 * The import graph between the server's rooms, read from its TypeScript
 * sources with the TypeScript compiler's own parser (decision 070). A room is
 * a folder under `src/modules/` (named by the folder) or a top-level folder
 * of `src/` such as `db`, `jobs`, `plugins` (named `src/<folder>`), except
 * `lib/`, whose files are rooms of their own (`src/lib/context`);
 * a file directly in `src/` is a room of its own (`src/config`), except the
 * composition root (app.ts, main.ts, services.ts), which wires every room
 * together and is left out. Every import counts, type-only ones too: a type that
 * crosses a wall ties the two sides as much as a value does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Edge {
  from: string;
  to: string;
  /** One importing file and what it names, for the message. */
  via: string;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports, static or dynamic. */
function specifiersOf(path: string, text = readFileSync(path, 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The wiring at the top: it imports every room on purpose, and routes name its `Services` type. */
const COMPOSITION_ROOT = ['app.ts', 'main.ts', 'services.ts'];

/** The room a path under `src` belongs to; null for the composition root. */
function roomOf(srcDir: string, path: string): string | null {
  const parts = relative(srcDir, path).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return parts[1]!;
  // lib/ is a shelf of independent helpers, not one room: each file is its own (the request context names
  // db's type while db throws lib's AppError, and neither file imports the other).
  if (parts[0] === 'lib' && parts.length === 2) return `src/lib/${parts[1]!.replace(/\.m?ts$/, '')}`;
  if (parts.length > 1) return `src/${parts[0]}`;
  if (COMPOSITION_ROOT.includes(parts[0]!)) return null;
  return `src/${parts[0]!.replace(/\.m?ts$/, '')}`;
}

function resolveRelative(fromFile: string, spec: string): string | null {
  const base = resolve(dirname(fromFile), spec.replace(/\.(js|mjs)$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.mts`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every edge between two different rooms of `srcDir` (one per pair, with its first file). */
export function roomEdges(srcDir: string): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of sourcesUnder(srcDir)) {
    const from = roomOf(srcDir, file);
    if (!from) continue;
    for (const spec of specifiersOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (!target || relative(srcDir, target).startsWith('..')) continue;
      const to = roomOf(srcDir, target);
      if (!to) continue;
      const key = `${from}\u0000${to}`;
      if (to !== from && !edges.has(key)) edges.set(key, { from, to, via: `${relative(srcDir, file)} → '${spec}'` });
    }
  }
  return [...edges.values()].sort((a, b) => (a.from + a.to).localeCompare(b.from + b.to));
}

/** Strongly connected components with more than one room (Tarjan), each sorted, largest first. */
export function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) strong(v);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** Pairs of rooms that import each other, as `a ⇄ b`. */
export function mutualPairs(edges: Edge[]): string[] {
  const has = new Set(edges.map((e) => `${e.from}\u0000${e.to}`));
  return edges.filter((e) => e.from < e.to && has.has(`${e.to}\u0000${e.from}`)).map((e) => `${e.from} ⇄ ${e.to}`);
}

/** One shortest path of edges from `from` back to itself inside a component, for the failure message. */
export function cyclePath(edges: Edge[], component: string[], start = component[0]!): Edge[] {
  const inside = new Set(component);
  const out = (v: string) => edges.filter((e) => e.from === v && inside.has(e.to));
  const previous = new Map<string, Edge>();
  const queue = out(start).map((e) => {
    previous.set(e.to, e);
    return e.to;
  });
  while (queue.length) {
    const v = queue.shift()!;
    if (v === start) break;
    for (const e of out(v)) {
      if (previous.has(e.to)) continue;
      previous.set(e.to, e);
      queue.push(e.to);
    }
  }
  const path: Edge[] = [];
  let at = start;
  do {
    const e = previous.get(at)!;
    path.unshift(e);
    at = e.from;
  } while (at !== start && path.length <= component.length);
  return path;
}
