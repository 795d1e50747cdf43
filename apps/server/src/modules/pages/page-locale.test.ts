import { describe, expect, it } from 'vitest';
import { pageLocale, renderAlternates, withLocale } from './page-locale';

describe('page locale', () => {
  it("takes the account's locale, else ?locale= (signed out), else Accept-Language, else en-US", () => {
    expect(pageLocale({ accountLocale: 'de', url: '/?locale=ja', acceptLanguage: 'fr' })).toBe('de');
    expect(pageLocale({ url: '/x/?a=1&locale=ja', acceptLanguage: 'fr' })).toBe('ja');
    expect(pageLocale({ url: '/x/?locale=%ZZ', acceptLanguage: 'fr-CA, en;q=0.2' })).toBe('fr');
    expect(pageLocale({ url: '/', acceptLanguage: 'ko' })).toBe('en-US');
  });

  it('sets lang and dir on <html>, right to left for such a language, keeping its other attributes', () => {
    expect(withLocale('<!doctype html>\n<html lang="en" data-x="1">\n<head>', 'ja')).toBe('<!doctype html>\n<html lang="ja" dir="ltr" data-x="1">\n<head>');
    expect(withLocale('<html><head>', 'ar')).toBe('<html lang="ar" dir="rtl"><head>');
  });

  it('names an alternate per supported locale and x-default, from the path alone', () => {
    const links = renderAlternates('https://pin.example', '/ada/?x="1"#top');
    expect(links).toContain('<link rel="alternate" hreflang="pt-BR" href="https://pin.example/ada/?locale=pt-BR">');
    expect(links).toContain('<link rel="alternate" hreflang="x-default" href="https://pin.example/ada/">');
    expect(links.match(/hreflang=/g)).toHaveLength(7);
  });
});
