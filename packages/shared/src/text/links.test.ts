import { describe, expect, it } from 'vitest';
import { isExternalLinkSafe, isValidLink, isWebAddress, linkKey, normalizeLink } from './links';

describe('isValidLink', () => {
  it('allows the empty link', () => {
    expect(isValidLink('')).toBe(true);
  });

  it.each([
    'example.com',
    'www.example.com/recipes?id=1#top',
    'http://example.com',
    'https://example.com/',
    'HTTPS://Example.com/path',
    'example.com:8080/path',
    'sub.example.co.uk?x=1',
    'example.com#frag',
    '192.168.0.1',
  ])('accepts %s', (link) => {
    expect(isValidLink(link)).toBe(true);
  });

  it.each([
    'example',
    'localhost:3000',
    'http://',
    'https://localhost/',
    'ftp://example.com',
    'javascript:alert(1)',
    "javascript:alert('a.b')",
    'exa mple.com',
    'example.com/a b',
    ' example.com',
    'example.com\t',
    '//example.com',
    'example/path.html',
    '.com',
    'example..com',
    'http://http://example.com',
    '   ',
  ])('rejects %j', (link) => {
    expect(isValidLink(link)).toBe(false);
  });
});

describe('normalizeLink', () => {
  it('prefixes https:// when there is no scheme', () => {
    expect(normalizeLink('example.com')).toBe('https://example.com');
    expect(normalizeLink('example.com:8080/a')).toBe('https://example.com:8080/a');
    expect(normalizeLink('//example.com/a')).toBe('https://example.com/a');
  });

  it('keeps an existing scheme', () => {
    expect(normalizeLink('http://example.com')).toBe('http://example.com');
    expect(normalizeLink('https://example.com/x')).toBe('https://example.com/x');
    expect(normalizeLink('HTTP://example.com')).toBe('HTTP://example.com');
  });

  it('trims and keeps empty links empty', () => {
    expect(normalizeLink('  example.com  ')).toBe('https://example.com');
    expect(normalizeLink('')).toBe('');
    expect(normalizeLink('   ')).toBe('');
  });
});

describe('isExternalLinkSafe', () => {
  it.each(['https://example.com', 'http://example.com/path?q=1', 'https://sub.example.co.uk:8443/', 'HTTPS://EXAMPLE.COM'])('accepts %s', (url) => {
    expect(isExternalLinkSafe(url)).toBe(true);
  });

  it.each([
    '',
    'example.com',
    '//example.com',
    '/relative/path',
    'javascript:alert(1)',
    'data:text/html,hi',
    'mailto:jane@example.com',
    'ftp://example.com',
    'http://localhost:3000',
    'https://',
    'https://exa mple.com',
    ' https://example.com',
    'https://.com',
  ])('rejects %j', (url) => {
    expect(isExternalLinkSafe(url)).toBe(false);
  });
});

describe('isWebAddress (the Pin builder)', () => {
  it.each([
    'http://localhost:3000/x',
    'localhost:3000/x',
    'http://127.0.0.1/page',
    'http://[::1]:8080/',
    'http://intranet/wiki',
    'example.com/recipe',
    'https://example.com',
  ])('takes %s as a web address', (link) => expect(isWebAddress(link)).toBe(true));

  it.each(['', '   ', 'not a link', 'intranet', 'javascript:alert(1)', 'ftp://example.com/file', 'mailto:a@example.com', 'http://', 'http://exa mple.com'])(
    'refuses %j',
    (link) => expect(isWebAddress(link)).toBe(false),
  );
});

describe('linkKey (decision 095)', () => {
  const base = 'example.com/recipes/soup';
  it.each([
    ['the scheme', 'http://example.com/recipes/soup', 'https://example.com/recipes/soup'],
    ['no scheme at all', 'example.com/recipes/soup', 'https://example.com/recipes/soup'],
    ['www.', 'https://www.example.com/recipes/soup', 'https://example.com/recipes/soup'],
    ['a trailing slash', 'https://example.com/recipes/soup/', 'https://example.com/recipes/soup'],
    ['utm_* parameters', 'https://example.com/recipes/soup?utm_source=news&UTM_Medium=mail', 'https://example.com/recipes/soup'],
    ['fbclid', 'https://example.com/recipes/soup?fbclid=IwAR0abc', 'https://example.com/recipes/soup'],
    ['gclid', 'https://example.com/recipes/soup?gclid=Cj0KCQ', 'https://example.com/recipes/soup'],
    ['the fragment', 'https://example.com/recipes/soup#step-3', 'https://example.com/recipes/soup'],
    ["the host's case and a default port", 'HTTPS://EXAMPLE.com:443/recipes/soup', 'https://example.com/recipes/soup'],
  ])('does not count %s', (_rule, a, b) => {
    expect(linkKey(a)).toBe(base);
    expect(linkKey(b)).toBe(base);
  });

  it('keeps the parameters that name the page, in sorted order', () => {
    expect(linkKey('https://example.com/p?id=2&utm_campaign=x&lang=en')).toBe('example.com/p?id=2&lang=en');
    expect(linkKey('https://example.com/p?lang=en&id=2')).toBe('example.com/p?id=2&lang=en');
    expect(linkKey('https://example.com/p?id=2')).not.toBe(linkKey('https://example.com/p?id=3'));
  });

  it('keeps what tells pages apart: the path, its case, another host, another port', () => {
    expect(linkKey('https://example.com/a')).not.toBe(linkKey('https://example.com/b'));
    expect(linkKey('https://example.com/A')).not.toBe(linkKey('https://example.com/a'));
    expect(linkKey('https://shop.example.com/a')).not.toBe(linkKey('https://example.com/a'));
    expect(linkKey('https://example.com:8080/a')).toBe('example.com:8080/a');
  });

  it('has no key for an empty link or one that is not a web address', () => {
    expect(linkKey('')).toBeNull();
    expect(linkKey('   ')).toBeNull();
    expect(linkKey('mailto:a@example.com')).toBeNull();
    expect(linkKey('javascript:alert(1)')).toBeNull();
  });
});
