/**
 * Double-submit CSRF (API contract §3): a readable `csrftoken` cookie, echoed
 * in the X-CSRFToken header on every unsafe method; a request whose Origin
 * names another origin is refused the same way.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { newCsrfToken } from '../lib/tokens';

const CSRF_COOKIE = 'csrftoken';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that neither reads nor sets cookies (health probes): no CSRF cookie, no session lookup. */
    cookieless?: boolean;
  }
}
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameValue(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function originAllowed(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const from = new URL(origin);
    // Parse the Host header with the origin's scheme so default ports compare equal.
    return from.host === new URL(`${from.protocol}//${req.headers.host ?? ''}`).host;
  } catch {
    return false;
  }
}

export async function csrfPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config.cookieless) return;
    const cookie = req.cookies[CSRF_COOKIE];
    // Images and built assets are cacheable by anyone: they never carry a cookie of their own.
    if (!cookie && !req.url.startsWith('/media/') && !req.url.startsWith('/assets/')) {
      reply.setCookie(CSRF_COOKIE, newCsrfToken(), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: req.isHttps,
      });
    }
    if (!UNSAFE.has(req.method)) return;
    const header = req.headers['x-csrftoken'];
    if (!originAllowed(req)) throw new AppError('CSRF_FAILED', 'This request came from another site and was refused.');
    if (!cookie || typeof header !== 'string' || !sameValue(cookie, header)) {
      throw new AppError('CSRF_FAILED', 'The CSRF token is missing or wrong. Reload the page and try again.');
    }
  });
}
