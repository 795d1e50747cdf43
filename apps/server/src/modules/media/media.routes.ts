/**
 * Serves stored images under the media policy (media.policy.ts): a public
 * image like a static file, with no query (its name never changes, so it is
 * cacheable by anyone for a year and its ETag is its name); any other image
 * only to a viewer who may see it, cacheable by that viewer's browser alone,
 * and as 404 to everyone else, exactly like a missing one. Recently served
 * images are kept in memory (media/hot-media-cache.ts, MEDIA_MEMORY_CACHE_MB),
 * and a public one found there is sent before the framework sees the request
 * (public-media-fast-path.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HotMediaCache } from '../../media-pipeline/hot-media-cache';
import { notFound } from '../../lib/app-error';
import type { MediaStore, StoredObject } from '../../media-pipeline/media-store';
import { mediaBaseFromKey } from '../../media-pipeline/store-image';
import { resolveViewer } from '../../plugins/session';
import type { BeforeFramework } from '../../plugins/before-framework';
import { hstsValue } from '../../plugins/security-headers';
import { MediaPolicy } from './media.policy';
import { mediaEtag, publicImageCacheControl, publicMediaFastPath } from './public-media-fast-path';
import { publicMediaUrls } from './public-media-urls';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function mediaRoutes(
  app: FastifyInstance,
  { db, media, config }: { db: Db; media: MediaStore; config: Config },
  beforeFramework?: BeforeFramework,
) {
  const policy = new MediaPolicy(db, config.staffUsernames);
  const hot = new HotMediaCache(config.mediaMemoryCacheMb * 1024 * 1024);
  await policy.start();
  // Public images already in memory skip the framework altogether (public-media-fast-path.ts).
  beforeFramework?.add(
    publicMediaFastPath({
      policy,
      hot,
      log: app.log,
      hsts: hstsValue(config),
      publicHttps: config.publicUrl.startsWith('https:'),
      mediaPublicUrl: config.mediaPublicUrl,
    }),
  );
  const publicCacheControl = publicImageCacheControl(config.mediaPublicUrl);
  // With MEDIA_PUBLIC_URL, answers name public images at the CDN (public-media-urls.ts).
  if (config.mediaPublicUrl) {
    const rewrite = publicMediaUrls(config.mediaPublicUrl, (base) => policy.knownPublic(base));
    app.addHook('onSend', async (req, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      return rewrite(payload, req.viewer === null);
    });
  }
  app.addHook('onClose', () => policy.stop());
  // A change this server answered may have taken an image out of public view: forget before the answer leaves.
  app.addHook('onSend', async (req, reply) => {
    if (!SAFE.has(req.method) && reply.statusCode < 400) policy.forget();
  });

  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    const base = mediaBaseFromKey(key);
    if (!base) throw notFound('image');
    let isPublic = policy.knownPublic(base);
    if (!isPublic) {
      const viewer = await resolveViewer(req);
      const access = await policy.access(base, viewer?.id ?? null);
      if (!access.visible) throw notFound('image');
      isPublic = access.public;
    }
    if (STREAMED.test(key)) return sendRanges(reply, media, key, isPublic, req.headers.range, req.headers['if-none-match']);
    return sendImage(reply, key, isPublic ? publicCacheControl : null, req.headers['if-none-match'], async () => {
      const cached = hot.get(key);
      if (cached) return cached;
      const file = await media.get(key);
      if (file) hot.set(key, file);
      return file;
    });
  });
}

/** Video files are served from the store in parts (range requests), never read whole into memory. */
const STREAMED = /\.(?:mp4|ts)$/;

/** The one range of `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null for none or several (the whole file), 'bad' past the end. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header || !header.startsWith('bytes=') || header.includes(',')) return null;
  const spec = header.slice(6).trim();
  const dash = spec.indexOf('-');
  if (dash < 0) return null;
  const a = spec.slice(0, dash);
  const b = spec.slice(dash + 1);
  const digits = (t: string) => t.length > 0 && t.length < 16 && [...t].every((c) => c >= '0' && c <= '9');
  if (a === '' && digits(b)) {
    const n = Number(b);
    if (n === 0) return 'bad';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  if (!digits(a) || (b !== '' && !digits(b))) return null;
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

async function sendRanges(reply: FastifyReply, media: MediaStore, key: string, isPublic: boolean, range: string | undefined, ifNoneMatch: string | undefined) {
  const etag = `"${key.slice(key.lastIndexOf('/') + 1)}"`;
  reply
    .header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=31536000, immutable`)
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (ifNoneMatch === etag) return reply.status(304).send();
  const file = await media.openRead(key);
  if (!file) throw notFound('video');
  if (file.modifiedAt) reply.header('last-modified', file.modifiedAt.toUTCString());
  reply.type(file.contentType);
  const r = parseRange(range, file.size);
  if (r === 'bad') return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  if (!r) return reply.header('content-length', file.size).send(file.size === 0 ? '' : file.stream(0, file.size - 1));
  return reply
    .status(206)
    .header('content-range', `bytes ${r.start}-${r.end}/${file.size}`)
    .header('content-length', r.end - r.start + 1)
    .send(file.stream(r.start, r.end));
}

/** `publicCacheControl`: the image's Cache-Control when it is public, null when it is not (cached by its viewer's browser only). */
async function sendImage(
  reply: FastifyReply,
  key: string,
  publicCacheControl: string | null,
  ifNoneMatch: string | undefined,
  read: () => Promise<StoredObject | null>,
) {
  const etag = mediaEtag(key);
  reply.header('cache-control', publicCacheControl ?? 'private, max-age=31536000, immutable').header('etag', etag);
  if (ifNoneMatch === etag) return reply.status(304).send();
  const file = await read();
  if (!file) throw notFound('image');
  if (file.modifiedAt) reply.header('last-modified', file.modifiedAt.toUTCString());
  return reply.type(file.contentType).send(file.data);
}
