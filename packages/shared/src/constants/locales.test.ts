import { describe, expect, it } from 'vitest';
import {
  chooseLocale,
  isRtlLocale,
  matchLocale,
  negotiateLocale,
  parseAcceptLanguage,
  SUPPORTED_LOCALES,
  supportedCountriesOf,
  textDirection,
} from './locales';

describe('locales', () => {
  it('supports en-US, de, fr, es, pt-BR and ja', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en-US', 'de', 'fr', 'es', 'pt-BR', 'ja']);
  });

  it('matches a tag exactly, then by its language', () => {
    expect(matchLocale('ja')).toBe('ja');
    expect(matchLocale('ja-JP')).toBe('ja');
    expect(matchLocale('DE_at')).toBe('de');
    expect(matchLocale('en')).toBe('en-US');
    expect(matchLocale('en-GB')).toBe('en-US');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('es-419')).toBe('es');
    expect(matchLocale('ko')).toBeNull();
    expect(matchLocale('*')).toBeNull();
    expect(matchLocale('')).toBeNull();
    expect(matchLocale(undefined)).toBeNull();
  });

  it('reads Accept-Language by q-value, keeping the order of equals and leaving out q=0', () => {
    expect(parseAcceptLanguage('fr;q=0.5, ja-JP, ko;q=0.9, de;q=0')).toEqual(['ja-JP', 'ko', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(negotiateLocale(parseAcceptLanguage('ko, zh;q=0.9, fr;q=0.1'))).toBe('fr');
    expect(negotiateLocale(['ko'])).toBeNull();
  });

  it("chooses the account's locale, else the address's, else the browser's, else en-US", () => {
    expect(chooseLocale({ account: 'de', query: 'fr', browser: ['ja'] })).toBe('de');
    expect(chooseLocale({ account: null, query: 'fr', browser: ['ja'] })).toBe('fr');
    expect(chooseLocale({ query: 'xx', browser: ['ko', 'ja'] })).toBe('ja');
    expect(chooseLocale({ browser: ['ko'] })).toBe('en-US');
    expect(chooseLocale({})).toBe('en-US');
    // An account's unsupported locale falls back to the browser.
    expect(chooseLocale({ account: 'ko', browser: ['es'] })).toBe('es');
  });

  it('knows right-to-left languages', () => {
    expect(isRtlLocale('ar')).toBe(true);
    expect(isRtlLocale('he-IL')).toBe(true);
    expect(textDirection('fa')).toBe('rtl');
    for (const locale of SUPPORTED_LOCALES) expect(textDirection(locale)).toBe('ltr');
  });

  it('lists the supported countries of a language (docs/product/logged-out-and-business.md §9)', () => {
    expect(supportedCountriesOf('de')).toEqual(['DE', 'AT', 'CH']);
    expect(supportedCountriesOf('pt-BR')).toEqual(['BR']);
    expect(supportedCountriesOf('en-US')).toEqual(['US', 'GB', 'CA', 'IN', 'AU', 'ID']);
    expect(supportedCountriesOf('ja')).toEqual(['JP']);
    expect(supportedCountriesOf('es')).toContain('MX');
    expect(supportedCountriesOf('ko')).toEqual([]);
  });
});
