/**
 * The active locale and its texts (decision 042).
 *
 * Texts live in catalogues, one folder per locale under
 * packages/shared/src/locales/ (the server reads some of them too) with one
 * flat JSON file of ICU MessageFormat messages per part: texts.json
 * (lib/texts.ts, first paint), moreTexts.json (lib/allTexts.ts, on demand),
 * ownerTexts.json (lib/ownerTexts.ts), notificationTexts.json
 * (lib/notificationTexts.ts), each read as TEXTS by key (textsOf,
 * decision 071), and messages.json (the spec's MESSAGES,
 * packages/shared). They are compiled at build time (catalogues.plugin.ts) and
 * formatted by @lingui/core.
 *
 * The locale is chosen before the first render: the one the server put on
 * <html lang> (the account's, else the address's `?locale=`, else the
 * browser's Accept-Language), else the browser's languages, else en-US. This
 * module waits (top-level await) for that locale's first-paint catalogue, so
 * nothing renders in English first. en-US is bundled with the code that reads
 * it; another locale's part is loaded with it. A locale with no catalogue (or
 * a part or key missing from one) reads en-US.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { chooseLocale, DEFAULT_LOCALE, LOCALE_QUERY_PARAM, matchLocale, textDirection, type Locale } from '@pinboard/shared/constants/locales';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import { formatShortNumber } from '@pinboard/shared/text/numbers';
import { interpolate } from '@pinboard/shared/text/interpolate';
import { TOPIC_SLUG_BY_ID } from '@pinboard/shared/constants/ideas';
import enTexts from '@pinboard/shared/locales/en-US/texts.json';
import enTopics from '@pinboard/shared/locales/en-US/topics.json';

export type CataloguePart = 'texts' | 'moreTexts' | 'ownerTexts' | 'notificationTexts' | 'messages' | 'topics';
type Catalogue = { default: Messages };

/** Every locale's catalogues (packages/shared/src/locales, which the server reads too) but en-US's (bundled with the modules that read them), each loaded on demand. */
const CATALOGUES = import.meta.glob<Catalogue>(['./*/*.json', '!./en-US/*.json'], { base: '../../../../packages/shared/src/locales' });

const i18n = setupI18n();
let active: Locale = DEFAULT_LOCALE;

/** The locale the page starts in: <html lang> as the server set it, else `?locale=`, else the browser's, else en-US. */
export function initialLocale(env: { htmlLang?: string | null; search?: string; languages?: readonly string[] } = browserEnv()): Locale {
  return matchLocale(env.htmlLang) ?? chooseLocale({ query: new URLSearchParams(env.search ?? '').get(LOCALE_QUERY_PARAM), browser: env.languages ?? [] });
}

function browserEnv() {
  if (typeof document === 'undefined') return {};
  return {
    htmlLang: document.documentElement.getAttribute('lang'),
    search: window.location.search,
    languages: typeof navigator === 'undefined' ? [] : navigator.languages,
  };
}

/** Whether a locale has a catalogue part of its own (en-US always has). */
export function hasCatalogue(locale: string, part: CataloguePart): boolean {
  return locale === DEFAULT_LOCALE || `./${locale}/${part}.json` in CATALOGUES;
}

/** A locale's own messages of a part, or null when it has none (it then reads en-US). */
export async function loadCatalogue(locale: string, part: CataloguePart): Promise<Messages | null> {
  const load = CATALOGUES[`./${locale}/${part}.json`];
  if (!load) return null;
  try {
    return (await load()).default;
  } catch {
    // A chunk that failed to load (offline, a new deploy): en-US rather than no page.
    return null;
  }
}

/**
 * Makes a part's texts readable by `t`: its en-US messages, and over them the
 * active locale's own (a key a translation lacks stays en-US).
 */
export async function addCatalogue(part: CataloguePart, english: object): Promise<void> {
  i18n.load(active, { ...(english as Messages) });
  if (active === DEFAULT_LOCALE) return;
  const own = await loadCatalogue(active, part);
  if (own) i18n.load(active, own);
}

/**
 * The texts of catalogue parts as the tree of their dotted keys (decision
 * 071): `nav.home` is `tree.nav.home`, a string, or a function of the ICU
 * arguments when its message has any (`tree.pin.imageBy({ name })`). Read
 * once, in the active locale, when the module that reads a part loads (after
 * that part's catalogue); frozen. `T` is the generated type of the parts
 * (lib/texts.generated.ts).
 */
export function textsOf<T>(...parts: object[]): T {
  const tree: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, message] of Object.entries(part as Record<string, unknown>)) {
      const path = key.split('.');
      const leaf = path.pop()!;
      let group = tree;
      for (const step of path) group = (group[step] ??= {}) as Record<string, unknown>;
      const hasArguments = Array.isArray(message) && message.some((token) => typeof token !== 'string');
      group[leaf] = hasArguments ? (values: Record<string, unknown>) => i18n._(key, values) : i18n._(key);
    }
  }
  return deepFreeze(tree) as T;
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') deepFreeze(child as object);
  return Object.freeze(value);
}

/** Whether a key is in the loaded catalogues (en-US's or the locale's). */
export function hasText(id: string): boolean {
  return id in i18n.messages;
}

/** The text of a key of the active locale's catalogues, its ICU arguments filled. */
export function t(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

export function getLocale(): Locale {
  return active;
}

/**
 * A count (followers, following, monthly views, Pins, saves, comments …) as
 * the locale shows it: 万 and 億 in ja, zh and ko, the spec's k, m and b
 * elsewhere (packages/shared/src/text/numbers.ts).
 */
export function formatCount(n: number, locale: string = active): string {
  return formatShortNumber(n, locale);
}

/**
 * The name of a topic of the seeded catalogue (an idea category or a
 * sub-topic) in the active locale, by its slug (or, for an API object that
 * carries only its id, by id): `topics.json`. A topic the catalogue does not
 * know keeps the name it came with.
 */
export function topicName(topic: { slug?: string | null; id?: string | null; name?: string | null }): string {
  const slug = topic.slug ?? (topic.id ? TOPIC_SLUG_BY_ID[topic.id] : undefined);
  const key = `topicName.${slug ?? ''}`;
  return slug && key in (i18n.messages as object) ? i18n._(key) : (topic.name ?? slug ?? '');
}

/** Locales whose nouns keep their capital inside a sentence (German), or that have no case (Japanese). */
const KEEPS_CASE = new Set(['de', 'ja']);

/** A name as it reads inside a sentence: lower-cased where the locale lower-cases common nouns ("Discover home decor ideas"). */
export function lowerName(name: string, locale: string = active): string {
  return KEEPS_CASE.has(locale) ? name : name.toLocaleLowerCase(locale);
}

/** A whole number in full, grouped as the locale groups digits. */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat(active).format(n);
}

/** A date (ISO string, Date or epoch ms) in the locale's words and order. */
export function formatDate(date: string | number | Date, options: Intl.DateTimeFormatOptions, locale: string = active): string {
  return new Intl.DateTimeFormat(locale, options).format(new Date(date));
}

/** A compiled messages.json message as MESSAGES writes it: `{argument}` where an argument goes (its call sites fill them with `interpolate`). */
function plainText(message: Messages[string]): string {
  const tokens = Array.isArray(message) ? message : [message];
  return tokens.map((token) => (typeof token === 'string' ? token : `{${String((token as unknown[])[0])}}`)).join('');
}

/**
 * The spec's MESSAGES (packages/shared, en-US) in a locale: a new object of
 * the same shape whose texts are the locale's messages.json ones (a key it
 * lacks stays en-US), frozen. The shared object is not changed:
 * lib/messages.ts exports the page's copy.
 */
export function localMessages<T extends object>(english: T, compiled: Messages | null = ownMessages): T {
  const copy = (value: unknown, path: string): unknown => {
    if (typeof value === 'string') return compiled && path in compiled ? plainText(compiled[path]!) : value;
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copy(child, path ? `${path}.${key}` : key)]));
  };
  return deepFreeze(copy(english, '') as T);
}

/** An en-US text of MESSAGES, as a pattern that finds the values of its `{arguments}`, and the locale's text. */
interface SpokenText {
  pattern: RegExp;
  names: string[];
  own: string;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each en-US text of MESSAGES that the locale says otherwise, by that text (a text with arguments by its pattern). */
export function spokenTexts(english: object, compiled: Messages | null): { exact: Map<string, string>; patterns: SpokenText[] } {
  const exact = new Map<string, string>();
  const patterns: SpokenText[] = [];
  const walk = (value: unknown, path: string) => {
    if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, path ? `${path}.${key}` : key);
    if (typeof value !== 'string' || !compiled || !(path in compiled)) return;
    const own = plainText(compiled[path]!);
    if (own === value) return;
    const names = [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.length === 0) exact.set(value, own);
    else
      patterns.push({
        pattern: new RegExp(
          `^${value
            .split(/\{\w+\}/)
            .map(literal)
            .join('(.+?)')}$`,
        ),
        names,
        own,
      });
  };
  walk(english, '');
  return { exact, patterns };
}

/** The active locale's messages.json (null in en-US, or when it has none). */
let ownMessages: Messages | null = null;
let spoken: ReturnType<typeof spokenTexts> = { exact: new Map(), patterns: [] };

/**
 * One of the spec's MESSAGES in the page's language when it came in en-US:
 * a server's `message` (the server answers in en-US, decision 042), or a
 * shared schema's check (its texts are the shared en-US MESSAGES), its
 * values kept: the same check's text reads the same in a form whether the
 * app or the server made it. Any other text is returned as it is.
 */
export function localServerText(message: string, texts: ReturnType<typeof spokenTexts> = spoken): string {
  const own = texts.exact.get(message);
  if (own !== undefined) return own;
  for (const { pattern, names, own: text } of texts.patterns) {
    const values = pattern.exec(message);
    if (values) return interpolate(text, Object.fromEntries(names.map((name, i) => [name, values[i + 1]!])));
  }
  return message;
}

async function start(): Promise<void> {
  active = initialLocale();
  i18n.load(active, { ...(enTexts as unknown as Messages), ...(enTopics as unknown as Messages) });
  if (active !== DEFAULT_LOCALE) {
    // The topics' names are on the first paint too (the side navigation's idea categories).
    const [texts, topics, messages] = await Promise.all([loadCatalogue(active, 'texts'), loadCatalogue(active, 'topics'), loadCatalogue(active, 'messages')]);
    if (texts) i18n.load(active, texts);
    if (topics) i18n.load(active, topics);
    ownMessages = messages;
    spoken = spokenTexts(MESSAGES, messages);
  }
  i18n.activate(active);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = active;
    document.documentElement.dir = textDirection(active);
  }
}

await start();
