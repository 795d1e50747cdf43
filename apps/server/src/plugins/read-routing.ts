/**
 * Which database a request's reads go to (decision 068). `req.reader` is the
 * read replica (DATABASE_READ_URL) for a GET or HEAD whose reads may lag a
 * moment, and the primary for everything else:
 *   - any change (POST, PUT, PATCH, DELETE) reads and writes on the primary;
 *   - a browser that changed something in the last READ_REPLICA_STICKY_MS
 *     reads on the primary, so a person sees their own change at once: the
 *     answer to their change sets a short-lived signed cookie (`pb_fresh`,
 *     its end and an HMAC with a secret every server shares, decision 054),
 *     which any server honours until it ends;
 *   - a read the signed-out cache in memory may keep (public-read-cache.ts)
 *     reads on the primary, so what memory keeps is never older than the
 *     change notices it has already heard (they come from the primary).
 * Services read through `ctx.reader` only on their read paths (feeds,
 * search, profiles, sitemaps); sessions, visibility checks for a change and
 * transactions use the primary they were given.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';

export const FRESH_COOKIE = 'pb_fresh';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request's lag-tolerant reads go: the replica, or the primary (see above). */
    reader: Db | null;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ReadRoutingOptions {
  primary: Db;
  /** The replica handle; when it is the primary itself (no DATABASE_READ_URL), every request reads on the primary and no cookie is set. */
  replica: Db;
  /** How long after a change the browser's reads stay on the primary (ms). */
  stickyMs: number;
  /** The HMAC key of the cookie, the same on every server. */
  secret: string;
}

/** `until.signature`: the cookie's value for reads on the primary until `until` (ms since the epoch). */
export function freshToken(secret: string, until: number) {
  return `${until}.${signature(secret, until)}`;
}

function signature(secret: string, until: number) {
  return createHmac('sha256', secret).update(`pb_fresh:${until}`).digest('base64url').slice(0, 22);
}

/** Whether the cookie still asks for the primary: signed by a server of this site, and not ended. */
export function freshUntil(secret: string, value: string | undefined, now = Date.now()): boolean {
  if (!value) return false;
  const dot = value.indexOf('.');
  const until = Number(value.slice(0, dot));
  if (dot <= 0 || !Number.isSafeInteger(until) || until <= now) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(secret, until));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function readRoutingPlugin(app: FastifyInstance, opts: ReadRoutingOptions) {
  app.decorateRequest('reader', null);
  const split = opts.replica !== opts.primary;
  // Without a replica no hook runs: a null reader means the primary (`readerOf`), at no cost per request.
  if (!split) return;
  // Registered after the session and the signed-out cache: the cache's decision to keep this answer is known here.
  app.addHook('onRequest', async (req) => {
    req.reader = replicaMayAnswer(req, opts.secret) ? opts.replica : opts.primary;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!SAFE.has(req.method)) {
      const until = Date.now() + opts.stickyMs;
      reply.setCookie(FRESH_COOKIE, freshToken(opts.secret, until), {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.isHttps,
        maxAge: Math.ceil(opts.stickyMs / 1000),
      });
    }
    return payload;
  });
}

function replicaMayAnswer(req: FastifyRequest, secret: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.publicReadKey) return false;
  return !freshUntil(secret, req.cookies[FRESH_COOKIE]);
}
