/**
 * A public image already in memory, sent before the framework sees the
 * request: no routing, hooks, cookie or session work, no query. Only what
 * the media policy already knows to be public (MediaPolicy.knownPublic, kept
 * exact by the database's notices) and what the hot cache already holds is
 * taken; anything else (a video file or segment, a cold image, a private one, HEAD, a query string,
 * an encoded address, a request whose HTTPS-ness only the proxy settings can
 * tell) goes on to the framework's /media/* route, which fills the cache.
 *
 * The answer is the framework route's, byte for byte in its headers (the
 * security headers, Cache-Control, ETag, Last-Modified, Content-Type and
 * Length), and it is logged as one request line like every other answer
 * (test: media-fast-path.test.ts compares both).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { REQUEST_ID_HEADER } from '../../lib/request-id';
import type { HotMediaCache } from '../../media-pipeline/hot-media-cache';
import { mediaBaseFromKey } from '../../media-pipeline/store-image';
import type { RawHandler } from '../../plugins/before-framework';
import { securityHeaders } from '../../plugins/security-headers';
import type { MediaPolicy } from './media.policy';

const PREFIX = '/media/';
const IMAGE_FILE = /\.(?:jpg|png)$/;

export interface FastPathOptions {
  policy: MediaPolicy;
  hot: HotMediaCache;
  log: FastifyBaseLogger;
  /** Strict-Transport-Security's value when HSTS is on. */
  hsts: string | null;
  /** PUBLIC_URL is https: every answer is an HTTPS one. */
  publicHttps: boolean;
  /** MEDIA_PUBLIC_URL (null: none): the security headers name it, and public images take publicImageCacheControl's. */
  mediaPublicUrl?: string | null;
}

const PUBLIC_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Behind a CDN (MEDIA_PUBLIC_URL), a public image is cached for a minute, by the CDN and browsers alike, then
 * revalidated (its ETag, answered 304 while it stays public): a board made secret leaves no copy served for
 * longer than that (decision 052). Without one, for a year.
 */
const CDN_IMAGE_CACHE_CONTROL = 'public, max-age=60';

export function publicImageCacheControl(mediaPublicUrl: string | null | undefined) {
  return mediaPublicUrl ? CDN_IMAGE_CACHE_CONTROL : PUBLIC_IMAGE_CACHE_CONTROL;
}

/** The ETag of a media key: its file name, which never names other bytes. */
export function mediaEtag(key: string) {
  return `"${key.slice(key.lastIndexOf('/') + 1)}"`;
}

export function publicMediaFastPath(o: FastPathOptions): RawHandler {
  const base: Record<string, string> = { ...securityHeaders(o.mediaPublicUrl ?? null), 'cache-control': publicImageCacheControl(o.mediaPublicUrl) };
  if (o.hsts && o.publicHttps) base['strict-transport-security'] = o.hsts;
  return (req: IncomingMessage, res: ServerResponse, requestIdOf) => {
    const url = req.url;
    if (req.method !== 'GET' || url === undefined || !url.startsWith(PREFIX)) return false;
    // Whether this answer is an HTTPS one depends on the proxy settings: the framework decides.
    if (o.hsts && !o.publicHttps && (req.headers['x-forwarded-proto'] !== undefined || 'encrypted' in req.socket)) return false;
    const key = url.slice(PREFIX.length);
    // Images only: video files and segments are served in byte ranges by the framework route.
    if (!IMAGE_FILE.test(key)) return false;
    const mediaBase = mediaBaseFromKey(key); // null for a query string, an escape or anything not a media key
    if (mediaBase === null || !o.policy.knownPublic(mediaBase)) return false;
    const etag = mediaEtag(key);
    const started = process.hrtime.bigint();
    let requestId: string;
    if (req.headers['if-none-match'] === etag) {
      requestId = requestIdOf(req);
      res.writeHead(304, { ...base, etag, [REQUEST_ID_HEADER]: requestId });
      res.end();
    } else {
      const file = o.hot.get(key);
      if (!file) return false;
      requestId = requestIdOf(req);
      const headers: Record<string, string | number> = {
        ...base,
        etag,
        'content-type': file.contentType,
        'content-length': file.data.length,
        [REQUEST_ID_HEADER]: requestId,
      };
      if (file.modifiedAt) headers['last-modified'] = file.modifiedAt.toUTCString();
      res.writeHead(200, headers);
      res.end(file.data);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    o.log.info({ reqId: requestId, method: 'GET', url, status: res.statusCode, ms: +ms.toFixed(1) }, 'request');
    return true;
  };
}
