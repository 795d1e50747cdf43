import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles } from '../test/sourceFiles';
import { PARTS, textTypes } from '../../textTypes';

/**
 * Keys that code reads by a key the data carries (`t(`serverErrors.${key}`)`,
 * decision 042): their own tests hold them to the data.
 */
const BY_DATA = ['serverErrors.', 'partnerBadge.', 'business.actions.', 'notifications.kind.'];

const CATALOGUES = new URL('../../../../packages/shared/src/locales/en-US/', import.meta.url);

/** The en-US keys of the parts code reads through TEXTS. */
function catalogueKeys(): string[] {
  return Object.keys(PARTS).flatMap((part) => Object.keys(JSON.parse(readFileSync(new URL(`${part}.json`, CATALOGUES), 'utf8')) as object));
}

interface Reference {
  /** The dotted path read: `nav.home`, or `boardSort` for the group itself. */
  path: string;
  /** Whether the group is read as a whole (indexed, listed, cast): then it reads each of its keys. */
  whole: boolean;
}

/**
 * What a source file reads of TEXTS: `TEXTS.nav.home`, a group through a
 * local alias (`const T = TEXTS.emailVerification; T.verifying`), and a
 * group as a whole (`TEXTS.boardSort[sort]`, `Object.entries(TEXTS.social.reasons)`,
 * `(T.decisions as …)[d]`).
 */
export function references(source: string): Reference[] {
  const roots = new Map([['TEXTS', '']]);
  // Aliases, and aliases of aliases (`const T = TEXTS.moderation; const c = T.columns;`).
  for (let size = 0; size !== roots.size;) {
    size = roots.size;
    for (const m of source.matchAll(/\bconst (\w+) = (\w+)((?:\.\w+)+);/g)) {
      const base = roots.get(m[2]!);
      if (base !== undefined && !roots.has(m[1]!)) roots.set(m[1]!, [base, m[3]!.slice(1)].filter(Boolean).join('.'));
    }
  }
  const found: Reference[] = [];
  for (const [root, prefix] of roots) {
    for (const m of source.matchAll(new RegExp(`(?<![\\w.$])${root}((?:\\.\\w+)*)(\\s*;|[^\\w.]|$)`, 'g'))) {
      if (m[1] === '' && root === 'TEXTS') continue;
      const before = source.slice(Math.max(0, m.index - 20), m.index);
      if (root !== 'TEXTS' && /\b(?:const|let|function|import)\s+$/.test(before)) continue;
      if (/\bconst \w+ = $/.test(before) && m[2]!.trim() === ';') continue;
      const path = [prefix, m[1]!.slice(1)].filter(Boolean).join('.');
      if (path) found.push({ path, whole: !/^\s*\(/.test(m[2]!) });
    }
  }
  return found;
}

/** Whether a reference reads the key: the key itself (or a string method of it), or its group as a whole. */
export function reads(reference: Reference, key: string): boolean {
  if (reference.path === key || reference.path.startsWith(`${key}.`)) return true;
  return reference.whole && key.startsWith(`${reference.path}.`) && isGroup(reference.path);
}

let groups: Set<string> | null = null;
function isGroup(path: string): boolean {
  groups ??= new Set(
    catalogueKeys().flatMap((key) =>
      key
        .split('.')
        .slice(0, -1)
        .map((_, i, steps) => steps.slice(0, i + 1).join('.')),
    ),
  );
  return groups.has(path);
}

describe('web texts', () => {
  it('are typed from the catalogues: a text with a plural is a function of a number (npm run texts, on install and before typecheck)', () => {
    const types = textTypes();
    expect(types).toMatch(/\bsections: \(values: \{ n: number \}\) => string;/);
    expect(types).toMatch(/\binterface FirstPaintTexts\b/);
  });

  it('has no key that no source reads', () => {
    const refs = sourceFiles()
      .filter((file) => !isTest(file.path) && file.path !== 'lib/texts.generated.ts')
      .flatMap((file) => references(file.text));
    const unused = catalogueKeys().filter((key) => !BY_DATA.some((prefix) => key.startsWith(prefix)) && !refs.some((ref) => reads(ref, key)));
    expect(unused).toEqual([]);
  });
});

describe('references', () => {
  const readsKey = (source: string, key: string) => references(source).some((ref) => reads(ref, key));
  it('sees a key read through TEXTS, an alias or a whole group, and nothing else', () => {
    expect(readsKey('label={TEXTS.nav.logIn}', 'nav.logIn')).toBe(true);
    expect(readsKey('const N = TEXTS.nav;\n N.logIn', 'nav.logIn')).toBe(true);
    expect(readsKey('const T = TEXTS.moderation;\nconst c = T.columns;\n c.law', 'moderation.columns.law')).toBe(true);
    expect(readsKey('TEXTS.nav[which]', 'nav.logIn')).toBe(true);
    expect(readsKey('Object.entries(TEXTS.social.reasons)', 'social.reasons.spam.label')).toBe(true);
    expect(readsKey('TEXTS.pin.imageBy({ name })', 'pin.imageBy')).toBe(true);
    expect(readsKey('TEXTS.appName', 'appName')).toBe(true);
    expect(readsKey('TEXTS.nav.logInLater MESSAGES.nav.logIn', 'nav.logIn')).toBe(false);
    expect(readsKey('const N = TEXTS.nav;', 'nav.logIn')).toBe(false);
    expect(readsKey('TEXTS.pin.imageBy({ name })', 'pin.send')).toBe(false);
  });
});
