import { describe, expect, it } from 'vitest';
import { pageKindOf } from './entry';
import { clientKindOf, decodeTwice, entryChannelOf, inviteCodeOf, isMobileUserAgent, referrerKindOf, withNicMarker } from './entryChannels';

describe('page kinds', () => {
  it('classifies every app path into the spec page kinds', () => {
    const cases: [string, string][] = [
      ['/', 'home'],
      ['/homefeed/', 'home'],
      ['/pin/123/', 'pin'],
      ['/pin/create/x/', 'other'],
      ['/login/', 'login'],
      ['/signup/', 'login'],
      ['/ideas/', 'ideas-root'],
      ['/ideas/art/', 'ideas'],
      ['/videos/', 'videos'],
      ['/videos/cooking/', 'videos-category'],
      ['/today/', 'today'],
      ['/today/best/slug/1/', 'article'],
      ['/shopping/', 'shopping-root'],
      ['/shopping/spotlight/', 'shopping-spotlight'],
      ['/shopping/shoes/', 'shopping-category'],
      ['/unauth-profile/', 'unauth-profile'],
      ['/ada/', 'profile'],
      ['/ada/trips/', 'board'],
      ['/ada/trips/rome/', 'board'],
      ['/search/', 'other'],
      ['/settings/', 'other'],
      ['/admin/entry/', 'other'],
    ];
    for (const [path, kind] of cases) expect(pageKindOf(path), path).toBe(kind);
  });
});

describe('entry channels', () => {
  const ch = (query: string, referrer = '') => entryChannelOf(new URLSearchParams(query), referrerKindOf(referrer, 'pins.example'));
  it('decides paid, invite, email, fb, facebook, twitter, SEO in that order', () => {
    expect(ch('utm_pai=1&invite_code=x')).toBe('paid');
    for (const key of ['invite_code', 'invite', 'board_invite_code', 'sender']) expect(ch(`${key}=abc&utm_source=email`), key).toBe('invite');
    expect(ch('utm_source=email')).toBe('email');
    expect(ch('utm_source=31')).toBe('email');
    expect(ch('utm_source=fb')).toBe('fb');
    expect(ch('', 'https://m.facebook.com/story')).toBe('facebook');
    expect(ch('', 'https://t.co/abc')).toBe('twitter');
    expect(ch('', 'https://twitter.com/x')).toBe('twitter');
    expect(ch('', 'https://pins.example/ada/')).toBe('direct');
    expect(ch('')).toBe('direct');
    expect(ch('', 'https://blog.example.org/')).toBe('other');
  });
  it('recognises the eight search referrers', () => {
    const engines: [string, string][] = [
      ['https://www.google.de/', 'google'],
      ['https://www.bing.com/search', 'bing'],
      ['https://search.yahoo.co.jp/', 'yahoo'],
      ['https://yandex.ru/', 'yandex'],
      ['https://search.rakuten.co.jp/', 'rakuten'],
      ['https://search.naver.com/', 'naver'],
      ['https://duckduckgo.com/', 'duckduckgo'],
      ['https://www-example-com.cdn.ampproject.org/c/', 'amp'],
    ];
    for (const [url, engine] of engines) {
      expect(referrerKindOf(url, 'pins.example'), url).toBe(engine);
      expect(ch('', url), url).toBe('seo');
    }
    expect(referrerKindOf('not a url', 'pins.example')).toBe('other');
  });
  it('finds the invite code among the four keys', () => {
    expect(inviteCodeOf(new URLSearchParams('sender=s1'))).toBe('s1');
    expect(inviteCodeOf(new URLSearchParams('q=1'))).toBeNull();
  });
});

describe('nic_v4 marker', () => {
  it('goes on Pin links without invite parameters: 1a on the web, 1b on mobile web', () => {
    expect(withNicMarker('https://pins.example/pin/1/', false)).toBe('https://pins.example/pin/1/?nic_v4=1a');
    expect(withNicMarker('/pin/1/?a=b#top', true)).toBe('/pin/1/?a=b&nic_v4=1b#top');
    expect(withNicMarker('/pin/1/?invite_code=x', false)).toBe('/pin/1/?invite_code=x');
    expect(withNicMarker('/pin/1/?sender=x', false)).toBe('/pin/1/?sender=x');
    expect(withNicMarker('/pin/1/?nic_v4=1b', false)).toBe('/pin/1/?nic_v4=1b');
  });
});

describe('clients', () => {
  it('tells crawlers, link-preview fetchers and people apart', () => {
    expect(clientKindOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot');
    expect(clientKindOf('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe('bot');
    expect(clientKindOf('facebookexternalhit/1.1')).toBe('social_bot');
    expect(clientKindOf('Twitterbot/1.0')).toBe('social_bot');
    expect(clientKindOf('Slackbot-LinkExpanding 1.0')).toBe('social_bot');
    expect(clientKindOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36')).toBe('human');
    expect(clientKindOf(undefined)).toBe('human');
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
  });
});

describe('decodeTwice', () => {
  it('reads values encoded twice and refuses single encoding and broken escapes', () => {
    expect(decodeTwice(encodeURIComponent(encodeURIComponent('a b%c/é')))).toBe('a b%c/é');
    expect(decodeTwice('plaincode123')).toBe('plaincode123');
    for (const bad of [encodeURIComponent('a b'), 'a b', '%', '%25', '%25zz', '%E0%A4%A', '%25E0%25A4%25A', '%zz']) expect(decodeTwice(bad), bad).toBeNull();
  });
  it('takes linear time on long hostile input', () => {
    const long = '%2525'.repeat(20_000);
    expect(decodeTwice(long)).toBe('%'.repeat(20_000));
  });
});
