import { describe, expect, it } from 'vitest';
import { newCsrfToken, newToken, pooledRandomBytes } from './tokens';

describe('tokens', () => {
  it('hands out every byte of the pool once, across refills', () => {
    // More than a few pools' worth: no token repeats, each is the length asked.
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const t = newToken();
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
      seen.add(t);
    }
    expect(seen.size).toBe(3000);
    const csrf = new Set(Array.from({ length: 1000 }, newCsrfToken));
    expect(csrf.size).toBe(1000);
    for (const t of csrf) expect(Buffer.from(t, 'base64url')).toHaveLength(24);
  });

  it('never gives two callers overlapping bytes', () => {
    const a = pooledRandomBytes(100);
    const b = pooledRandomBytes(100);
    const bBefore = Buffer.from(b);
    // Slices of one pool, side by side: writing all of one leaves the other as it was.
    a.fill(0);
    expect(b.equals(bBefore)).toBe(true);
    expect(pooledRandomBytes(9000)).toHaveLength(9000);
  });
});
