import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('ids', () => {
  it('are decimal strings that sort by creation, with no repeats in a burst', () => {
    const ids = Array.from({ length: 10_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^\d+$/);
    const asBig = ids.map(BigInt);
    for (let i = 1; i < asBig.length; i++) expect(asBig[i]! > asBig[i - 1]!).toBe(true);
  });
});
