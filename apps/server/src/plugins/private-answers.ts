/**
 * Every read of the API answers for the person who asks (their Pins, their
 * boards, what they may see, a 404 where another person gets the Pin), so no
 * shared cache may keep it: a GET or HEAD under /resource/, /v3/, /vx/,
 * /ads/ or /v5/ leaves with `Cache-Control: private, no-store` unless its own header
 * already says `private` (an image preview kept an hour in the browser that
 * asked), and whatever its status (a refusal depends on the viewer too). A
 * route whose answer is the same for everyone says so with
 * `config: { publicCache: true }` and sends its own header (decision 056).
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same whoever asks: this route sets its own Cache-Control, which may be public. */
    publicCache?: boolean;
  }
}

export const PRIVATE_ANSWER = 'private, no-store';
const VIEWER_API_PREFIXES: readonly string[] = ['/resource/', '/v3/', '/vx/', '/ads/', '/v5/'];

export async function privateAnswersPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return payload;
    if (!VIEWER_API_PREFIXES.some((p) => req.url.startsWith(p))) return payload;
    if (req.routeOptions.config?.publicCache) return payload;
    const own = reply.getHeader('cache-control');
    if (typeof own === 'string' && /(^|[\s,])private([\s,=]|$)/i.test(own)) return payload;
    reply.header('cache-control', PRIVATE_ANSWER);
    return payload;
  });
}
