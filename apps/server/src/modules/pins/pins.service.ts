/**
 * Pins: make one from image bytes, read one. The image is checked and stored
 * first; if the database write then fails, the stored files are removed so
 * nothing half-made is left.
 */
import type { TCreatePin } from '@pinboard/shared/schemas/pins';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { MediaStore } from '../../media/media-store';
import { processImage } from '../../media/process-image';
import { storeImage } from '../../media/store-image';
import type { BoardsService } from '../boards/boards.service';
import { boardsRepo } from '../boards/boards.repo';
import { presentPin } from './pins.present';
import { pinsRepo } from './pins.repo';

export function createPinsService({ db, media, boards }: { db: Db; media: MediaStore; boards: BoardsService }) {
  return {
    async create(ctx: RequestContext, input: TCreatePin, image: Buffer | null) {
      const viewer = requireViewer(ctx);
      if (!image) throw invalid('image: attach an image file or send image_base64.');
      if (input.section_id && !input.board_id) throw invalid('section_id: a section needs its board_id.');
      const board = input.board_id ? await boards.boardToPinTo(ctx, input.board_id) : null;
      if (input.section_id) throw invalid('section_id: sections are not available yet.');
      const processed = await processImage(image);
      const stored = await storeImage(media, processed);
      const id = newId();
      try {
        await db.tx(async (tx) => {
          await pinsRepo.insert(tx, {
            id,
            pinner_id: viewer.id,
            board_id: board?.id ?? null,
            section_id: null,
            parent_pin_id: null,
            title: input.title ?? '',
            description: input.description ?? '',
            link: input.link ?? '',
            alt_text: input.alt_text ?? '',
            method: input.method ?? 'uploaded',
            media_base: stored.base,
            images: stored.images,
            dominant_color: stored.dominantColor,
            width: stored.width,
            height: stored.height,
          });
          if (board) await boardsRepo.addToPinCount(tx, board.id, 1);
        });
      } catch (err) {
        await media.delete(stored.keys).catch(() => {});
        throw err;
      }
      return presentPin((await pinsRepo.visibleById(db, id, viewer.id))!);
    },

    async get(ctx: RequestContext, id: string) {
      const pin = await pinsRepo.visibleById(db, id, ctx.viewer?.id ?? null);
      if (!pin) throw notFound('That Pin');
      return presentPin(pin);
    },
  };
}

export type PinsService = ReturnType<typeof createPinsService>;

/** Decodes a `data:image/...;base64,` URL (or bare base64); the bytes are checked later, never the declared type. */
export function decodeBase64Image(value: string): Buffer {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const payload = comma >= 0 ? value.slice(comma + 1) : value;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(payload)) throw invalid('image_base64: not valid base64.');
  return Buffer.from(payload, 'base64');
}
