import { describe, expect, it } from 'vitest';
import { ELLIPSIS, codePointLength, truncate, truncateCampaignName, truncateDescription, truncateTitle } from './truncate';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('codePointLength', () => {
  it('counts emoji as one character', () => {
    expect(codePointLength('abc')).toBe(3);
    expect(codePointLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
  });
});

describe('truncate', () => {
  it('keeps text up to the limit', () => {
    expect(truncate('a'.repeat(80))).toBe('a'.repeat(80));
    expect(truncate('short')).toBe('short');
    expect(truncate('')).toBe('');
  });

  it('cuts at 80 by default, ellipsis included', () => {
    const result = truncate('a'.repeat(81));
    expect(result).toBe(`${'a'.repeat(79)}${ELLIPSIS}`);
    expect(codePointLength(result)).toBe(80);
  });

  it('takes a custom limit', () => {
    expect(truncate('Hello world', 6)).toBe('Hello…');
    expect(truncate('Hello world', 7)).toBe('Hello…');
    expect(truncate('abc', 1)).toBe('…');
    expect(truncate('abc', 0)).toBe('');
  });

  it('never splits an emoji', () => {
    const result = truncate('😀'.repeat(100), 10);
    expect(result).toBe(`${'😀'.repeat(9)}…`);
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('is stable when applied twice', () => {
    const once = truncate(words(50));
    expect(truncate(once)).toBe(once);
  });
});

describe('truncateTitle', () => {
  it('trims then cuts at 200 characters without ellipsis', () => {
    expect(truncateTitle('  My title  ')).toBe('My title');
    expect(truncateTitle(` ${'t'.repeat(250)} `)).toBe('t'.repeat(200));
    expect(truncateTitle('t'.repeat(200))).toBe('t'.repeat(200));
  });

  it('counts code points', () => {
    expect(truncateTitle('🎉'.repeat(201))).toBe('🎉'.repeat(200));
  });
});

describe('truncateDescription', () => {
  it('keeps descriptions of 496 characters or less', () => {
    const text = 'd'.repeat(496);
    expect(truncateDescription(text)).toBe(text);
  });

  it('cuts at a word boundary and adds an ellipsis', () => {
    const text = words(100);
    const result = truncateDescription(text);
    expect(result.endsWith(ELLIPSIS)).toBe(true);
    expect(codePointLength(result)).toBeLessThanOrEqual(496);
    const kept = result.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    expect(text[kept.length]).toBe(' ');
    expect(kept.endsWith(' ')).toBe(false);
  });

  it('keeps a word that ends exactly at the cut', () => {
    // 495 characters of words, then a space: the whole prefix fits.
    const prefix = `${'a'.repeat(245)} ${'b'.repeat(249)}`;
    expect(prefix.length).toBe(495);
    expect(truncateDescription(`${prefix} tail`)).toBe(`${prefix}…`);
  });

  it('cuts a single over-long word hard', () => {
    expect(truncateDescription('x'.repeat(600))).toBe(`${'x'.repeat(495)}…`);
  });

  it('takes a custom limit', () => {
    expect(truncateDescription('The quick brown fox jumps', 12)).toBe('The quick…');
    expect(truncateDescription('The quick brown fox jumps', 10)).toBe('The quick…');
    expect(truncateDescription('The quick brown fox jumps', 9)).toBe('The…');
  });

  it('never splits an emoji', () => {
    expect(truncateDescription('😀'.repeat(500))).toBe(`${'😀'.repeat(495)}…`);
  });
});

describe('truncateCampaignName', () => {
  it('keeps names shorter than 64 characters', () => {
    expect(truncateCampaignName('Spring sale')).toBe('Spring sale');
    expect(truncateCampaignName('c'.repeat(63))).toBe('c'.repeat(63));
  });

  it('cuts names of 64 or more to 62 characters plus an ellipsis', () => {
    expect(truncateCampaignName('c'.repeat(64))).toBe(`${'c'.repeat(62)}…`);
    expect(truncateCampaignName('c'.repeat(200))).toBe(`${'c'.repeat(62)}…`);
  });

  it('counts code points', () => {
    expect(truncateCampaignName('🚀'.repeat(64))).toBe(`${'🚀'.repeat(62)}…`);
    expect(truncateCampaignName('🚀'.repeat(63))).toBe('🚀'.repeat(63));
  });
});
