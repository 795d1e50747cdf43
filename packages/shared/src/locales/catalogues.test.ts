/**
 * The text catalogues (decision 042): every locale folder holds the en-US
 * files with exactly the en-US keys, each message parses as ICU
 * MessageFormat and uses the same arguments as its en-US message; en-US's
 * messages.json is the spec's MESSAGES verbatim.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { SUPPORTED_LOCALES } from '../constants/locales';
import { IDEA_SLUGS, TOPIC_SLUG_BY_ID } from '../constants/ideas';
import { MESSAGES } from '../constants/messages';

const DIR = __dirname;
const EN = 'en-US';
const read = (locale: string, file: string) => JSON.parse(readFileSync(join(DIR, locale, file), 'utf8')) as Record<string, unknown>;
const localeDirs = readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const parts = readdirSync(join(DIR, EN))
  .filter((f) => f.endsWith('.json'))
  .sort();

/** The argument names a compiled message uses, and whether any is a plural, select or other function. */
function argumentsOf(message: CompiledMessage, found = { names: new Set<string>(), formatted: false }) {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.names.add(name);
    if (type) found.formatted = true;
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
      for (const [key, value] of Object.entries(format)) if (key !== 'offset' && Array.isArray(value)) argumentsOf(value as CompiledMessage, found);
    }
  }
  return found;
}

function flatten(value: unknown, path = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof value === 'string') out[path] = value;
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) flatten(v, path ? `${path}.${k}` : k, out);
  return out;
}

describe('catalogues', () => {
  it('has the six parts in en-US', () => {
    expect(parts).toEqual(['messages.json', 'moreTexts.json', 'notificationTexts.json', 'ownerTexts.json', 'texts.json', 'topics.json']);
  });

  it('has no key in two parts: the web app loads every part into one table of messages (decision 087)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const part of parts) {
      for (const key of Object.keys(flatten(read(EN, part)))) {
        const other = seen.get(key);
        if (other) twice.push(`${key}: ${other} and ${part}`);
        else seen.set(key, part);
      }
    }
    expect(twice).toEqual([]);
  });

  it('topics.json names every topic of the seeded catalogue by slug, and nothing else', () => {
    const slugs = Object.values(TOPIC_SLUG_BY_ID);
    expect(Object.keys(read(EN, 'topics.json')).sort()).toEqual(slugs.map((slug) => `topicName.${slug}`).sort());
    for (const category of IDEA_SLUGS) expect(slugs).toContain(category);
  });

  it.each(localeDirs)('%s: has exactly the en-US files and keys, in messages that parse, with the en-US arguments', (locale) => {
    expect(
      readdirSync(join(DIR, locale))
        .filter((f) => f.endsWith('.json'))
        .sort(),
      `${locale}'s files`,
    ).toEqual(parts);
    for (const part of parts) {
      const english = read(EN, part);
      const own = read(locale, part);
      expect(Object.keys(own).sort(), `${locale}/${part} keys`).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(own)) {
        expect(typeof message, `${locale}/${part} ${key}`).toBe('string');
        let compiled: CompiledMessage;
        try {
          compiled = compileMessageOrThrow(message as string);
        } catch (error) {
          throw new Error(`${locale}/${part} ${key} does not parse: ${(error as Error).message}`, { cause: error });
        }
        const args = argumentsOf(compiled);
        const englishArgs = argumentsOf(compileMessageOrThrow(english[key] as string));
        expect([...args.names].sort(), `${locale}/${part} ${key} arguments`).toEqual([...englishArgs.names].sort());
        // MESSAGES are filled by `interpolate` ({name} only): no plural or select there (lib/i18n localMessages).
        if (part === 'messages.json') expect(args.formatted, `${locale}/${part} ${key} uses plain arguments only`).toBe(false);
      }
    }
  });

  it("en-US's messages.json is the spec's MESSAGES, verbatim and in order", () => {
    expect(read(EN, 'messages.json')).toEqual(flatten(MESSAGES));
    expect(Object.keys(read(EN, 'messages.json'))).toEqual(Object.keys(flatten(MESSAGES)));
  });
});

// Goes green once every translation is in (de, fr, es, pt-BR and ja are translated from en-US).
describe('supported locales', () => {
  it.each(SUPPORTED_LOCALES)('%s has a catalogue folder', (locale) => {
    expect(existsSync(join(DIR, locale)), `src/locales/${locale}/`).toBe(true);
  });
});
