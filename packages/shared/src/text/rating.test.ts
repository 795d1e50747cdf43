import { describe, expect, it } from 'vitest';
import { RATING_BEST, RATING_WORST, isValidRatingSnippet } from './rating';

describe('isValidRatingSnippet', () => {
  it('has best 5 and worst 1', () => {
    expect(RATING_BEST).toBe(5);
    expect(RATING_WORST).toBe(1);
  });

  it('is valid with a numeric value and either count', () => {
    expect(isValidRatingSnippet({ ratingValue: 4.5, ratingCount: 12 })).toBe(true);
    expect(isValidRatingSnippet({ ratingValue: 4, reviewCount: 3 })).toBe(true);
    expect(isValidRatingSnippet({ ratingValue: '4.2', ratingCount: '7' })).toBe(true);
    expect(isValidRatingSnippet({ ratingValue: 0, ratingCount: null, reviewCount: 1 })).toBe(true);
  });

  it('is invalid without a count', () => {
    expect(isValidRatingSnippet({ ratingValue: 4.5 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: 4.5, ratingCount: null, reviewCount: undefined })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: 4.5, ratingCount: 0, reviewCount: 0 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: 4.5, ratingCount: 'many' })).toBe(false);
  });

  it('is invalid with a non-numeric value', () => {
    expect(isValidRatingSnippet({ ratingCount: 10 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: 'great', ratingCount: 10 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: '', ratingCount: 10 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: Number.NaN, ratingCount: 10 })).toBe(false);
    expect(isValidRatingSnippet({ ratingValue: null, reviewCount: 10 })).toBe(false);
  });

  it('is invalid without a rating', () => {
    expect(isValidRatingSnippet(null)).toBe(false);
    expect(isValidRatingSnippet(undefined)).toBe(false);
    expect(isValidRatingSnippet({})).toBe(false);
  });
});
