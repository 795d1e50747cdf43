/** Secrets handed out in links and cookies: made random, stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a token (sessions, email verification links, board invite links). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Random bytes from the system's generator, drawn 8 KB at a time and handed out in slices, each slice once: one
 * call into the generator per few hundred tokens rather than one per token (as crypto.randomUUID keeps a cache).
 * A signed-out reader without a cookie gets a CSRF token with every answer, so this is on the path of every read.
 */
const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let used = 0;

export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (used + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const slice = pool.subarray(used, used + n);
  used += n;
  return slice;
}

/** A new 256-bit token, URL-safe. */
export const newToken = () => pooledRandomBytes(32).toString('base64url');

/** A CSRF cookie's value: 192 bits, URL-safe. */
export const newCsrfToken = () => pooledRandomBytes(24).toString('base64url');
