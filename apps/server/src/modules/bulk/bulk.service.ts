/**
 * Bulk actions on a board's Pins: move them to another board or section, or
 * delete them. The selection is a list of Pins, or "all but these" (inverse
 * selection). One action per board at a time (board-action-claims). And
 * placing one Pin among new neighbours in the board's custom order
 * (decision 065).
 */
import { keyedInvalid } from '../../lib/validation';
import type { TBoardPinOrder, TPinBulkDelete, TPinMove } from '@pinboard/shared/schemas/pins';
import type { Db } from '../../db/client';
import { invalid } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { presentBoard, type BoardsService } from '../boards';
import { canEditBoard, boardById } from '../../kernel';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { SectionsService } from '../sections';
import { removeUnusedMedia } from '../pins';
import { withBoardClaims } from './board-action-claims';
import { bulkRepo, pinOrderRepo, type PinSelection } from './bulk.repo';

/** How far above or below the first or last Pin a Pin placed at an end goes. */
const RANK_STEP = 1024;

type SelectionInput = Pick<TPinMove, 'board_id' | 'old_section_id' | 'pin_ids' | 'select_all' | 'excluded_pin_ids'>;

export function createBulkService({ db, media, boards, sections }: { db: Db; media: MediaStore; boards: BoardsService; sections: SectionsService }) {
  async function sectionOn(ctx: RequestContext, sectionId: string | undefined, boardId: string) {
    if (!sectionId) return null;
    const { section } = await sections.visibleSection(ctx, sectionId);
    if (section.board_id !== boardId) throw invalid('section_id: that section is not on this board.');
    return section.id;
  }

  /** Owners act on every Pin of their board; collaborators on the Pins they saved. */
  async function selectionOf(ctx: RequestContext, o: SelectionInput): Promise<PinSelection> {
    const board = await boards.boardToPinTo(ctx, o.board_id);
    return {
      boardId: board.id,
      sectionId: await sectionOn(ctx, o.old_section_id, board.id),
      pinIds: o.pin_ids ?? [],
      selectAll: o.select_all ?? false,
      excludedPinIds: o.excluded_pin_ids ?? [],
      pinnerId: canEditBoard(ctx.viewer, board) ? null : requireViewer(ctx).id,
    };
  }

  return {
    async move(ctx: RequestContext, o: TPinMove) {
      const viewer = requireViewer(ctx);
      if (o.board_id === o.new_board_id && (o.old_section_id ?? null) === (o.new_section_id ?? null)) {
        throw invalid('new_board_id: these Pins are already there. Choose another board or section.');
      }
      const selection = await selectionOf(ctx, o);
      const target = await boards.boardToPinTo(ctx, o.new_board_id);
      const targetSection = await sectionOn(ctx, o.new_section_id, target.id);
      const moved = await withBoardClaims(db, [selection.boardId, target.id], () =>
        db.tx(async (tx) => {
          const ids = await bulkRepo.move(tx, selection, { boardId: target.id, sectionId: targetSection });
          if (ids.length === 0) throw invalid('pin_ids: none of those Pins are on this board.');
          await bulkRepo.settleBoard(tx, selection.boardId);
          if (target.id !== selection.boardId) await bulkRepo.settleBoard(tx, target.id);
          await bulkRepo.touchLastPinned(tx, target.id);
          return ids;
        }),
      );
      const [source, destination] = await Promise.all([boardById(db, selection.boardId, viewer.id), boardById(db, target.id, viewer.id)]);
      return {
        moved_pin_ids: moved,
        moved_count: moved.length,
        source_board: source && presentBoard(source, viewer.id),
        board: destination && presentBoard(destination, viewer.id),
        section_id: targetSection,
      };
    },

    async delete(ctx: RequestContext, o: TPinBulkDelete) {
      requireViewer(ctx);
      const selection = await selectionOf(ctx, o);
      const removed = await withBoardClaims(db, [selection.boardId], () =>
        db.tx(async (tx) => {
          const rows = await bulkRepo.delete(tx, selection);
          if (rows.length === 0) throw invalid('pin_ids: none of those Pins are on this board.');
          await bulkRepo.settleBoard(tx, selection.boardId);
          return rows;
        }),
      );
      await removeUnusedMedia(db, media, removed);
      return { deleted_pin_ids: removed.map((r) => r.id), deleted_count: removed.length };
    },

    /**
     * Places a Pin between `after_pin_id` (the Pin it follows) and
     * `before_pin_id` (the Pin it precedes): one row written, its rank the
     * middle of its neighbours'. Anyone who may organize the board (owner and
     * collaborators, boards.policy canPinToBoard), any Pin of it: the order is
     * the board's, not the Pin's. 404 for a board the viewer may not see.
     */
    async reorder(ctx: RequestContext, o: TBoardPinOrder) {
      requireViewer(ctx);
      const board = await boards.boardToPinTo(ctx, o.board_id);
      const named = [o.pin_id, o.after_pin_id, o.before_pin_id].filter((id): id is string => id !== undefined);
      return db.tx(async (tx) => {
        await pinOrderRepo.lockBoard(tx, board.id);
        const place = async () => {
          const ranks = await pinOrderRepo.ranks(tx, board.id, named);
          const missing = named.find((id) => !ranks.has(id));
          if (missing) {
            const field = missing === o.pin_id ? 'pin_id' : missing === o.after_pin_id ? 'after_pin_id' : 'before_pin_id';
            throw keyedInvalid(field, 'bulk.notOnBoard', { field });
          }
          // Higher ranks come first: the Pin it follows is above it, the one it precedes below.
          const upper = o.after_pin_id !== undefined ? ranks.get(o.after_pin_id)! : null;
          const lower = o.before_pin_id !== undefined ? ranks.get(o.before_pin_id)! : null;
          const above = upper ?? (await pinOrderRepo.neighbourRank(tx, board.id, lower!, o.before_pin_id!, 'above', o.pin_id));
          const below = lower ?? (await pinOrderRepo.neighbourRank(tx, board.id, upper!, o.after_pin_id!, 'below', o.pin_id));
          if (above !== null && below !== null && !(above > below)) {
            if (upper !== null && lower !== null && upper < lower) throw invalid('before_pin_id: that Pin comes before after_pin_id on this board.');
            return null;
          }
          const rank = above === null ? below! + RANK_STEP : below === null ? above - RANK_STEP : below + (above - below) / 2;
          return rank > (below ?? -Infinity) && rank < (above ?? Infinity) ? rank : null;
        };
        let rank = await place();
        if (rank === null) {
          // No room left between the two (equal ranks, or a gap halved to nothing): respace the board once and place again.
          await pinOrderRepo.respace(tx, board.id);
          rank = await place();
          if (rank === null) throw invalid('before_pin_id: that Pin comes before after_pin_id on this board.');
        }
        await pinOrderRepo.setRank(tx, o.pin_id, rank);
        return { board_id: board.id, pin_id: o.pin_id, after_pin_id: o.after_pin_id ?? null, before_pin_id: o.before_pin_id ?? null };
      });
    },
  };
}
