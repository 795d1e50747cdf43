/** Best and worst rating of a rating snippet (docs/product/logged-out-and-business.md §5). */
export const RATING_BEST = 5;
export const RATING_WORST = 1;

export interface RatingSnippet {
  readonly ratingValue?: number | string | null;
  readonly ratingCount?: number | string | null;
  readonly reviewCount?: number | string | null;
}

/** Finite number, or a non-blank string that reads as one ('4.5'). */
function toNumber(value: number | string | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * A rating snippet is valid only when a count exists (ratingCount or
 * reviewCount) and the value is numeric. Choice: a count "exists" when it is a
 * number (or numeric string) above 0; a count of 0 means there is nothing to
 * rate.
 */
export function isValidRatingSnippet(rating: RatingSnippet | null | undefined): boolean {
  if (!rating) return false;
  const ratingCount = toNumber(rating.ratingCount);
  const reviewCount = toNumber(rating.reviewCount);
  const hasCount = (ratingCount !== null && ratingCount > 0) || (reviewCount !== null && reviewCount > 0);
  return hasCount && toNumber(rating.ratingValue) !== null;
}
