import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance, NEAR_DISTANCE, phashChunkProbes, phashToBigint, pictureHashes } from './picture-hashes';
import { makeTestImage } from './test-images';

describe('hammingDistance', () => {
  it('counts the bits two hashes differ in, the sign bit too', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 0b1011n)).toBe(3);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(phashToBigint('1'.padEnd(64, '0')), 0n)).toBe(1);
  });
});

describe('phashToBigint', () => {
  it('reads 64 bits as a signed bigint, as PostgreSQL stores it', () => {
    expect(phashToBigint('0'.repeat(64))).toBe(0n);
    expect(phashToBigint('1'.repeat(64))).toBe(-1n);
    expect(phashToBigint('0'.repeat(63) + '1')).toBe(1n);
    expect(() => phashToBigint('012')).toThrow();
  });
});

describe('phashChunkProbes', () => {
  it('finds every hash within 7 bits in some chunk (the pigeonhole rule), and the probes miss at 8 spread over all chunks', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 500; n++) {
      const hash = BigInt.asIntN(64, (BigInt(random()) << 33n) ^ (BigInt(random()) << 2n) ^ BigInt(random() & 3));
      const flips = new Set<number>();
      const distance = 1 + (n % NEAR_DISTANCE);
      while (flips.size < distance) flips.add(random() % 64);
      let near = BigInt.asUintN(64, hash);
      for (const bit of flips) near ^= 1n << BigInt(bit);
      const probes = phashChunkProbes(hash);
      const chunksOfNear = [48n, 32n, 16n, 0n].map((s) => String((near >> s) & 0xffffn));
      expect(hammingDistance(hash, BigInt.asIntN(64, near))).toBe(distance);
      expect(chunksOfNear.some((c, i) => probes[i]!.includes(c))).toBe(true);
    }
    // Two bits in each chunk: 8 apart, and no probe finds it.
    const far = 0b11n | (0b11n << 16n) | (0b11n << 32n) | (0b11n << 48n);
    const probes = phashChunkProbes(0n);
    expect([48n, 32n, 16n, 0n].map((s) => String((far >> s) & 0xffffn)).some((c, i) => probes[i]!.includes(c))).toBe(false);
  });
});

describe('pictureHashes', () => {
  it('gives a resized, re-encoded copy a near perceptual hash, another picture a far one', async () => {
    const original = await makeTestImage({ width: 640, height: 480, format: 'png', seed: 11 });
    const copy = await sharp(original).resize(320).jpeg({ quality: 70 }).toBuffer();
    const other = await makeTestImage({ width: 640, height: 480, format: 'png', seed: 40 });
    const [a, b, c] = await Promise.all([original, copy, other].map(pictureHashes));
    expect(a!.contentSha256.equals(b!.contentSha256)).toBe(false);
    expect(hammingDistance(BigInt(a!.phash!), BigInt(b!.phash!))).toBeLessThanOrEqual(NEAR_DISTANCE);
    expect(hammingDistance(BigInt(a!.phash!), BigInt(c!.phash!))).toBeGreaterThan(NEAR_DISTANCE);
    expect((await pictureHashes(original)).contentSha256.equals(a!.contentSha256)).toBe(true);
  });
});
