/**
 * GET /v3/pin-builder/image-preview/?url={imageUrl}: a still WebP preview of
 * an image on another site, for the Pin builder (see image-previews.ts).
 * Signed-in people only (401 otherwise); a link that may not be fetched, or
 * bytes that are not an image, answer 400 with the reason; too many previews
 * answer 429 with Retry-After. Previews may be cached by the browser only.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contextOf } from '../../plugins/session';
import { parseInput } from '../../lib/validation';
import { PREVIEW_CONTENT_TYPE } from '../../media-pipeline/preview-image';
import type { Services } from '../../services';

export const IMAGE_PREVIEW_PATH = '/v3/pin-builder/image-preview/';

const zPreviewQuery = z.strictObject({ url: z.string().trim().min(1).max(2048) });

export function registerPinBuilderRoutes(app: FastifyInstance, s: Pick<Services, 'imagePreviews'>) {
  app.get(IMAGE_PREVIEW_PATH, async (req, reply) => {
    const { url } = parseInput(zPreviewQuery, req.query);
    const image = await s.imagePreviews.preview(contextOf(req), url);
    return reply.type(PREVIEW_CONTENT_TYPE).header('cache-control', 'private, max-age=3600').send(image.data);
  });
}
