/**
 * Serves stored images. An image is served only to viewers who may see at
 * least one Pin that uses it, so a secret board's images answer 404 like
 * missing ones; profile pictures and business covers are public. Public
 * images are cacheable by anyone for a year (their names never change);
 * others only by the viewer's browser. A collage draft's preview is served
 * to its owner only.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { MediaStore } from '../../media/media-store';
import { pinsRepo } from '../pins/pins.repo';
import { partnerRepo } from '../partner/partner.repo';
import { collagesRepo } from '../collages/collages.repo';
import { mediaBaseFromKey } from '../../media/store-image';

export async function mediaRoutes(app: FastifyInstance, { db, media }: { db: Db; media: MediaStore }) {
  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    const base = mediaBaseFromKey(key);
    if (!base) throw notFound('That image');
    const viewerId = req.viewer?.id ?? null;
    let access = (await pinsRepo.isAvatar(db, base)) || (await partnerRepo.isCover(db, base))
      ? { visible: true, public: true }
      : await pinsRepo.mediaVisible(db, base, viewerId);
    // A collage draft's preview is its owner's alone.
    if (!access.visible && (await collagesRepo.isOwnDraftPreview(db, base, viewerId))) access = { visible: true, public: false };
    if (!access.visible) throw notFound('That image');
    const file = await media.get(key);
    if (!file) throw notFound('That image');
    return reply
      .type(file.contentType)
      .header('cache-control', `${access.public ? 'public' : 'private'}, max-age=31536000, immutable`)
      .send(file.data);
  });
}
