import { describe, expect, it } from 'vitest';
import { newId } from './ids';
import { decodeCursor, encodeCursor, pageOf } from './cursor';

describe('ids', () => {
  it('are decimal strings that sort by creation, with no repeats in a burst', () => {
    const ids = Array.from({ length: 10_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^\d+$/);
    const asBig = ids.map(BigInt);
    for (let i = 1; i < asBig.length; i++) expect(asBig[i]! > asBig[i - 1]!).toBe(true);
  });
});

describe('cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeCursor(encodeCursor(['123']), 1)).toEqual(['123']);
    expect(decodeCursor(undefined, 1)).toBeNull();
    expect(() => decodeCursor('garbage', 1)).toThrow(/bookmark/);
    expect(() => decodeCursor(encodeCursor(['1', '2']), 1)).toThrow(/bookmark/);
  });

  it('give a bookmark only when there is a next page', () => {
    expect(pageOf([1, 2, 3], 2, (n) => [n])).toEqual({ items: [1, 2], bookmark: encodeCursor([2]) });
    expect(pageOf([1, 2], 2, (n) => [n])).toEqual({ items: [1, 2], bookmark: null });
  });
});
