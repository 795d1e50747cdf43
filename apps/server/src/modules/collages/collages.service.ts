/**
 * Collages (the product's "shuffles"): the owner lays out images of Pins they
 * can see on a fixed canvas, keeps drafts, and publishes one as a real Pin.
 * Only the owner ever sees a draft; anyone else gets 404 like a missing one.
 * Every save renders the collage through the image pipeline first; if a later
 * step fails, the stored files are removed so nothing half-made is left.
 * A render counts against the owner's `collage_render` limit and runs in the
 * bounded image queue (rate-limit/limits.ts, media/process-image.ts).
 */
import { COLLAGES_ENABLED_GROUP, COLLAGES_EXPERIMENT } from '@pinboard/shared/constants/collages';
import type { TCollageLayer, TPublishCollage } from '@pinboard/shared/schemas/collages';
import type { Db } from '../../db/client';
import { invalid, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext, type Viewer } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import type { MediaStore } from '../../media-pipeline/media-store';
import { imageWork, processImageInPlace } from '../../media-pipeline/process-image';
import type { ActionLimits } from '../../rate-limit/limits';
import { storeImage } from '../../media-pipeline/store-image';
import { presentPin, type CreatePin } from '../pins';
import { type ImageVariant, type PinWithRefs } from '../../kernel';
import { presentCollage, presentCollageDetail, presentListEntry } from './collages.present';
import { renderCollage } from './collages.render';
import { collagesRepo, type CollageRow, type Preview } from './collages.repo';
import { userById } from '../users';

const COLLAGE = 'collage';

/** Media-store keys of a stored image set (its URLs without the /media/ prefix). */
function mediaKeys(images: Record<string, ImageVariant> | null) {
  return [...new Set(Object.values(images ?? {}).map((v) => v.url.replace(/^\/media\//, '')))];
}

export function createCollagesService({
  db,
  media,
  config,
  createPin,
  limits,
}: {
  db: Db;
  media: MediaStore;
  config: { experiments: Record<string, string> };
  /** The Pin creation pipeline (pins; decision 082). */
  createPin: CreatePin;
  limits: ActionLimits;
}) {
  /** Collages are for signed-in, non-partner people in the experiment; for anyone else they do not exist. */
  async function collageMaker(ctx: RequestContext): Promise<Viewer> {
    const viewer = requireViewer(ctx);
    if (config.experiments[COLLAGES_EXPERIMENT] !== COLLAGES_ENABLED_GROUP) throw notFound('collages');
    const user = await userById(db, viewer.id);
    if (!user || user.is_partner) throw notFound('collages');
    return viewer;
  }

  async function ownCollage(viewer: Viewer, id: string) {
    const collage = await collagesRepo.ownById(db, viewer.id, id);
    if (!collage) throw notFound(COLLAGE);
    return collage;
  }

  async function ownDraft(viewer: Viewer, id: string) {
    const collage = await ownCollage(viewer, id);
    if (!collage.is_draft) throw invalid('id: this collage is already published.');
    return collage;
  }

  /** The source Pins of the layers; 404 when any of them is one the owner may not see. */
  async function sourcesOf(viewer: Viewer, layers: readonly TCollageLayer[]) {
    const ids = [...new Set(layers.map((l) => l.pin_id))];
    const pins = await collagesRepo.visiblePins(db, viewer.id, ids);
    const byId = new Map(pins.map((pin) => [pin.id, pin]));
    if (ids.some((id) => !byId.has(id))) throw notFound('pin');
    return byId;
  }

  /**
   * Draws the layers: the caller stores the result with its variants.
   * Drawing and re-encoding hold one place in the image queue, like an upload.
   */
  async function draw(ctx: RequestContext, layers: readonly TCollageLayer[], sources: ReadonlyMap<string, PinWithRefs>) {
    await limits.take('collage_render', ctx);
    return imageWork.run(async () =>
      processImageInPlace(
        await renderCollage(
          media,
          layers.map((layer) => ({ layer, images: sources.get(layer.pin_id)!.images })),
        ),
      ),
    );
  }

  /** Draws a draft's layers and stores its preview; the caller removes `stored.keys` if it cannot use them. */
  async function render(ctx: RequestContext, layers: readonly TCollageLayer[], sources: ReadonlyMap<string, PinWithRefs>) {
    const stored = await storeImage(media, await draw(ctx, layers, sources));
    const preview: Preview = {
      media_base: stored.base,
      images: stored.images as unknown as Record<string, ImageVariant>,
      dominant_color: stored.dominantColor,
    };
    return { stored, preview };
  }

  async function detail(viewer: Viewer, collage: CollageRow) {
    const ids = [...new Set(collage.layers.map((l) => l.pin_id))];
    const visible = await collagesRepo.visiblePins(db, viewer.id, collage.pin_id ? [...ids, collage.pin_id] : ids);
    const byId = new Map(visible.map((pin) => [pin.id, pin]));
    return presentCollageDetail(collage, byId, collage.pin_id ? (byId.get(collage.pin_id) ?? null) : null);
  }

  async function dropMedia(images: Record<string, ImageVariant> | null) {
    const keys = mediaKeys(images);
    if (keys.length > 0) await media.delete(keys).catch(() => {});
  }

  return {
    /** One of the owner's collages with its layers (opening a draft in the tool). */
    async get(ctx: RequestContext, id: string) {
      const viewer = await collageMaker(ctx);
      return detail(viewer, await ownCollage(viewer, id));
    },

    /** Saves a new draft. */
    async create(ctx: RequestContext, layers: TCollageLayer[]) {
      const viewer = await collageMaker(ctx);
      const sources = await sourcesOf(viewer, layers);
      const { stored, preview } = await render(ctx, layers, sources);
      const id = newId();
      try {
        await collagesRepo.insertDraft(db, { id, owner_id: viewer.id, layers, ...preview });
      } catch (err) {
        await media.delete(stored.keys).catch(() => {});
        throw err;
      }
      return detail(viewer, (await collagesRepo.ownById(db, viewer.id, id))!);
    },

    /** Replaces a draft's layers (and its preview). */
    async update(ctx: RequestContext, id: string, layers: TCollageLayer[]) {
      const viewer = await collageMaker(ctx);
      const before = await ownDraft(viewer, id);
      const sources = await sourcesOf(viewer, layers);
      const { stored, preview } = await render(ctx, layers, sources);
      let saved = false;
      try {
        saved = await collagesRepo.updateDraft(db, viewer.id, id, layers, preview);
      } finally {
        if (!saved) await media.delete(stored.keys).catch(() => {});
      }
      if (!saved) throw notFound(COLLAGE);
      await dropMedia(before.images);
      return detail(viewer, (await collagesRepo.ownById(db, viewer.id, id))!);
    },

    /**
     * Publishes a draft: renders it, makes a Pin of it (method 'collage') on
     * one of the owner's boards or their profile, and ends the draft, all or
     * nothing (the Pin creation pipeline: decision 082).
     */
    async publish(ctx: RequestContext, input: TPublishCollage) {
      const viewer = await collageMaker(ctx);
      const draft = await ownDraft(viewer, input.id);
      const pin = await createPin(ctx, {
        source: { kind: 'rendered', render: async () => draw(ctx, draft.layers, await sourcesOf(viewer, draft.layers)) },
        details: { title: input.title, description: input.description, method: 'collage' },
        placement: { board_id: input.board_id },
        async alsoInTransaction(tx, pinId) {
          if (!(await collagesRepo.markPublished(tx, viewer.id, draft.id, pinId))) throw notFound(COLLAGE);
        },
      });
      await dropMedia(draft.images);
      return { ...presentCollage({ ...draft, is_draft: false, pin_id: pin.id }, pin), pin: presentPin(pin) };
    },

    /** DELETE /v3/shuffles/{id}/: deletes one of the owner's drafts (a published collage is deleted with its Pin). */
    async delete(ctx: RequestContext, id: string) {
      const viewer = await collageMaker(ctx);
      const collage = await ownCollage(viewer, id);
      if (!collage.is_draft) throw invalid('id: a published collage is its Pin; delete the Pin instead.');
      const deleted = await collagesRepo.deleteDraft(db, viewer.id, id);
      if (!deleted) throw notFound(COLLAGE);
      await dropMedia(deleted.images);
      return { id: deleted.id };
    },

    /** GET /v3/users/me/shuffles/: the owner's drafts, published collages, or both, newest first. */
    async list(ctx: RequestContext, o: PageRequest & { isDraft: boolean | null; transformToPins: boolean }) {
      const viewer = await collageMaker(ctx);
      const cursor = decodeCursor(o.bookmark, ['id']);
      const rows = await collagesRepo.list(db, viewer.id, o.isDraft, cursor ? cursor[0] : null, o.pageSize + 1);
      const page = pageOf(rows, o.pageSize, (row) => [row.id]);
      const pinIds = page.items.flatMap((c) => (c.pin_id ? [c.pin_id] : []));
      const pins = new Map((pinIds.length > 0 ? await collagesRepo.visiblePins(db, viewer.id, pinIds) : []).map((pin) => [pin.id, pin]));
      return {
        items: page.items.map((c) => presentListEntry(c, c.pin_id ? (pins.get(c.pin_id) ?? null) : null, o.transformToPins)),
        bookmark: page.bookmark,
      };
    },
  };
}
