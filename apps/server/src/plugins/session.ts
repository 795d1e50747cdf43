/**
 * Sessions (API contract §3): an opaque token in an HttpOnly, SameSite=Lax
 * cookie; the request's Viewer is resolved once per API request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext, Viewer } from '../lib/context';
import type { Services } from '../services';

export const SESSION_COOKIE = 'pb_session';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    sessionTtlDays: number;
  }
}

export function readSessionToken(req: FastifyRequest): string | null {
  const token = req.cookies[SESSION_COOKIE];
  return token && token.length >= 32 && token.length <= 128 ? token : null;
}

function isHttps(req: FastifyRequest) {
  return req.protocol === 'https';
}

export function setSessionCookie(req: FastifyRequest, token: string) {
  const reply = (req as FastifyRequest & { reply: FastifyReply }).reply;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req),
    maxAge: req.sessionTtlDays * 86400,
  });
}

export function clearSessionCookie(req: FastifyRequest) {
  const reply = (req as FastifyRequest & { reply: FastifyReply }).reply;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function contextOf(req: FastifyRequest): RequestContext {
  return { viewer: req.viewer, clientIp: req.ip };
}

export async function sessionPlugin(app: FastifyInstance, opts: { services: Services; ttlDays: number }) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('sessionTtlDays', opts.ttlDays);
  app.decorateRequest('reply', null);
  app.addHook('onRequest', async (req, reply) => {
    (req as FastifyRequest & { reply: FastifyReply }).reply = reply;
    if (req.url.startsWith('/assets/')) return;
    if (asPublic(req)) return;
    const token = readSessionToken(req);
    if (token) req.viewer = await opts.services.auth.viewerOf(token);
  });
}

/** The header with which a signed-in person reads as a signed-out visitor would (the profile's public preview). */
export const VIEW_AS_HEADER = 'x-view-as';

/** A read that asks to be answered as for a signed-out visitor. It can only lower what is seen, never raise it. */
function asPublic(req: FastifyRequest): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && req.headers[VIEW_AS_HEADER] === 'public';
}
