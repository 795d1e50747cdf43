/** Secrets handed out in links and cookies: made random, stored only as their SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** The stored form of a token (sessions, email verification links, board invite links). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 256-bit token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
