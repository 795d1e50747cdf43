import { describe, expect, it } from 'vitest';
import { decodeEntities } from './html-entities';

describe('decodeEntities', () => {
  it.each([
    ['plain text', 'plain text'],
    ['Fish &amp; Chips', 'Fish & Chips'],
    ['&lt;b&gt;', '<b>'],
    ['&quot;quoted&quot; &apos;single&apos;', `"quoted" 'single'`],
    ['It&#39;s', "It's"],
    ['It&#x27;s &#X27;', "It's '"],
    ['Caf&eacute; cr&egrave;me br&ucirc;l&eacute;e', 'Café crème brûlée'],
    ['&copy; 2024 &mdash; All rights reserved&hellip;', '© 2024 — All rights reserved…'],
    ['&ldquo;Hi&rdquo; &lsquo;there&rsquo;', '“Hi” ‘there’'],
    ['a&nbsp;b', 'a\u00a0b'],
    ['&euro;10 &pound;5 &yen;3', '€10 £5 ¥3'],
    ['&#128512;', '😀'],
    ['&#x1F600;', '😀'],
    ['&#150;', '–'], // Windows-1252 en dash
    ['&#0;', '\ufffd'],
    ['&#xD800;', '\ufffd'],
    ['&#x110000;', '\ufffd'],
    ['&unknownentity; stays', '&unknownentity; stays'],
    ['AT&T', 'AT&T'],
    ['a & b', 'a & b'],
    ['&amp;amp;', '&amp;'],
    ['Tom &amp Jerry', 'Tom & Jerry'],
  ])('%j → %j', (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });

  it.each([
    ['/img.jpg?a=1&amp;b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?a=1&b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?a=1&copy=2', '/img.jpg?a=1&copy=2'],
    ['/img.jpg?a=1&amp=2', '/img.jpg?a=1&amp=2'],
    ['/img.jpg?a=1&#38;b=2', '/img.jpg?a=1&b=2'],
    ['/img.jpg?x=&lt;', '/img.jpg?x=<'],
  ])('in an attribute: %j → %j', (input, expected) => {
    expect(decodeEntities(input, true)).toBe(expected);
  });
});
