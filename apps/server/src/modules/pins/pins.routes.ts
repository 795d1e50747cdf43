import { zAlreadySaved, zCreatePin, zDeletePin, zGetPin, zPinBuilderImages, zRepin, zSameImagePins, zUpdatePin } from '@pinboard/shared/schemas/pins';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { zCreateStoryMedia, zCreateStoryPin, zGetStoryMedia, zUpdateStoryPin } from '@pinboard/shared/schemas/story-pins';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { action, pagedAction, type ResourceRegistry } from '../../lib/resources';
import { parseInput } from '../../lib/validation';
import { pageRequestOf } from '../../lib/paging';
import { contextOf } from '../../plugins/session';
import { requireViewer } from '../../lib/context';
import type { Services } from '../../services';
import { decodeBase64Image } from '../../lib/data-url';
import { invalid, notFound } from '../../lib/app-error';
import { isId } from '../../lib/ids';
import { successBody } from '../../lib/envelope';

export function registerPinResources(registry: ResourceRegistry, s: Services) {
  registry.add({
    name: 'PinResource',
    description: 'One Pin.',
    actions: {
      get: action({
        summary: 'Read a Pin',
        options: zGetPin,
        handler: (ctx, o) => s.pins.get(ctx, o.id),
      }),
      create: action({
        summary:
          'Create a Pin from an uploaded image (multipart field `image`, or `image_base64` as a data URL), from `image_url` fetched by the server, or from an uploaded video (multipart field `video`: MP4, MOV or WebM, at most 200 MB and 10 minutes, optionally with WebVTT `captions`; answered at once with `video_status: processing`); an animated GIF becomes a GIF Pin (embed_type gif), processed like a video',
        options: zCreatePin,
        auth: 'required',
        multipart: true,
        videoUpload: true,
        beforeVideo: (ctx) => s.limits.take('video_upload', ctx),
        bodyLimit: Math.ceil(IMAGE_MAX_BYTES * 1.4),
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'pin.create', targetOf: (p: { id: string }) => p.id },
        async handler(ctx, o, req: FastifyRequest) {
          const video = (req as FastifyRequest & { uploadedVideo?: string | null }).uploadedVideo ?? null;
          if (video) {
            if (o.image_base64 || o.image_url) throw invalid('video: send either a video or an image, not both.');
            const { orbac_subject_id: _videoSubject, ...videoInput } = o;
            return s.pins.createVideo(ctx, videoInput, video);
          }
          const upload = (req as FastifyRequest & { uploadedImage?: Buffer }).uploadedImage ?? null;
          const image = upload ?? (o.image_base64 ? decodeBase64Image(o.image_base64) : null);
          const { image_base64: _drop, orbac_subject_id: _subject, ...rest } = o;
          return s.pins.create(ctx, rest, image);
        },
      }),
      update: action({
        summary: "Edit a Pin's title, description, link, alt text, board or section, or a video Pin's WebVTT captions",
        options: zUpdatePin,
        auth: 'required',
        handler: (ctx, o) => {
          const { retry_video, ...rest } = o;
          return retry_video ? s.pins.retryVideo(ctx, o.id) : s.pins.update(ctx, rest);
        },
      }),
      delete: action({ summary: 'Delete a Pin', options: zDeletePin, auth: 'required', handler: (ctx, o) => s.pins.delete(ctx, o.id) }),
    },
  });

  registry.add({
    name: 'StoryPinResource',
    description: 'Idea (story) Pins: 1–20 pages, each one image or video block with optional paragraph blocks, published to a board (and a section of it).',
    actions: {
      create: action({
        summary: 'Publish an Idea Pin (as the business `orbac_subject_id` names, when given)',
        options: zCreateStoryPin,
        auth: 'required',
        bodyLimit: 64 * 1024 * 1024,
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'pin.create', targetOf: (p: { id: string }) => p.id },
        handler: (ctx, o) => {
          const { orbac_subject_id: _subject, ...rest } = o;
          return s.storyPins.create(ctx, rest);
        },
      }),
      update: action({
        summary: "Edit an Idea Pin's title, description or pages (new uploads, or keep_page for a page it has; pages left out go)",
        options: zUpdateStoryPin,
        auth: 'required',
        handler: (ctx, o) => s.storyPins.update(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'StoryPinMediaResource',
    description:
      "An Idea Pin page's image or video, uploaded before publishing (multipart field `image` or `video`, or `image_base64`); its uploader's alone until published, removed after a day if never published.",
    actions: {
      create: action({
        summary: 'Upload a page',
        options: zCreateStoryMedia,
        auth: 'required',
        multipart: true,
        videoUpload: true,
        beforeVideo: (ctx) => s.limits.take('video_upload', ctx),
        bodyLimit: Math.ceil(IMAGE_MAX_BYTES * 1.4),
        handler(ctx, o, req: FastifyRequest) {
          const video = (req as FastifyRequest & { uploadedVideo?: string | null }).uploadedVideo ?? null;
          const upload = (req as FastifyRequest & { uploadedImage?: Buffer }).uploadedImage ?? null;
          const image = upload ?? (o.image_base64 ? decodeBase64Image(o.image_base64) : null);
          return s.storyPins.upload(ctx, video ? null : image, video);
        },
      }),
      get: action({
        summary: "A page upload's state (a video's processing)",
        options: zGetStoryMedia,
        auth: 'required',
        handler: (ctx, o) => s.storyPins.uploaded(ctx, o.id),
      }),
    },
  });

  registry.add({
    name: 'PinBuilderResource',
    description: 'The images of a web page for making a Pin from a link (og:image first); the server fetches the page, never from non-public addresses.',
    actions: {
      get: action({
        summary: "Find a page's images",
        options: zPinBuilderImages,
        auth: 'required',
        async handler(ctx, o) {
          await s.limits.take('pin_builder_page', ctx);
          return s.pinBuilder.findImages(o.link);
        },
      }),
    },
  });

  registry.add({
    name: 'SameImagePinsResource',
    description:
      '"Same picture elsewhere" under a Pin (decision 095): Pins you may see showing the same picture (the same bytes, or a perceptual hash at most 7 bits away), nearest first; one page. 404 for a Pin you may not see.',
    actions: {
      get: pagedAction({
        summary: 'Read Pins of the same picture',
        options: zSameImagePins,
        read: (ctx, o, page) => s.pins.sameImage(ctx, o.pin_id, page),
      }),
    },
  });

  registry.add({
    name: 'AlreadySavedResource',
    description:
      '"Already saved to …" (decision 095): your own boards holding a Pin of yours with the same picture or link as a Pin (`pin_id`), the bytes of an image you are about to upload (`content_sha256`) or a link.',
    actions: {
      get: action({
        summary: 'Read the boards you already saved this to',
        options: zAlreadySaved,
        auth: 'required',
        handler: (ctx, o) => s.pins.alreadySaved(ctx, o),
      }),
    },
  });

  registry.add({
    name: 'RepinResource',
    description: 'Save a Pin to a board, a section of it, or (no board_id) the profile.',
    actions: {
      create: action({
        summary: 'Save a Pin (as the business `orbac_subject_id` names, when given)',
        options: zRepin,
        auth: 'required',
        actingAs: 'publish',
        actingWithSession: true,
        actingAudit: { action: 'pin.save', targetOf: (p: { id: string }) => p.id },
        handler: (ctx, o) => s.pins.repin(ctx, o),
      }),
    },
  });
}

/**
 * The spec path GET /v3/pins/{id}/ (docs/product/api-contract.md §1.1), and decision 095's
 * GET /v3/pins/{id}/same_image/ and GET /v3/pins/already_saved/?pin_id=|content_sha256=|link=.
 */
export function registerPinSpecRoutes(app: FastifyInstance, s: Services) {
  app.get<{ Params: { id: string } }>('/v3/pins/:id/same_image/', async (req) => {
    if (!isId(req.params.id)) throw notFound('pin');
    const { pin_id: _id, ...q } = parseInput(zSameImagePins, { ...(req.query as object), pin_id: req.params.id });
    const page = await s.pins.sameImage(contextOf(req), req.params.id, pageRequestOf(q));
    return successBody('spec', page.items, page.bookmark);
  });

  app.get('/v3/pins/already_saved/', async (req) => {
    const ctx = contextOf(req);
    requireViewer(ctx);
    return successBody('spec', await s.pins.alreadySaved(ctx, parseInput(zAlreadySaved, req.query ?? {})));
  });

  app.get<{ Params: { id: string } }>('/v3/pins/:id/', async (req) => {
    if (!isId(req.params.id)) throw notFound('pin');
    return successBody('spec', await s.pins.get(contextOf(req), req.params.id));
  });
}
