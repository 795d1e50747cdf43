/**
 * A signed-out JSON read already kept in memory (public-read-cache.ts), sent
 * before the framework sees the request: no routing, hooks, cookie parsing
 * into a request or session work. The answer is the one the framework sent
 * when it kept it, byte for byte, headers included (the security headers,
 * Cache-Control, Content-Type), with what differs per request made anew: a
 * `csrftoken` cookie for a client that has none, as the CSRF hook sets it.
 * Its side effects (a partner's view count) are replayed, and it is logged as
 * one request line like every other answer.
 *
 * Anything it cannot answer exactly goes on to the framework untouched: a
 * request with a session cookie, one with a body, one whose HTTPS-ness only
 * the proxy settings can tell, with MEDIA_PUBLIC_URL (its addresses are
 * rewritten per answer), or an address not kept (yet, or any more).
 * Test: public-read-fast-path.test.ts compares both paths.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawHandler } from './before-framework';
import { CSRF_COOKIE } from './csrf';
import type { PublicReadCache } from './public-read-cache';
import { SESSION_COOKIE } from './session';
import { REQUEST_ID_HEADER } from '../lib/request-id';
import { newCsrfToken } from '../lib/tokens';

export interface PublicReadFastPathOptions {
  cache: PublicReadCache;
  /** PUBLIC_URL is https: every answer is an HTTPS one (its cookies Secure). */
  publicHttps: boolean;
  /** MEDIA_PUBLIC_URL is set: answers are rewritten on their way out, so none is replayed here. */
  mediaPublicUrl: string | null;
  parseCookie(header: string): Record<string, string | undefined>;
  serializeCookie(name: string, value: string, options: { path: string; sameSite: 'lax'; httpOnly: boolean; secure: boolean }): string;
  /** The address as log lines show it. */
  redactUrl(url: string): string;
  /** Writes the request's log line (its address already redacted), as the framework's onResponse hook does. */
  logRequest(loggedUrl: string, status: number, ms: number, requestId: string): void;
}

const PREFIXES = ['/resource/', '/v3/pins/'];

export function publicReadFastPath(o: PublicReadFastPathOptions): RawHandler {
  if (o.mediaPublicUrl) return () => false;
  return (req: IncomingMessage, res: ServerResponse, requestIdOf) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !PREFIXES.some((p) => url.startsWith(p))) return false;
    // A body (the framework closes the connection after an unread one), or HTTPS-ness the proxy settings decide.
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    if (!o.publicHttps && (req.headers['x-forwarded-proto'] !== undefined || 'encrypted' in req.socket)) return false;
    let hasCsrfCookie = false;
    const cookies = req.headers.cookie;
    if (cookies) {
      const parsed = o.parseCookie(cookies);
      // Someone who may be signed in is answered by the framework, which knows who they are.
      if (parsed[SESSION_COOKIE] !== undefined) return false;
      hasCsrfCookie = Boolean(parsed[CSRF_COOKIE]);
    }
    const hit = o.cache.wireHit(url);
    if (!hit) return false;
    const started = process.hrtime.bigint();
    for (const effect of hit.effects) effect();
    const { wire } = hit;
    const requestId = requestIdOf(req);
    const headers = hasCsrfCookie
      ? [...wire.rawHeaders, REQUEST_ID_HEADER, requestId]
      : [
          ...wire.rawHeaders,
          REQUEST_ID_HEADER,
          requestId,
          'set-cookie',
          o.serializeCookie(CSRF_COOKIE, newCsrfToken(), { path: '/', sameSite: 'lax', httpOnly: false, secure: o.publicHttps }),
        ];
    res.writeHead(200, headers);
    res.end(wire.body);
    wire.loggedUrl ??= o.redactUrl(url);
    o.logRequest(wire.loggedUrl, 200, Number(process.hrtime.bigint() - started) / 1e6, requestId);
    return true;
  };
}
