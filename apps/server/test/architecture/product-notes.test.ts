/**
 * The product notes (`docs/product/*.md`) are the product description the code
 * implements, and comments cite them by section: `docs/product/profiles-and-boards.md §5`,
 * or `§1.2` for item 2 of the numbered list under heading 1; more sections of
 * the same note follow the first (`§4, §6`, `§5 and §9`, `§4–§6`). Every file
 * under apps/, packages/, e2e/ and scripts/ is read, and this fails when:
 * - a cited note is not in docs/product/, or a cited section has no heading
 *   with that number (`## 5. …`; for §N.M, a heading `N.M` or item `M.` under heading N);
 * - a `§` belongs to no such citation (a bare `§4` names no file; RFCs are not ours);
 * - a note is named some other way (`profiles-and-boards §5`, `API contract §3`,
 *   a path outside the repository), so the old forms cannot come back.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url).pathname;
const NOTES_DIR = join(root, 'docs/product');
const SCANNED = ['apps', 'packages', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.artifacts', 'test-results', 'playwright-report', 'results']);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|sql|css|html|md|ya?ml|sh)$/;
const SELF = relative(root, new URL(import.meta.url).pathname);

/** A citation: the note's path, then its sections, joined by `, `, ` and `, ` or ` or a dash. */
const CITATION = /docs\/product\/([\w/-]+\.md)((?:(?:,? (?:and |or )?|[–-])§\d+(?:\.\d+)?)*)/g;
const SECTION = /§(\d+(?:\.\d+)?)/g;
/** Section signs that cite someone else's document. */
const FOREIGN = /\bRFC \d+ §[\d.]*\d/g;
/** Other ways of naming a note, which the citation form replaces. */
const OTHER_FORMS: { name: string; pattern: RegExp }[] = [
  {
    name: 'names a product note without its path (write docs/product/<note>.md)',
    pattern: /(?<![\w/])(?:profiles-and-boards|logged-out-and-business|api-contract)\b/,
  },
  { name: 'names the API contract in words (write docs/product/api-contract.md)', pattern: /\b(?:API )?contract §/i },
  { name: 'cites a document outside the repository', pattern: /(?:\/work\/|\.\.\/)shared\/(?:spec|design)\b/ },
];

export interface Note {
  /** The section numbers of its headings ('5', '1.2', …) and of the numbered items under them ('1.2' for item 2 under heading 1). */
  sections: Set<string>;
}

/** The sections of a note's text: `## 5. Title` gives '5'; `1. item` under it gives '5.1'; `### 5.1 Title` gives '5.1'. */
export function sectionsOf(text: string): Set<string> {
  const sections = new Set<string>();
  let heading: string | null = null;
  for (const line of text.split('\n')) {
    const h = /^#{1,6} (\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (h) {
      heading = h[1]!;
      sections.add(heading);
      continue;
    }
    if (/^#{1,6} /.test(line)) continue;
    const item = /^(\d+)\. /.exec(line);
    if (item && heading && !heading.includes('.')) sections.add(`${heading}.${item[1]}`);
  }
  return sections;
}

function readNotes(dir: string, prefix = ''): Map<string, Note> {
  const notes = new Map<string, Note>();
  if (!existsSync(dir)) return notes;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) for (const [name, note] of readNotes(join(dir, e.name), `${prefix}${e.name}/`)) notes.set(name, note);
    else if (e.name.endsWith('.md')) notes.set(prefix + e.name, { sections: sectionsOf(readFileSync(join(dir, e.name), 'utf8')) });
  }
  return notes;
}

function scannedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : scannedFiles(join(dir, e.name));
    return TEXT_FILE.test(e.name) && !e.name.endsWith('.generated.ts') ? [join(dir, e.name)] : [];
  });
}

/** Each citation that does not resolve and each other way of naming a note, as `file:line: problem: text`. */
export function citationProblems(files: { path: string; text: string }[], notes: Map<string, Note>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    text.split('\n').forEach((line, i) => {
      const at = (problem: string) => found.push(`${path}:${i + 1}: ${problem}: ${line.trim()}`);
      for (const m of line.matchAll(CITATION)) {
        const note = notes.get(m[1]!);
        if (!note) {
          at(`docs/product/${m[1]} does not exist`);
          continue;
        }
        for (const s of m[2]!.matchAll(SECTION)) if (!note.sections.has(s[1]!)) at(`docs/product/${m[1]} has no section ${s[1]}`);
      }
      const rest = line.replace(CITATION, ' ').replace(FOREIGN, ' ');
      if (rest.includes('§')) at('a § that names no product note (write docs/product/<note>.md §N)');
      for (const f of OTHER_FORMS) if (f.pattern.test(rest)) at(f.name);
    });
  }
  return found;
}

describe('citations of the product notes', () => {
  const notes = readNotes(NOTES_DIR);

  it('resolve to a note in docs/product and a section it has', () => {
    const files = SCANNED.flatMap((dir) => scannedFiles(join(root, dir)))
      .map((path) => relative(root, path))
      .filter((path) => path !== SELF)
      .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
    expect(files.length).toBeGreaterThan(500);
    const cited = files.reduce((n, f) => n + [...f.text.matchAll(CITATION)].length, 0);
    expect(cited).toBeGreaterThan(200);
    expect(citationProblems(files, notes)).toEqual([]);
  });

  it('reads the numbered headings of the notes', () => {
    expect([...notes.keys()].sort()).toEqual(['api-contract.md', 'logged-out-and-business.md', 'profiles-and-boards.md']);
    for (const note of notes.values()) for (const n of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) expect(note.sections).toContain(n);
    expect(notes.get('api-contract.md')!.sections).toContain('1.2');
    expect(notes.get('api-contract.md')!.sections).not.toContain('10');
  });

  it('tells a good citation from a broken one and from the other forms', () => {
    const sample = (text: string) => citationProblems([{ path: 'x.ts', text }], notes).map((p) => p.split(': ')[1]);
    expect(sample('/** Rules (docs/product/profiles-and-boards.md §4, §6; docs/product/api-contract.md §1.2). */')).toEqual([]);
    expect(sample('// docs/product/logged-out-and-business.md §4–§6 and docs/product/profiles-and-boards.md §5 and §9')).toEqual([]);
    expect(sample('// docs/product/profiles-and-boards.md §10')).toEqual(['docs/product/profiles-and-boards.md has no section 10']);
    expect(sample('// docs/product/api-contract.md §1.7')).toEqual(['docs/product/api-contract.md has no section 1.7']);
    expect(sample('// docs/product/ui.md §2')).toEqual(['docs/product/ui.md does not exist']);
    expect(sample('// the order of §4')).toEqual(['a § that names no product note (write docs/product/<note>.md §N)']);
    expect(sample('// profiles-and-boards')).toEqual(['names a product note without its path (write docs/product/<note>.md)']);
    expect(sample('// see /work/shared/design/ui.md')).toEqual(['cites a document outside the repository']);
    expect(sample('// never passed on (RFC 9110 §7.6.1)')).toEqual([]);
  });
});
