/**
 * Country names in the page's language. Its own module, not lib/i18n.ts: the
 * English list it falls back to is for the pages that list countries (loaded
 * on demand), not for every first paint.
 */
import { countryName as englishCountryName } from '@pinboard/shared/constants/countries';
import { DEFAULT_LOCALE } from '@pinboard/shared/constants/locales';
import { getLocale } from './i18n';

/** A country's name in the active locale (Intl), its English name in en-US or where Intl has none. */
export function countryName(code: string, locale: string = getLocale()): string {
  if (locale !== DEFAULT_LOCALE) {
    try {
      const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase());
      if (name && name !== code.toUpperCase()) return name;
    } catch {
      // An engine without region names, or not a region code.
    }
  }
  return englishCountryName(code);
}
