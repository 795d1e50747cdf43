/**
 * The languages the product speaks (issue 14, decision 042): every UI text
 * comes from one catalogue per locale (packages/shared/src/locales/<locale>/).
 *
 * Which one a person gets: their account's `locale`, else the browser's
 * (`Accept-Language` for the first HTML, `navigator.languages` in the app),
 * else en-US. A signed-out address may name one with `?locale=<locale>` (the
 * hreflang alternates of the first HTML do).
 */
export const SUPPORTED_LOCALES = ['en-US', 'de', 'fr', 'es', 'pt-BR', 'ja'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** The query parameter that names a locale in an address (`/?locale=de`). */
export const LOCALE_QUERY_PARAM = 'locale';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

const languageOf = (tag: string) => tag.replace(/_/g, '-').split('-')[0]!.toLowerCase();

/**
 * The supported locale for a language tag, or null: an exact match first
 * (case-insensitive, '_' read as '-'), then by language alone, so 'de-AT' is
 * de, 'en-GB' and 'en' are en-US, 'pt-PT' is pt-BR, 'es-MX' is es, 'ja-JP' is ja.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!wanted || wanted === '*') return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = languageOf(wanted);
  return SUPPORTED_LOCALES.find((l) => languageOf(l) === language) ?? null;
}

/** The language tags of an Accept-Language header, most wanted first (q=0 left out). */
export function parseAcceptLanguage(header: string | string[] | null | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first supported locale among the browser's preferences, or null. */
export function negotiateLocale(preferences: readonly string[]): Locale | null {
  for (const tag of preferences) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return null;
}

export interface LocaleSources {
  /** The account's locale (users.locale), when signed in. */
  account?: string | null | undefined;
  /** A locale the address names (`?locale=`); honoured for signed-out visitors only. */
  query?: string | null | undefined;
  /** The browser's preferences, most wanted first. */
  browser?: readonly string[] | undefined;
}

/** The account's locale, else the address's (signed out), else the browser's, else en-US. */
export function chooseLocale({ account, query, browser = [] }: LocaleSources): Locale {
  if (account) return matchLocale(account) ?? negotiateLocale(browser) ?? DEFAULT_LOCALE;
  return matchLocale(query) ?? negotiateLocale(browser) ?? DEFAULT_LOCALE;
}

/** Languages written right to left (none is supported yet; the layout follows `dir` when one is). */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'ha', 'he', 'iw', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

export function isRtlLocale(locale: string): boolean {
  return RTL_LANGUAGES.has(languageOf(locale));
}

export function textDirection(locale: string): 'rtl' | 'ltr' {
  return isRtlLocale(locale) ? 'rtl' : 'ltr';
}

/**
 * Supported countries per language (docs/product/logged-out-and-business.md §9): en US GB CA
 * IN AU ID; es ES and Latin America (the spec does not give the full list:
 * ours is the Spanish-speaking countries of the Americas); pt BR; de DE AT
 * CH; fr FR; id ID; ja JP; it IT; sv SE.
 */
const SUPPORTED_COUNTRIES_BY_LANGUAGE: Readonly<Record<string, readonly string[]>> = {
  en: ['US', 'GB', 'CA', 'IN', 'AU', 'ID'],
  es: ['ES', 'MX', 'AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'GT', 'HN', 'NI', 'PA', 'PE', 'PR', 'PY', 'SV', 'UY', 'VE'],
  pt: ['BR'],
  de: ['DE', 'AT', 'CH'],
  fr: ['FR'],
  id: ['ID'],
  ja: ['JP'],
  it: ['IT'],
  sv: ['SE'],
};

/** The supported countries of a locale's language (docs/product/logged-out-and-business.md §9); empty for a language the list does not name. */
export function supportedCountriesOf(locale: string): readonly string[] {
  return SUPPORTED_COUNTRIES_BY_LANGUAGE[languageOf(locale)] ?? [];
}
