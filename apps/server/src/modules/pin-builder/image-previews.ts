/**
 * Previews of a web page's images for the Pin builder, served from our own
 * origin (the app's Content-Security-Policy lets pages show images from it
 * only). Each image is fetched through the guarded fetcher and re-encoded by
 * `makePreviewImage`; signed-in people only, within the `pin_builder_preview`
 * limit (rate-limit/limits.ts), and recent previews are kept in a small
 * in-process cache (a page's images are asked for again whenever the builder
 * re-renders or is reopened; a cached one costs nothing).
 */
import { requireViewer, type RequestContext } from '../../lib/context';
import { makePreviewImage, type PreviewImage } from '../../media-pipeline/preview-image';
import type { ActionLimits } from '../../rate-limit/limits';
import { normalizeLink, type PinBuilder } from './pin-builder.service';

const CACHE_ENTRIES = 300;
const CACHE_TTL_MS = 10 * 60 * 1000;

export interface ImagePreviews {
  preview(ctx: RequestContext, imageUrl: string): Promise<PreviewImage>;
}

export function createImagePreviews({ pinBuilder, limits }: { pinBuilder: PinBuilder; limits: ActionLimits }): ImagePreviews {
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
      requireViewer(ctx);
      const url = normalizeLink(imageUrl);
      const hit = cached(url);
      if (hit) return hit;
      await limits.take('pin_builder_preview', ctx);
      const image = pinBuilder.fetchImage(url).then(makePreviewImage);
      remember(url, image);
      return image;
    },
  };
}
