import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package's enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2;

/** Argon2id per the contract: at least 19 MiB of memory and 2 iterations. */
export function hashPassword(password: string, memoryKib: number) {
  return hash(password, { algorithm: ARGON2ID, memoryCost: memoryKib, timeCost: 2, parallelism: 1 });
}

/** How many Argon2id checks this process has run: a log-in for a name no account has must run one too. */
export const passwordChecks = { count: 0 };

export function verifyPassword(passwordHash: string, password: string) {
  passwordChecks.count += 1;
  return verify(passwordHash, password).catch(() => false);
}
