/**
 * The search field's typeahead calls (docs/product/logged-out-and-business.md §7, §8):
 * answers are cached per scope and term; a request for a term and scope that
 * is still in flight is not sent again (the caller shares the first one's
 * answer); an aborted call ('Resource call aborted') is ignored: it resolves
 * to null and is not cached; other errors are rethrown.
 */

import type { ResourceOutput } from '@pinboard/shared/contract';

export type TypeaheadScope = 'pins' | 'boards' | 'users' | 'my_pins';

/** The typeahead's answer: texts, a hint, and each text's kind and address (decision 057). */
export type TypeaheadAnswer = ResourceOutput<'SearchTypeaheadResource', 'get'>;

/** The answer's suggestions, each with its address. */
export function suggestionsOf(answer: TypeaheadAnswer): { label: string; url: string | null }[] {
  return answer.suggestions;
}

export type TypeaheadFetcher = (term: string, scope: TypeaheadScope, signal: AbortSignal | undefined) => Promise<TypeaheadAnswer>;

/** The spec's message for an aborted resource call. */
export const ABORTED_MESSAGE = 'Resource call aborted';

const EMPTY_ANSWER: TypeaheadAnswer = Object.freeze({ items: [], hint: null, suggestions: [] });

export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'AbortError' || message === ABORTED_MESSAGE;
}

/** Terms that differ only in case or surrounding spaces are the same lookup. */
function typeaheadKey(term: string, scope: TypeaheadScope): string {
  return `${scope}\u0000${term.trim().toLowerCase()}`;
}

export interface TypeaheadCacheOptions {
  /** Most answers kept; the oldest go first. */
  maxEntries?: number;
}

export class TypeaheadCache {
  private readonly answers = new Map<string, TypeaheadAnswer>();
  private readonly inFlight = new Map<string, Promise<TypeaheadAnswer | null>>();
  private readonly maxEntries: number;

  constructor(
    private readonly fetcher: TypeaheadFetcher,
    { maxEntries = 200 }: TypeaheadCacheOptions = {},
  ) {
    this.maxEntries = maxEntries;
  }

  /** The cached answer, without asking the server. */
  peek(term: string, scope: TypeaheadScope): TypeaheadAnswer | undefined {
    if (term.trim() === '') return EMPTY_ANSWER;
    return this.answers.get(typeaheadKey(term, scope));
  }

  /** Whether a request for this term and scope is under way. */
  isInFlight(term: string, scope: TypeaheadScope): boolean {
    return this.inFlight.has(typeaheadKey(term, scope));
  }

  /**
   * The answer for a term: from the cache, from the request already in
   * flight, or from a new request. Null when the request was aborted.
   */
  lookup(term: string, scope: TypeaheadScope, signal?: AbortSignal): Promise<TypeaheadAnswer | null> {
    const trimmed = term.trim();
    if (trimmed === '') return Promise.resolve(EMPTY_ANSWER);
    const key = typeaheadKey(trimmed, scope);
    const cached = this.answers.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = this.inFlight.get(key);
    if (pending) return pending;

    const request = (async () => {
      try {
        const answer = await this.fetcher(trimmed, scope, signal);
        this.remember(key, answer);
        return answer;
      } catch (error) {
        if (isAbortError(error) || signal?.aborted) return null;
        throw error;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, request);
    return request;
  }

  clear(): void {
    this.answers.clear();
  }

  private remember(key: string, answer: TypeaheadAnswer) {
    this.answers.delete(key);
    this.answers.set(key, answer);
    while (this.answers.size > this.maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
  }
}
