/**
 * Sessions (docs/product/api-contract.md §3): an opaque token in an HttpOnly, SameSite=Lax
 * cookie, Secure whenever the site is served over HTTPS (directly, behind a
 * trusted proxy, or by PUBLIC_URL); the request's Viewer is resolved once per
 * API request, from memory when this server knows the session still stands
 * (session-cache.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext, Viewer } from '../lib/context';
import type { Db } from '../db/client';
import type { Services } from '../services';
import { createSessionCache, type SessionCache } from './session-cache';
import { ValidationError } from '../lib/validation';

export const SESSION_COOKIE = 'pb_session';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    sessionTtlDays: number;
  }
  interface FastifyInstance {
    viewerOfSession(token: string): Promise<Viewer | null>;
    sessionCache: SessionCache;
  }
}

export function readSessionToken(req: FastifyRequest): string | null {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length >= 32 && token.length <= 128 ? token : null;
}

export function setSessionCookie(req: FastifyRequest, token: string) {
  const reply = (req as FastifyRequest & { reply: FastifyReply }).reply;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.isHttps,
    maxAge: req.sessionTtlDays * 86400,
  });
}

export function clearSessionCookie(req: FastifyRequest) {
  const reply = (req as FastifyRequest & { reply: FastifyReply }).reply;
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.isHttps });
}

export function contextOf(req: FastifyRequest): RequestContext {
  return {
    viewer: req.viewer,
    clientIp: req.ip,
    sessionToken: (req.viewer && readSessionToken(req)) || undefined,
    idempotencyKey: idempotencyKeyOf(req),
    readEffects: req.readEffects ?? undefined,
    reader: req.reader ?? undefined,
  };
}

/** Printable ASCII, 1-64 characters (the Pin creation input's guid takes the same). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,64}$/;

function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new ValidationError('Idempotency-Key', 'Idempotency-Key: 1 to 64 printable characters, no spaces.');
  }
  return key;
}

export async function sessionPlugin(app: FastifyInstance, opts: { services: Services; db: Db; ttlDays: number }) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionTtlDays', opts.ttlDays);
  app.decorateRequest('reply', null);
  app.addHook('onRequest', async (req, reply) => {
    (req as FastifyRequest & { reply: FastifyReply }).reply = reply;
    // Built assets and cookieless routes (health probes) need no viewer; images resolve theirs only when they are not public (modules/media).
    if (req.url.startsWith('/assets/') || req.url.startsWith('/media/') || req.routeOptions.config.cookieless) return;
    await resolveViewer(req);
  });
  // Viewers from memory, forgotten exactly when a session or an account changes (session-cache.ts).
  const sessions = await createSessionCache(opts.db, (token) => opts.services.auth.sessionOf(token));
  app.addHook('onClose', () => sessions.stop());
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) sessions.forget();
    return payload;
  });
  app.decorate('viewerOfSession', (token: string) => sessions.viewerOf(token));
  app.decorate('sessionCache', sessions);
}

/** Resolves the request's viewer from its session cookie (the hook above does it for every route but assets and images). */
export async function resolveViewer(req: FastifyRequest): Promise<Viewer | null> {
  if (asPublic(req)) return null;
  const token = readSessionToken(req);
  if (token) req.viewer = await req.server.viewerOfSession(token);
  return req.viewer;
}

/** The header with which a signed-in person reads as a signed-out visitor would (the profile's public preview). */
const VIEW_AS_HEADER = 'x-view-as';

/** A read that asks to be answered as for a signed-out visitor. It can only lower what is seen, never raise it. */
function asPublic(req: FastifyRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && req.headers[VIEW_AS_HEADER] === 'public';
}
