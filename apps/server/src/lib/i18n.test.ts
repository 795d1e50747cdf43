/**
 * The server's catalogues (decision 042): every supported locale has a
 * server.json with exactly en-US's keys, in messages that parse and use
 * en-US's arguments; a key a locale lacks would read en-US.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { SUPPORTED_LOCALES } from '@pinboard/shared/constants/locales';
import { localeOf, serverT, topicNameIn } from './i18n';

const read = (locale: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../locales/${locale}/server.json`, import.meta.url)), 'utf8')) as Record<string, string>;

function names(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    found.add(name);
    if ((type === 'plural' || type === 'select') && format && typeof format === 'object') {
      for (const [key, value] of Object.entries(format)) if (key !== 'offset' && Array.isArray(value)) names(value as CompiledMessage, found);
    }
  }
  return found;
}

describe('server catalogues', () => {
  it('has a folder for every supported locale and no other', () => {
    const dir = fileURLToPath(new URL('../locales/', import.meta.url));
    expect(
      readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort(),
    ).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each(SUPPORTED_LOCALES.filter((l) => l !== 'en-US'))('%s: has en-US keys, in messages that parse, with en-US arguments', (locale) => {
    const english = read('en-US');
    const own = read(locale);
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    for (const [key, message] of Object.entries(own)) {
      expect([...names(compileMessageOrThrow(message))].sort(), `${locale} ${key}`).toEqual([...names(compileMessageOrThrow(english[key]!))].sort());
    }
  });

  it('reads a locale, falls back to en-US for an unknown one, and names topics by slug', () => {
    expect(serverT('de', 'page.today')).toBe('Heute');
    expect(serverT('xx', 'page.today')).toBe('Today');
    expect(serverT(null, 'page.today')).toBe('Today');
    expect(localeOf('ja-JP')).toBe('ja');
    expect(topicNameIn('ja', 'travel', 'Travel')).toBe('旅行');
    expect(topicNameIn('ja', 'not-a-topic', 'Own name')).toBe('Own name');
    expect(serverT('pt-BR', 'messages.emailVerification.title')).toBe('Verifique seu e-mail');
    expect(serverT('en-US', 'page.boardDescription', { count: 1234, owner: 'Ann' })).toBe('1234 Pins saved by Ann.');
  });
});
