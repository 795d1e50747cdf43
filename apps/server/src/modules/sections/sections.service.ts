/**
 * Board sections: made, renamed, reordered and deleted by whoever may add
 * Pins to the board (owner or collaborator); deleting one keeps its Pins on
 * the board. Seen by whoever may see the board.
 */
import type { Db, Queryable } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import { type BoardsService, boardUrl } from '../boards';
import { pinnableBoard, sectionAbilities, type BoardWithOwner } from '../../kernel';
import type { Pinnable } from '../../kernel/access.policy';
import type { SectionRow } from './sections.repo';
import { slugify } from '../../lib/slugify';
import { presentSection } from './sections.present';
import { sectionsRepo } from './sections.repo';

export function createSectionsService({ db, boards }: { db: Db; boards: BoardsService }) {
  /** `q` is the transaction when called inside one: a query on `db` there would run outside it (and could wait on the transaction's own locks). */
  async function uniqueSlug(q: Queryable, boardId: string, title: string, exceptSlug?: string) {
    const taken = await sectionsRepo.slugs(q, boardId);
    if (exceptSlug) taken.delete(exceptSlug);
    const base = slugify(title);
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  }

  /** A section whose board the viewer may see. */
  async function visibleSection(ctx: RequestContext, sectionId: string) {
    const section = await sectionsRepo.byId(db, sectionId);
    if (!section) throw notFound('section');
    const board = await boards.visibleBoard(ctx, section.board_id);
    return { section, board };
  }

  /** A section the viewer may change: its board is one they may add Pins to (decision 080: a Pinnable board). */
  async function changeableSection(ctx: RequestContext, sectionId: string): Promise<{ section: SectionRow; board: Pinnable<BoardWithOwner> }> {
    const { section, board: seen } = await visibleSection(ctx, sectionId);
    const board = pinnableBoard(ctx.viewer, seen);
    if (!board) throw forbidden('Only the board’s owner and collaborators can change its sections.');
    return { section, board };
  }

  /** The writes take the board as the policy allowed it (decision 080): one the viewer may add Pins to. */
  async function addSection(board: Pinnable<BoardWithOwner>, title: string) {
    const id = newId();
    await db.tx(async (tx) => sectionsRepo.insert(tx, { id, board_id: board.id, title, slug: await uniqueSlug(tx, board.id, title) }));
    return id;
  }

  async function changeSection(board: Pinnable<BoardWithOwner>, section: SectionRow, changes: { title?: string | undefined; position?: number | undefined }) {
    await db.tx(async (tx) => {
      if (changes.title !== undefined && changes.title !== section.title) {
        await sectionsRepo.rename(tx, section.id, changes.title, await uniqueSlug(tx, board.id, changes.title, section.slug));
      }
      if (changes.position !== undefined) {
        const order = (await sectionsRepo.listForBoard(tx, board.id)).map((s) => s.id).filter((id) => id !== section.id);
        order.splice(Math.min(changes.position, order.length), 0, section.id);
        await sectionsRepo.setPositions(tx, order);
      }
    });
  }

  async function removeSection(board: Pinnable<BoardWithOwner>, section: SectionRow) {
    if (section.board_id !== board.id) throw notFound('section');
    await db.tx((tx) => sectionsRepo.delete(tx, section));
  }

  return {
    visibleSection,

    async get(ctx: RequestContext, ref: { section_id: string } | { board_id: string; slug: string }) {
      if ('section_id' in ref) {
        const { section, board } = await visibleSection(ctx, ref.section_id);
        return presentSection(section, sectionAbilities(ctx.viewer, board), boardUrl(board.owner_username, board.slug));
      }
      const board = await boards.visibleBoard(ctx, ref.board_id);
      const section = await sectionsRepo.bySlug(db, board.id, ref.slug);
      if (!section) throw notFound('section');
      return presentSection(section, sectionAbilities(ctx.viewer, board), boardUrl(board.owner_username, board.slug));
    },

    async list(ctx: RequestContext, boardId: string) {
      const board = await boards.visibleBoard(ctx, boardId);
      const can = sectionAbilities(ctx.viewer, board);
      return (await sectionsRepo.listForBoard(db, board.id)).map((s) => presentSection(s, can, boardUrl(board.owner_username, board.slug)));
    },

    async create(ctx: RequestContext, boardId: string, title: string) {
      const board = await boards.boardToPinTo(ctx, boardId);
      const id = await addSection(board, title);
      return presentSection((await sectionsRepo.byId(db, id))!, sectionAbilities(ctx.viewer, board), boardUrl(board.owner_username, board.slug));
    },

    async update(ctx: RequestContext, sectionId: string, changes: { title?: string | undefined; position?: number | undefined }) {
      const { section, board } = await changeableSection(ctx, sectionId);
      await changeSection(board, section, changes);
      return presentSection((await sectionsRepo.byId(db, section.id))!, sectionAbilities(ctx.viewer, board), boardUrl(board.owner_username, board.slug));
    },

    async delete(ctx: RequestContext, sectionId: string) {
      const { section, board } = await changeableSection(ctx, sectionId);
      await removeSection(board, section);
      return { id: section.id, moved_pin_count: section.pin_count };
    },
  };
}

export type SectionsService = ReturnType<typeof createSectionsService>;
