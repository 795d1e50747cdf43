import { describe, expect, it, vi } from 'vitest';
import { ABORTED_MESSAGE, TypeaheadCache, isAbortError, type TypeaheadAnswer, type TypeaheadFetcher } from './typeaheadCache';
import { filteredSearchUrl, ownPinsSearchUrl, parseColor, parseFilter, parseScope, typedSearchUrl } from './searchUrl';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const answer = (label: string): TypeaheadAnswer => ({ items: [label], hint: label, suggestions: [{ label, kind: 'topic', url: `/search/pins/?q=${label}` }] });

describe('TypeaheadCache', () => {
  it('caches answers per scope and term', async () => {
    const fetcher = vi.fn<TypeaheadFetcher>(async (term, scope) => answer(`${scope}:${term}`));
    const cache = new TypeaheadCache(fetcher);

    expect(await cache.lookup('tea', 'pins')).toEqual(answer('pins:tea'));
    expect(await cache.lookup('tea', 'pins')).toEqual(answer('pins:tea'));
    expect(await cache.lookup(' TEA ', 'pins')).toEqual(answer('pins:tea'));
    expect(fetcher).toHaveBeenCalledTimes(1);

    expect(await cache.lookup('tea', 'boards')).toEqual(answer('boards:tea'));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cache.peek('tea', 'boards')).toEqual(answer('boards:tea'));
    expect(cache.peek('coffee', 'boards')).toBeUndefined();
  });

  it('sends no second request for a term and scope already in flight', async () => {
    const pending = deferred<TypeaheadAnswer>();
    const fetcher = vi.fn<TypeaheadFetcher>(() => pending.promise);
    const cache = new TypeaheadCache(fetcher);

    const first = cache.lookup('lamp', 'pins');
    const second = cache.lookup('lamp', 'pins');
    expect(cache.isInFlight('lamp', 'pins')).toBe(true);
    expect(fetcher).toHaveBeenCalledTimes(1);

    pending.resolve(answer('lamp'));
    expect(await first).toEqual(answer('lamp'));
    expect(await second).toEqual(answer('lamp'));
    expect(cache.isInFlight('lamp', 'pins')).toBe(false);
  });

  it('ignores an aborted call: null, not cached, and the next lookup asks again', async () => {
    const fetcher = vi
      .fn<TypeaheadFetcher>()
      .mockRejectedValueOnce(new Error(ABORTED_MESSAGE))
      .mockRejectedValueOnce(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }))
      .mockResolvedValueOnce(answer('rug'));
    const cache = new TypeaheadCache(fetcher);

    expect(await cache.lookup('rug', 'pins')).toBeNull();
    expect(await cache.lookup('rug', 'pins')).toBeNull();
    expect(cache.peek('rug', 'pins')).toBeUndefined();
    expect(await cache.lookup('rug', 'pins')).toEqual(answer('rug'));
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('treats a call whose signal was aborted as ignored, whatever the error', async () => {
    const controller = new AbortController();
    const cache = new TypeaheadCache(async () => {
      controller.abort();
      throw new TypeError('Failed to fetch');
    });
    expect(await cache.lookup('sofa', 'users', controller.signal)).toBeNull();
  });

  it('rethrows other errors and does not cache them', async () => {
    const fetcher = vi.fn<TypeaheadFetcher>().mockRejectedValueOnce(new Error('Server error')).mockResolvedValueOnce(answer('desk'));
    const cache = new TypeaheadCache(fetcher);
    await expect(cache.lookup('desk', 'pins')).rejects.toThrow('Server error');
    expect(await cache.lookup('desk', 'pins')).toEqual(answer('desk'));
  });

  it('answers an empty term without a request', async () => {
    const fetcher = vi.fn<TypeaheadFetcher>();
    const cache = new TypeaheadCache(fetcher);
    expect(await cache.lookup('   ', 'pins')).toEqual({ items: [], hint: null, suggestions: [] });
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new TypeaheadCache(async (term) => answer(term), { maxEntries: 2 });
    await cache.lookup('a', 'pins');
    await cache.lookup('b', 'pins');
    await cache.lookup('c', 'pins');
    expect(cache.peek('a', 'pins')).toBeUndefined();
    expect(cache.peek('c', 'pins')).toEqual(answer('c'));
  });

  it('knows abort errors', () => {
    expect(isAbortError(new Error(ABORTED_MESSAGE))).toBe(true);
    expect(isAbortError({ name: 'AbortError' })).toBe(true);
    expect(isAbortError(new Error('nope'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});

describe('search URLs', () => {
  it('goes to the bare search path for an empty query', () => {
    expect(typedSearchUrl('   ')).toBe('/search/');
    expect(ownPinsSearchUrl('')).toBe('/search/me/');
  });

  it('adds the query, the typed-source marker and the scope', () => {
    expect(typedSearchUrl(' blue tiles ', 'boards')).toBe('/search/?q=blue+tiles&rs=typed&scope=boards');
    expect(typedSearchUrl('a&b')).toBe('/search/?q=a%26b&rs=typed&scope=pins');
    expect(ownPinsSearchUrl('tea')).toBe('/search/me/?q=tea&rs=typed');
  });

  it('switches scope and keeps the query', () => {
    expect(parseScope('boards')).toBe('boards');
    expect(parseScope('my_pins')).toBe('pins');
    expect(parseScope(null)).toBe('pins');
  });
});

describe("Pinterest's search paths and filters", () => {
  it('reads the kind from the path, the Pin filter and colour from the parameters', () => {
    expect(parseFilter('/search/boards/', new URLSearchParams('q=tea'))).toBe('boards');
    expect(parseFilter('/search/users/', new URLSearchParams('q=tea&scope=videos'))).toBe('users');
    expect(parseFilter('/search/pins/', new URLSearchParams('q=tea&scope=videos'))).toBe('videos');
    expect(parseFilter('/search/pins/', new URLSearchParams('q=tea&scope=boards'))).toBe('pins');
    expect(parseFilter('/search/', new URLSearchParams('q=tea&scope=users'))).toBe('users');
    expect(parseColor('D02020')).toBe('#d02020');
    expect(parseColor('red')).toBeNull();
  });

  it('builds the address of a filter, with the colour for Pins only', () => {
    expect(filteredSearchUrl(' tea ', 'pins')).toBe('/search/pins/?q=tea');
    expect(filteredSearchUrl('tea', 'idea_pins', '#c02020')).toBe('/search/pins/?q=tea&scope=idea_pins&color=%23c02020');
    expect(filteredSearchUrl('tea', 'boards', '#c02020')).toBe('/search/boards/?q=tea');
  });
});
