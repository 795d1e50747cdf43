/**
 * Server-written texts in a person's language (decision 042): the first
 * HTML's title, description and Open Graph texts, and the mails.
 *
 * Read at start-up from the same kind of per-locale ICU catalogues as the web
 * app's: `apps/server/src/locales/<locale>/server.json` (the server's own
 * texts), and the shared catalogues' (`packages/shared/src/locales/`, which
 * the web app reads too) `topics.json` (the topics' names by slug),
 * `messages.json` (the spec's MESSAGES) and the `serverErrors.*` keys of
 * `moreTexts.json` (the English `message` of a keyed error), imported (so the server's build
 * bundles them), compiled with @lingui/message-utils
 * and formatted by @lingui/core. Each locale reads its own message of a key,
 * else en-US's.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, matchLocale, SUPPORTED_LOCALES, type Locale } from '@pinboard/shared/constants/locales';
import enUSServer from '../locales/en-US/server.json';
import enUSTopics from '@pinboard/shared/locales/en-US/topics.json';
import enUSMessages from '@pinboard/shared/locales/en-US/messages.json';
import enUSMoreTexts from '@pinboard/shared/locales/en-US/moreTexts.json';
import deServer from '../locales/de/server.json';
import deTopics from '@pinboard/shared/locales/de/topics.json';
import deMessages from '@pinboard/shared/locales/de/messages.json';
import deMoreTexts from '@pinboard/shared/locales/de/moreTexts.json';
import frServer from '../locales/fr/server.json';
import frTopics from '@pinboard/shared/locales/fr/topics.json';
import frMessages from '@pinboard/shared/locales/fr/messages.json';
import frMoreTexts from '@pinboard/shared/locales/fr/moreTexts.json';
import esServer from '../locales/es/server.json';
import esTopics from '@pinboard/shared/locales/es/topics.json';
import esMessages from '@pinboard/shared/locales/es/messages.json';
import esMoreTexts from '@pinboard/shared/locales/es/moreTexts.json';
import ptBRServer from '../locales/pt-BR/server.json';
import ptBRTopics from '@pinboard/shared/locales/pt-BR/topics.json';
import ptBRMessages from '@pinboard/shared/locales/pt-BR/messages.json';
import ptBRMoreTexts from '@pinboard/shared/locales/pt-BR/moreTexts.json';
import jaServer from '../locales/ja/server.json';
import jaTopics from '@pinboard/shared/locales/ja/topics.json';
import jaMessages from '@pinboard/shared/locales/ja/messages.json';
import jaMoreTexts from '@pinboard/shared/locales/ja/moreTexts.json';

/** Each locale's sources: bundled with the server (the build compiles it into one file), read once at start-up. */
const SOURCES: Readonly<Record<Locale, { server: object; topics: object; messages: object; moreTexts: object }>> = {
  'en-US': { server: enUSServer, topics: enUSTopics, messages: enUSMessages, moreTexts: enUSMoreTexts },
  de: { server: deServer, topics: deTopics, messages: deMessages, moreTexts: deMoreTexts },
  fr: { server: frServer, topics: frTopics, messages: frMessages, moreTexts: frMoreTexts },
  es: { server: esServer, topics: esTopics, messages: esMessages, moreTexts: esMoreTexts },
  'pt-BR': { server: ptBRServer, topics: ptBRTopics, messages: ptBRMessages, moreTexts: ptBRMoreTexts },
  ja: { server: jaServer, topics: jaTopics, messages: jaMessages, moreTexts: jaMoreTexts },
};

/** A locale's own source messages: its server.json, the web app's topics.json and `serverErrors.*` texts, and its messages.json under `messages.`. */
function sourceMessages(locale: Locale): Record<string, string> {
  const { server, topics, messages, moreTexts } = SOURCES[locale];
  const own: Record<string, string> = { ...(server as Record<string, string>), ...(topics as Record<string, string>) };
  // Of the web app's on-demand texts, only the error messages people see (`serverErrors.*`, the API's `message_key`)
  // and the notifications' sentences, which mails and push say too (`notifications.kind.*`, decision 086).
  for (const [key, message] of Object.entries(moreTexts as Record<string, string>)) {
    if (key.startsWith('serverErrors.') || key.startsWith('notifications.kind.')) own[key] = message;
  }
  // messages.json's keys are MESSAGES' paths; kept apart from the server's own keys by a prefix.
  for (const [key, message] of Object.entries(messages as Record<string, string>)) own[`messages.${key}`] = message;
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

/** Open Graph's `og:locale` (language_TERRITORY) of a supported locale. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = {
  'en-US': 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  es: 'es_ES',
  'pt-BR': 'pt_BR',
  ja: 'ja_JP',
};

/** The key of a `serverErrors.*` text without arguments, by its en-US text (an error thrown with a known text gets its key). */
const KEY_BY_ENGLISH = new Map<string, string>(
  Object.entries(sourceMessages(DEFAULT_LOCALE))
    .filter(([key, message]) => key.startsWith('serverErrors.') && !message.includes('{'))
    .map(([key, message]) => [message, key.slice('serverErrors.'.length)]),
);

export function serverErrorKeyOf(englishMessage: string): string | undefined {
  return KEY_BY_ENGLISH.get(englishMessage);
}

/** The `serverErrors.*` texts with one plain argument (a schema's bound, a field's name), as a pattern that finds its value. */
const ONE_ARGUMENT = Object.entries(sourceMessages(DEFAULT_LOCALE)).flatMap(([key, message]) => {
  const m = key.startsWith('serverErrors.') ? /^([^{}']*)\{(\w+)\}([^{}']*)$/.exec(message) : null;
  if (!m) return [];
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [{ key: key.slice('serverErrors.'.length), name: m[2]!, pattern: new RegExp(`^${literal(m[1]!)}(.+?)${literal(m[3]!)}$`) }];
});

/**
 * The key of a text written with one value in it (a schema's "at most 50
 * topics", an address in "emails: x is not a valid email address.", a
 * field's name), and that value, as written, as its argument.
 */
export function serverErrorKeyWithValue(englishMessage: string): { key: string; args: Record<string, string> } | undefined {
  for (const { key, name, pattern } of ONE_ARGUMENT) {
    const value = pattern.exec(englishMessage)?.[1];
    if (value !== undefined && serverT(DEFAULT_LOCALE, `serverErrors.${key}`, { [name]: value }) === englishMessage) return { key, args: { [name]: value } };
  }
  return undefined;
}
