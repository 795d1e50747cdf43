import { describe, expect, it } from 'vitest';
import { HotMediaCache } from './hot-media-cache';

const object = (n: number) => ({ data: Buffer.alloc(n), contentType: 'image/jpeg' });

describe('the hot media cache', () => {
  it('keeps the most recently used objects within its byte budget', () => {
    const cache = new HotMediaCache(300);
    cache.set('a', object(100));
    cache.set('b', object(100));
    cache.set('c', object(100));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('d', object(100));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size).toEqual({ objects: 3, bytes: 300 });
  });

  it('never holds an object larger than its per-object limit', () => {
    const cache = new HotMediaCache(10_000, 1000);
    cache.set('big', object(1001));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
  });

  it('forgets a deleted object', () => {
    const cache = new HotMediaCache(1000);
    cache.set('x', object(10));
    cache.delete('x');
    expect(cache.get('x')).toBeUndefined();
    expect(cache.size).toEqual({ objects: 0, bytes: 0 });
  });
});
