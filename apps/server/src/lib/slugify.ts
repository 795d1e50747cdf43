import { trimRuns, trimTrailing } from '@pinboard/shared/text/trimRuns';

/** A board's URL segment from its name: lower case, words joined by hyphens, non-Latin letters kept. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-');
  return trimTrailing(trimRuns(slug, '-').slice(0, 60), '-') || 'board';
}
