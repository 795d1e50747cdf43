/**
 * Server-written texts in a person's language (decision 042): the first
 * HTML's title, description and Open Graph texts, and the mails.
 *
 * Read at start-up from the same kind of per-locale ICU catalogues as the web
 * app's: `apps/server/src/locales/<locale>/server.json` (the server's own
 * texts), and the web app's `topics.json` (the topics' names by slug) and
 * `messages.json` (the spec's MESSAGES), compiled with @lingui/message-utils
 * and formatted by @lingui/core. Each locale reads its own message of a key,
 * else en-US's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, matchLocale, SUPPORTED_LOCALES, type Locale } from '@pinboard/shared/constants/locales';

const SERVER_DIR = fileURLToPath(new URL('../locales/', import.meta.url));
const WEB_DIR = fileURLToPath(new URL('../../../web/src/locales/', import.meta.url));
/** The web app's catalogue parts the server reads too. */
const WEB_PARTS = ['topics.json', 'messages.json'] as const;

function readJson(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/** A locale's own source messages: its server.json and the web parts the server reads. */
export function sourceMessages(locale: string): Record<string, string> {
  const own: Record<string, string> = { ...readJson(join(SERVER_DIR, locale, 'server.json')) };
  for (const part of WEB_PARTS) {
    const messages = readJson(join(WEB_DIR, locale, part));
    // messages.json's keys are MESSAGES' paths; kept apart from the server's own keys by a prefix.
    for (const [key, message] of Object.entries(messages)) own[part === 'messages.json' ? `messages.${key}` : key] = message;
  }
  return own;
}

function compile(messages: Record<string, string>, file: string): Messages {
  const compiled: Messages = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`${file}: ${key} is not valid ICU MessageFormat: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

function build(): Map<Locale, I18n> {
  const english = compile(sourceMessages(DEFAULT_LOCALE), DEFAULT_LOCALE);
  const all = new Map<Locale, I18n>();
  for (const locale of SUPPORTED_LOCALES) {
    const own = locale === DEFAULT_LOCALE ? {} : compile(sourceMessages(locale), locale);
    all.set(locale, setupI18n({ locale, messages: { [locale]: { ...english, ...own } } }));
  }
  return all;
}

const catalogues = build();

/** The supported locale a stored or requested tag names (users.locale, a page's locale), else en-US. */
export function localeOf(tag: string | null | undefined): Locale {
  return matchLocale(tag) ?? DEFAULT_LOCALE;
}

/** The text of a key in a locale (en-US where the locale has none), its ICU arguments filled. */
export function serverT(locale: string | null | undefined, id: string, values?: Record<string, unknown>): string {
  return catalogues.get(localeOf(locale))!._(id, values);
}

/** Whether en-US has a key (the others fall back to it). */
export function hasText(id: string): boolean {
  return id in catalogues.get(DEFAULT_LOCALE)!.messages;
}

/** A topic's name in a locale by its slug, else the name it came with. */
export function topicNameIn(locale: string | null | undefined, slug: string, fallback: string): string {
  const key = `topicName.${slug}`;
  return hasText(key) ? serverT(locale, key) : fallback;
}

/** A name inside a sentence: lower-cased where the locale lower-cases common nouns (as the web app's lowerName). */
export function lowerNameIn(locale: string | null | undefined, name: string): string {
  const l = localeOf(locale);
  return l === 'de' || l === 'ja' ? name : name.toLocaleLowerCase(l);
}

/** The locales with a server catalogue folder (a test checks each has en-US's keys). */
export function serverCatalogueLocales(): string[] {
  return readdirSync(SERVER_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
}

/** Open Graph's `og:locale` (language_TERRITORY) of a supported locale. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = {
  'en-US': 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  'pt-BR': 'pt_BR',
  ja: 'ja_JP',
};
