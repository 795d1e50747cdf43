import { describe, expect, it } from 'vitest';
import { formatMonthlyViews, formatShortNumber, isCjkLocale } from './numbers';

describe('formatShortNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1001, '1k'],
    [1099, '1k'],
    [1100, '1.1k'],
    [1500, '1.5k'],
    [1999, '1.9k'],
    [12_345, '12.3k'],
    [100_000, '100k'],
    [999_999, '999.9k'],
    [1_000_000, '1m'],
    [1_050_000, '1m'],
    [1_250_000, '1.2m'],
    [999_999_999, '999.9m'],
    [1_000_000_000, '1b'],
    [2_345_678_901, '2.3b'],
    [1_000_000_000_000, '1000b'],
  ])('%d → %s', (n, expected) => {
    expect(formatShortNumber(n)).toBe(expected);
    expect(formatShortNumber(n, 'en-US')).toBe(expected);
  });

  it('never shows 1000k or 1000m at a unit boundary', () => {
    for (const n of [999_999, 999_950, 999_999_999, 999_950_000]) {
      expect(formatShortNumber(n)).not.toMatch(/^1000[km]$/);
    }
  });

  it('uses k/m/b for non-CJK locales', () => {
    expect(formatShortNumber(12_345, 'de')).toBe('12.3k');
    expect(formatShortNumber(12_345, 'fr-FR')).toBe('12.3k');
    expect(formatShortNumber(12_345, 'kok')).toBe('12.3k');
  });

  it('handles negative, fractional and non-finite values', () => {
    expect(formatShortNumber(-1500)).toBe('-1.5k');
    expect(formatShortNumber(-12)).toBe('-12');
    expect(formatShortNumber(1500.9)).toBe('1.5k');
    expect(formatShortNumber(999.9)).toBe('999');
    expect(formatShortNumber(Number.NaN)).toBe('NaN');
    expect(formatShortNumber(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  describe('CJK locales', () => {
    it.each([
      [999, '999'],
      [9999, '9999'],
      [10_000, '1万'],
      [12_345, '1.2万'],
      [15_000, '1.5万'],
      [99_999_999, '9999.9万'],
      [100_000_000, '1億'],
      [123_456_789, '1.2億'],
      [1_000_000_000_000, '10000億'],
    ])('%d → %s', (n, expected) => {
      expect(formatShortNumber(n, 'ja')).toBe(expected);
    });

    it('applies to every ja, zh and ko locale', () => {
      for (const locale of ['ja', 'ja-JP', 'zh', 'zh-CN', 'zh-TW', 'zh_Hant', 'ko', 'ko-KR', 'JA-jp']) {
        expect(formatShortNumber(12_345, locale)).toBe('1.2万');
      }
    });
  });
});

describe('isCjkLocale', () => {
  it('matches the language subtag', () => {
    expect(isCjkLocale('ja')).toBe(true);
    expect(isCjkLocale('zh-Hans-CN')).toBe(true);
    expect(isCjkLocale('ko_KR')).toBe(true);
    expect(isCjkLocale('en-US')).toBe(false);
    expect(isCjkLocale('kok')).toBe(false);
    expect(isCjkLocale('jav')).toBe(false);
    expect(isCjkLocale('')).toBe(false);
  });
});

describe('formatMonthlyViews', () => {
  it('is hidden for -1', () => {
    expect(formatMonthlyViews(-1)).toBeNull();
    expect(formatMonthlyViews(-5)).toBeNull();
    expect(formatMonthlyViews(Number.NaN)).toBeNull();
  });

  it('caps at 10m+', () => {
    expect(formatMonthlyViews(10_000_000)).toBe('10m+ monthly views');
    expect(formatMonthlyViews(250_000_000)).toBe('10m+ monthly views');
  });

  it('uses the shortform below the cap', () => {
    expect(formatMonthlyViews(0)).toBe('0 monthly views');
    expect(formatMonthlyViews(999)).toBe('999 monthly views');
    expect(formatMonthlyViews(1500)).toBe('1.5k monthly views');
    expect(formatMonthlyViews(9_999_999)).toBe('9.9m monthly views');
  });
});
