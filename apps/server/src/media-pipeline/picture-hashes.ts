/**
 * What tells one picture from another (decision 095): the SHA-256 of its
 * original bytes (the same file), and a 64-bit perceptual hash (the same
 * picture resized, re-encoded or lightly retouched) from sharp-phash: a DCT of
 * the picture shrunk to 32×32 greys, one bit per low frequency above their mean.
 * Near copies are those within NEAR_DISTANCE bits (Hamming distance).
 */
import { createHash } from 'node:crypto';
import phash from 'sharp-phash';

/** Two perceptual hashes this many bits apart or fewer are the same picture. */
export const NEAR_DISTANCE = 7;

/** The hash is looked up by four 16-bit chunks (decision 095): the shifts of chunks 0–3, highest first. */
export const PHASH_CHUNK_SHIFTS = [48, 32, 16, 0] as const;

export interface PictureHashes {
  /** SHA-256 of the bytes as they came. */
  contentSha256: Buffer;
  /** The perceptual hash as PostgreSQL's signed bigint, in decimal (how bigints travel); null when it could not be read. */
  phash: string | null;
}

/** A 64-character string of 0s and 1s (sharp-phash's answer) as a signed 64-bit integer. */
export function phashToBigint(bits: string): bigint {
  if (!/^[01]{64}$/.test(bits)) throw new Error('a perceptual hash is 64 bits');
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** The number of bits two 64-bit hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x !== 0n) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/**
 * For each chunk, the values a hash within NEAR_DISTANCE may have there: the
 * chunk's own and its 16 one-bit neighbours. By the pigeonhole principle a
 * hash at most 7 bits away differs in at most one bit of some chunk (four
 * chunks with two or more would be eight), so it has one of these values there.
 */
export function phashChunkProbes(hash: bigint): string[][] {
  return PHASH_CHUNK_SHIFTS.map((shift) => {
    const chunk = Number((BigInt.asUintN(64, hash) >> BigInt(shift)) & 0xffffn);
    return [chunk, ...Array.from({ length: 16 }, (_, bit) => chunk ^ (1 << bit))].map(String);
  });
}

/** SHA-256 of the bytes. */
export const contentSha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The perceptual hash as a decimal bigint; null for what sharp cannot read as one picture. */
export async function perceptualHash(bytes: Buffer): Promise<string | null> {
  const bits = await phash(bytes).catch(() => null);
  return bits ? phashToBigint(bits).toString() : null;
}

/** The picture's hashes; the perceptual one is null for what sharp cannot read as one picture. */
export async function pictureHashes(bytes: Buffer): Promise<PictureHashes> {
  return { contentSha256: contentSha256Of(bytes), phash: await perceptualHash(bytes) };
}
