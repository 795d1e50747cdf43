/**
 * Bulk actions on a board's Pins: move them to another board or section, or
 * delete them. The selection is a list of Pins, or "all but these" (inverse
 * selection). One action per board at a time (board-action-claims).
 */
import type { TPinBulkDelete, TPinMove } from '@pinboard/shared/schemas/pins';
import type { Db } from '../../db/client';
import { invalid } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { canEditBoard, presentBoard, type BoardsService, boardById } from '../boards';
import type { MediaStore } from '../../media/media-store';
import type { SectionsService } from '../sections';
import { removeUnusedMedia } from '../pins';
import { withBoardClaims } from './board-action-claims';
import { bulkRepo, type PinSelection } from './bulk.repo';

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
      const [source, destination] = await Promise.all([
        boardById(db, selection.boardId, viewer.id),
        boardById(db, target.id, viewer.id),
      ]);
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
  };
}
