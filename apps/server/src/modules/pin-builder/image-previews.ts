/**
 * Previews of a web page's images for the Pin builder, served from our own
 * origin (the app's Content-Security-Policy lets pages show images from it
 * only). Each image is fetched through the guarded fetcher and re-encoded by
 * `makePreviewImage`; signed-in people only, at most PREVIEWS_PER_MINUTE each,
 * and recent previews are kept in a small in-process cache (a page's images
 * are asked for again whenever the builder re-renders or is reopened).
 */
import { AppError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { makePreviewImage, type PreviewImage } from '../../media/preview-image';
import type { RateLimiter } from '../../rate-limit';
import { normalizeLink, type PinBuilder } from './pin-builder.service';

/** A page offers at most 30 images; this leaves room to open a few pages a minute. */
export const PREVIEWS_PER_MINUTE = 120;
const CACHE_ENTRIES = 300;
const CACHE_TTL_MS = 10 * 60 * 1000;

export interface ImagePreviews {
  preview(ctx: RequestContext, imageUrl: string): Promise<PreviewImage>;
}

export function createImagePreviews({ pinBuilder, limiter }: { pinBuilder: PinBuilder; limiter: RateLimiter }): ImagePreviews {
  const cache = new Map<string, { at: number; image: Promise<PreviewImage> }>();

  function cached(url: string): Promise<PreviewImage> | null {
    const entry = cache.get(url);
    if (!entry) return null;
    if (Date.now() - entry.at > CACHE_TTL_MS) {
      cache.delete(url);
      return null;
    }
    // Map order is insertion order: re-inserting keeps the most recent last.
    cache.delete(url);
    cache.set(url, entry);
    return entry.image;
  }

  function remember(url: string, image: Promise<PreviewImage>) {
    cache.set(url, { at: Date.now(), image });
    // A failure is not kept: the next request tries again.
    image.catch(() => cache.delete(url));
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  return {
    async preview(ctx, imageUrl) {
      const viewer = requireViewer(ctx);
      const url = normalizeLink(imageUrl);
      const hit = cached(url);
      if (hit) return hit;
      const count = await limiter.hit(`image-preview:${viewer.id}`, 60);
      if (count > PREVIEWS_PER_MINUTE) {
        throw new AppError('RATE_LIMITED', 'Too many image previews. Please wait a moment and try again.', { headers: { 'retry-after': '60' } });
      }
      const image = pinBuilder.fetchImage(url).then(makePreviewImage);
      remember(url, image);
      return image;
    },
  };
}
