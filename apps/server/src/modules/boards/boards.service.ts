/**
 * Boards: create and read, with the visibility rule of boards.policy.
 */
import type { TCreateBoard } from '@pinboard/shared/schemas/boards';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import { requireViewer } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import { usersRepo } from '../users/users.repo';
import { canPinToBoard, canSeeBoard } from './boards.policy';
import { presentBoard } from './boards.present';
import { boardsRepo, type BoardWithOwner } from './boards.repo';
import { slugify } from './slugify';

export function createBoardsService({ db }: { db: Db }) {
  async function uniqueSlug(ownerId: string, name: string) {
    const base = slugify(name);
    const taken = await boardsRepo.slugsLike(db, ownerId, base);
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  }

  /** Loads a board the viewer may see, else answers 404 exactly as for a missing one. */
  async function visibleBoard(ctx: RequestContext, boardId: string): Promise<BoardWithOwner> {
    const board = await boardsRepo.byId(db, boardId, ctx.viewer?.id ?? null);
    if (!board || !canSeeBoard(ctx.viewer, board)) throw notFound('That board');
    return board;
  }

  return {
    visibleBoard,

    async create(ctx: RequestContext, input: TCreateBoard) {
      const viewer = requireViewer(ctx);
      const id = newId();
      try {
        await boardsRepo.insert(db, {
          id,
          owner_id: viewer.id,
          name: input.name,
          slug: await uniqueSlug(viewer.id, input.name),
          description: input.description ?? '',
          privacy: input.privacy ?? 'public',
          category: input.category || 'other',
          collab_board_email: input.collab_board_email ?? true,
          collaborator_invites_enabled: input.collaborator_invites_enabled ?? false,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'You already have a board with that name.');
        throw err;
      }
      return presentBoard((await boardsRepo.byId(db, id, viewer.id))!, viewer.id);
    },

    async get(ctx: RequestContext, ref: { board_id: string } | { username: string; slug: string }) {
      const viewerId = ctx.viewer?.id ?? null;
      const board =
        'board_id' in ref ? await boardsRepo.byId(db, ref.board_id, viewerId) : await boardsRepo.bySlug(db, ref.username, ref.slug, viewerId);
      if (!board || !canSeeBoard(ctx.viewer, board)) throw notFound('That board');
      return presentBoard(board, viewerId);
    },

    /** A user's boards the viewer may see; protected boards are listed only for their owner. */
    async listForUser(ctx: RequestContext, username: string, opts: { bookmark?: string; pageSize: number }) {
      const owner = await usersRepo.byUsername(db, username);
      if (!owner) throw notFound('That profile');
      const viewerId = ctx.viewer?.id ?? null;
      const cursor = decodeCursor(opts.bookmark, 1);
      const rows = await boardsRepo.listForOwner(db, owner.id, viewerId, {
        includeProtected: viewerId === owner.id,
        before: cursor ? String(cursor[0]) : null,
        limit: opts.pageSize + 1,
      });
      const page = pageOf(rows, opts.pageSize, (b) => [b.id]);
      return { items: page.items.map((b) => presentBoard(b, viewerId)), bookmark: page.bookmark };
    },

    /** The board a Pin may be added to by the viewer, else 404 (unseen) or 403 (seen but not theirs). */
    async boardToPinTo(ctx: RequestContext, boardId: string) {
      const board = await visibleBoard(ctx, boardId);
      if (!canPinToBoard(ctx.viewer, board)) throw forbidden('You can only add Pins to your own boards.');
      return board;
    },
  };
}

export type BoardsService = ReturnType<typeof createBoardsService>;
