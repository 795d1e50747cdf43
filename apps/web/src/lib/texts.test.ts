import { describe, expect, it } from 'vitest';
import { isTest, sourceFiles, type SourceFile } from '../test/sourceFiles';

/** The modules that define web texts (read as `import * as TEXTS from '…'`). */
const TEXT_MODULES = ['lib/texts.ts', 'lib/moreTexts.ts', 'lib/ownerTexts.ts'];

interface TextKey {
  module: string;
  /** `nav.logIn`, or `appName` for a text of its own. */
  name: string;
  group: string | null;
  key: string;
}

/** The keys a text module defines: its top-level constants and the keys of its groups (spreads are not keys). */
export function textKeys(file: SourceFile): TextKey[] {
  const keys: TextKey[] = [];
  let group: string | null = null;
  for (const line of file.text.split('\n')) {
    const opens = /^export const (\w+) = \{/.exec(line);
    if (opens) {
      group = opens[1]!;
      continue;
    }
    const single = /^export const (\w+) = (?!\{)/.exec(line);
    if (single) {
      group = null;
      keys.push({ module: file.path, name: single[1]!, group: null, key: single[1]! });
      continue;
    }
    if (/^\}/.test(line)) {
      group = null;
      continue;
    }
    const key = /^ {2}(\w+)\s*:/.exec(line);
    if (key && group) keys.push({ module: file.path, name: `${group}.${key[1]!}`, group, key: key[1]! });
  }
  return keys;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `sources` read the text: `TEXTS.group.key` (or `TEXTS.name`), the key
 * through a local alias of its group (`const T = TEXTS.emailVerification;
 * T.verifying`), or the group indexed by a value (`TEXTS.boardSort[sort]`),
 * which may read any of its keys.
 */
export function isRead(text: TextKey, sources: string): boolean {
  if (!text.group) return new RegExp(`\\bTEXTS\\.${escape(text.key)}\\b`).test(sources);
  const group = escape(text.group);
  if (new RegExp(`\\bTEXTS\\.${group}\\.${escape(text.key)}\\b`).test(sources)) return true;
  if (new RegExp(`\\bTEXTS\\.${group}\\[`).test(sources)) return true;
  const aliases = [...sources.matchAll(new RegExp(`\\bconst (\\w+) = TEXTS\\.${group};`, 'g'))].map((match) => match[1]!);
  return aliases.some((alias) => new RegExp(`\\b${escape(alias)}\\.${escape(text.key)}\\b`).test(sources));
}

describe('web texts', () => {
  const files = sourceFiles();
  const sources = files
    .filter((file) => !TEXT_MODULES.includes(file.path) && !isTest(file.path))
    .map((file) => file.text)
    .join('\n');
  const keys = files.filter((file) => TEXT_MODULES.includes(file.path)).flatMap(textKeys);

  it('finds the keys of every text module', () => {
    for (const module of TEXT_MODULES) expect(keys.some((text) => text.module === module), module).toBe(true);
    expect(keys.find((text) => text.name === 'nav.logIn')).toBeDefined();
  });

  it('has no key that no source reads', () => {
    const unused = keys.filter((text) => !isRead(text, sources)).map((text) => `${text.module}: ${text.name}`);
    expect(unused).toEqual([]);
  });
});

describe('isRead', () => {
  const key: TextKey = { module: 'lib/texts.ts', name: 'nav.logIn', group: 'nav', key: 'logIn' };
  it('sees a key read through TEXTS, an alias or an index, and nothing else', () => {
    expect(isRead(key, 'label={TEXTS.nav.logIn}')).toBe(true);
    expect(isRead(key, 'const N = TEXTS.nav;\n N.logIn')).toBe(true);
    expect(isRead(key, 'TEXTS.nav[which]')).toBe(true);
    expect(isRead(key, 'TEXTS.nav.logInLater MESSAGES.nav.logIn')).toBe(false);
    expect(isRead({ module: 'lib/texts.ts', name: 'appName', group: null, key: 'appName' }, 'TEXTS.appName')).toBe(true);
  });
});
