/**
 * A v5 `media_source` as a source of the one Pin creation pipeline (decision 082; decision 100):
 * - `image_url`: the server fetches it (guarded, the `pin_image_url` budget), unless it is one of our own image
 *   URLs (on PUBLIC_URL or MEDIA_PUBLIC_URL, under /media/): that one is read from the media store, never over
 *   HTTP, and only when the person may see it (else it answers as an image that could not be read);
 * - `image_base64`: bytes, like an upload;
 * - `multiple_image_urls`: 2–5 pictures, each fetched or read like an `image_url`, become an Idea Pin with one
 *   page each (our Pins with several pictures);
 * - `video_id`: a media upload of the person's that succeeded (media-uploads.ts), its poster `cover_image_url`
 *   or `cover_image_data` when given, else its own frame.
 */
import type { Db } from '../../db/client';
import { requireViewer, type RequestContext } from '../../lib/context';
import { keyedInvalid } from '../../lib/validation';
import { mediaBaseFromKey } from '../../media-pipeline/store-image';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { ActionLimits } from '../../rate-limit/limits';
import { mediaVisibleTo } from '../media';
import type { PinBuilder } from '../pin-builder';
import type { CreatePin } from '../pins';
import type { TV5MediaSource } from './api-v5.inputs';
import type { MediaUploads } from './media-uploads';

type CreatePinRequest = Parameters<CreatePin>[1];
type PinSource = CreatePinRequest['source'];

interface SourceDeps {
  db: Db;
  media: MediaStore;
  pinBuilder: PinBuilder;
  limits: ActionLimits;
  uploads: MediaUploads;
  /** The origins (and path prefixes) our image URLs are named at: PUBLIC_URL, and MEDIA_PUBLIC_URL when set. */
  ownMediaPrefixes: string[];
}

const unreadable = (field: string) => keyedInvalid(field, 'apiV5.imageUnreadable', { field });

export function pinSources({ db, media, pinBuilder, limits, uploads, ownMediaPrefixes }: SourceDeps) {
  /** The stored key an URL of ours names (`<prefix>/media/<key>`), or null for any other URL. */
  function ownMediaKey(url: string): string | null {
    for (const prefix of ownMediaPrefixes) {
      const start = `${prefix}/media/`;
      if (!url.startsWith(start)) continue;
      const key = url.slice(start.length).split(/[?#]/)[0]!;
      return mediaBaseFromKey(key) ? key : null;
    }
    return null;
  }

  /** One of our images, from the store: its original when kept, else the rendition named. Null when it is not ours to read. */
  async function ownImage(ctx: RequestContext, url: string, field: string): Promise<Buffer | null> {
    const key = ownMediaKey(url);
    if (!key) return null;
    const base = mediaBaseFromKey(key)!;
    if (!(await mediaVisibleTo(db, base, requireViewer(ctx).id))) throw unreadable(field);
    for (const candidate of [`${base}_orig.jpg`, `${base}_orig.png`, key]) {
      const stored = await media.get(candidate);
      if (stored) return stored.data;
    }
    throw unreadable(field);
  }

  /** An image URL's bytes: ours from the store, else fetched by the guarded fetcher under the `pin_image_url` budget. */
  async function imageBytes(ctx: RequestContext, url: string, field: string): Promise<Buffer> {
    const own = await ownImage(ctx, url, field);
    if (own) return own;
    await limits.take('pin_image_url', ctx);
    return pinBuilder.fetchImage(url);
  }

  return {
    /**
     * Runs `make` with the pipeline's source for a v5 media source (and the Pin's title for an Idea Pin); a video
     * upload is handed over as a file for the time `make` runs, and used up when it succeeds.
     */
    async withSource<T>(ctx: RequestContext, src: TV5MediaSource, make: (source: PinSource) => Promise<T>): Promise<T> {
      switch (src.source_type) {
        case 'image_url': {
          const own = await ownImage(ctx, src.url, 'media_source.url');
          return make(own ? { kind: 'image', bytes: own } : { kind: 'image_url', url: src.url });
        }
        case 'image_base64':
          return make({ kind: 'image', bytes: Buffer.from(src.data, 'base64') });
        case 'multiple_image_urls': {
          const pages = [];
          for (const [i, item] of src.items.entries()) {
            const bytes = await imageBytes(ctx, item.url, `media_source.items.${i}.url`);
            pages.push({ blocks: [{ type: 'story_pin_image_block' as const, image_base64: bytes.toString('base64') }] });
          }
          return make({ kind: 'story', pages, uploadsOwnerId: requireViewer(ctx).id });
        }
        case 'video_id': {
          const cover = src.cover_image_data
            ? Buffer.from(src.cover_image_data, 'base64')
            : src.cover_image_url
              ? await imageBytes(ctx, src.cover_image_url, 'media_source.cover_image_url')
              : null;
          return uploads.useUpload(ctx, src.media_id, (file) => make({ kind: 'video', file, captions: null, cover }));
        }
      }
    },
  };
}
