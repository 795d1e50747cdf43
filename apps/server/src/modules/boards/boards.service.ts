/**
 * Boards: create, read, list, edit, archive, delete with a restore window,
 * and collaborators, with the rules of boards.policy.
 */
import { MAX_AGE_RECENTLY_DELETED_BOARD_DAYS } from '@pinboard/shared/constants/limits';
import type { TCreateBoard, TUpdateBoard } from '@pinboard/shared/schemas/boards';
import type { Db } from '../../db/client';
import { AppError, forbidden, invalid, keyedError, notFound } from '../../lib/app-error';
import type { RequestContext, Viewer } from '../../lib/context';
import { requireViewer } from '../../lib/context';
import { decodeCursor, pageOf, type CursorPart } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { ValidationError } from '../../lib/validation';
import type { EventEmitter } from '../../events/bus';
import { userByUsername } from '../users';
import type { Editable, Pinnable, Visible } from '../../kernel/access.policy';
import { boardAbilities, collaboratorEditableFields, editableBoard, pinnableBoard, seenBoard } from '../../kernel/boards.policy';
import { presentBoard } from './boards.present';
import { BOARD_SORTS, boardsRepo, type BoardSort, type BoardWithOwner } from './boards.repo';
import { slugify } from '../../lib/slugify';
import type { TBoardPageOut } from '@pinboard/shared/schemas/entities';

/** What the first key of each board order's cursor holds (BOARD_SORTS' keyType). */
const BOARD_CURSOR_KEY: Record<BoardSort, CursorPart> = { alphabetical: 'text', custom: 'int', last_pinned_to: 'timestamp' };

/**
 * What boards ask of the ad accounts (wired in services.ts, so that boards
 * need not import the ads module, which reads boards' visibility rule).
 */
interface BoardAdAccounts {
  /** The privacy of a new board made on the ad account (404 when the viewer has no role on it), or by a person acting as a business with one. */
  newBoardPrivacy(ctx: RequestContext, advertiserId: string | undefined, asked: TCreateBoard['privacy']): Promise<TCreateBoard['privacy']>;
  /** Whether whoever acts may change the privacy of a board of this owner (an ad account's protected toggle). */
  mayChangePrivacy(ctx: RequestContext, boardOwnerId: string): Promise<boolean>;
}

/**
 * What a board's page shows of its collaboration: the face-pile (the first
 * collaborators and how many there are) and, for a signed-in viewer who is
 * not on the board, their pending invite to it. Board-invites answers it
 * (wired in services.ts): it reads boards, so boards do not import it.
 */
interface BoardPageCollaboration {
  of(board: BoardWithOwner, viewerId: string | null): Promise<Pick<TBoardPageOut, 'collaborating_users' | 'collaborator_count' | 'viewer_invite'>>;
}

interface BoardsDeps {
  db: Db;
  adAccounts?: BoardAdAccounts;
  collaboration: BoardPageCollaboration;
  /** Announces board.privacyChanged, board.collaboratorInvitesClosed, board.collaboratorRemoved (in the transaction) and board.purged (decision 070). */
  events: EventEmitter;
}

export function createBoardsService({ db, adAccounts, collaboration, events }: BoardsDeps) {
  async function uniqueSlug(ownerId: string, name: string, exceptBoardId?: string, preferred?: string) {
    const base = slugify(name);
    const taken = await boardsRepo.slugsLike(db, ownerId, base, exceptBoardId);
    if (preferred && !(await boardsRepo.slugsLike(db, ownerId, preferred, exceptBoardId)).has(preferred)) return preferred;
    if (!taken.has(base)) return base;
    for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
  }

  async function assertNameFree(ownerId: string, name: string, exceptBoardId?: string) {
    if (await boardsRepo.nameTaken(db, ownerId, name, exceptBoardId)) throw new AppError('CONFLICT', 'You already have a board with that name.');
  }

  /**
   * Board order (docs/product/profiles-and-boards.md §4): others always see last_pinned_to; the owner gets the
   * asked order, else their most recently saved one, else custom when they
   * have arranged their boards, else last_pinned_to.
   */
  async function boardSortFor(isOwner: boolean, asked: string | undefined, owner: { id: string; metadata: Record<string, unknown> }): Promise<BoardSort> {
    if (!isOwner) return 'last_pinned_to';
    const known = (v: unknown): v is BoardSort => typeof v === 'string' && v in BOARD_SORTS;
    if (known(asked)) return asked;
    if (known(owner.metadata.most_recent_board_sort_order)) return owner.metadata.most_recent_board_sort_order;
    return (await boardsRepo.hasCustomOrder(db, owner.id)) ? 'custom' : 'last_pinned_to';
  }

  /** Loads a board the viewer may see, else answers 404 exactly as for a missing one. */
  async function visibleBoard(ctx: RequestContext, boardId: string): Promise<Visible<BoardWithOwner>> {
    const board = seenBoard(ctx.viewer, await boardsRepo.byId(db, boardId, ctx.viewer?.id ?? null));
    if (!board) throw notFound('board');
    return board;
  }

  /** One board as its page shows it: the Board entity plus its collaboration (BoardPageCollaboration). */
  async function presentBoardPage(board: BoardWithOwner, viewer: Viewer | null): Promise<TBoardPageOut> {
    const viewerId = viewer?.id ?? null;
    return { ...presentBoard(board, viewerId), ...(await collaboration.of(board, viewerId)), can: boardAbilities(viewer, board) };
  }

  /** A board just written by the viewer, read again for its answer. */
  async function reread(ctx: RequestContext, boardId: string) {
    return presentBoardPage((await boardsRepo.byId(db, boardId, ctx.viewer?.id ?? null))!, ctx.viewer);
  }

  /**
   * Writes asked changes of a board (decision 080: only a board its owner changes, or one a collaborator
   * may add Pins to, for the fields collaboratorEditableFields leaves them; `update` checked which).
   */
  async function changeBoard(
    board: Editable<BoardWithOwner> | Pinnable<BoardWithOwner>,
    fields: Omit<TUpdateBoard, 'board_id' | 'orbac_subject_id' | 'archived'>,
    archived: boolean | undefined,
  ) {
    const newPrivacy = fields.privacy;
    const privacyChanges = newPrivacy !== undefined && newPrivacy !== board.privacy;
    const slug = fields.name && fields.name !== board.name ? await uniqueSlug(board.owner_id, fields.name, board.id) : undefined;
    await db.tx(async (tx) => {
      await boardsRepo.update(tx, board.id, {
        ...fields,
        slug,
        archived_at: archived === undefined ? undefined : archived ? new Date() : null,
      });
      // Made secret, its Pins are no longer public: the campaigns promoting them stop (ads; the board form asked first).
      if (privacyChanges && newPrivacy) await events.emit('board.privacyChanged', { tx, boardId: board.id, from: board.privacy, to: newPrivacy });
      // Collaborators may no longer invite: the invites they sent end too (board-invites).
      if (fields.collaborator_invites_enabled === false)
        await events.emit('board.collaboratorInvitesClosed', { tx, boardId: board.id, ownerId: board.owner_id });
    });
  }

  /** Deletes softly an owner's board (decision 080: only an editable one). */
  async function removeBoard(board: Editable<BoardWithOwner>) {
    await boardsRepo.update(db, board.id, { deleted_at: new Date() });
  }

  return {
    visibleBoard,

    async create(ctx: RequestContext, input: TCreateBoard) {
      const viewer = requireViewer(ctx);
      // On an ad account only its owner chooses the privacy; others get protected (docs/product/profiles-and-boards.md §6).
      const privacy = adAccounts ? await adAccounts.newBoardPrivacy(ctx, input.advertiser_id, input.privacy) : input.privacy;
      if (input.is_ads_only && !input.advertiser_id)
        throw new ValidationError('is_ads_only', 'is_ads_only: an ads-only board is made on an ad account; name its advertiser_id.');
      await assertNameFree(viewer.id, input.name);
      const id = newId();
      try {
        await boardsRepo.insert(db, {
          id,
          owner_id: viewer.id,
          name: input.name,
          slug: await uniqueSlug(viewer.id, input.name),
          description: input.description ?? '',
          privacy: privacy ?? 'public',
          category: input.category || 'other',
          collab_board_email: input.collab_board_email ?? true,
          collaborator_invites_enabled: input.collaborator_invites_enabled ?? false,
          is_ads_only: !!input.is_ads_only,
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'You already have a board with that name.');
        throw err;
      }
      return reread(ctx, id);
    },

    async get(ctx: RequestContext, ref: { board_id: string } | { username: string; slug: string }) {
      const viewerId = ctx.viewer?.id ?? null;
      const row = 'board_id' in ref ? await boardsRepo.byId(db, ref.board_id, viewerId) : await boardsRepo.bySlug(db, ref.username, ref.slug, viewerId);
      const board = seenBoard(ctx.viewer, row);
      if (!board) throw notFound('board');
      return presentBoardPage(board, ctx.viewer);
    },

    /**
     * A user's boards the viewer may see. Protected and archived boards are
     * listed only for their owner; the order follows docs/product/profiles-and-boards.md §4 (boardSortFor).
     */
    async listForUser(
      ctx: RequestContext,
      username: string,
      opts: PageRequest & {
        sort?: string | undefined;
        only?: 'all' | 'secret' | 'archived' | 'group';
        privacy?: 'public' | 'protected' | 'secret' | undefined;
      },
    ) {
      const owner = await userByUsername(db, username);
      if (!owner) throw notFound('profile');
      const viewerId = ctx.viewer?.id ?? null;
      const isOwner = viewerId === owner.id;
      const sort = await boardSortFor(isOwner, opts.sort, owner);
      const cursor = decodeCursor(opts.bookmark, [BOARD_CURSOR_KEY[sort], 'id']);
      const rows = await boardsRepo.listForOwner(db, owner.id, viewerId, {
        sort,
        only: opts.only ?? 'all',
        privacy: opts.privacy,
        after: cursor ? [String(cursor[0]), cursor[1]] : null,
        limit: opts.pageSize + 1,
      });
      const page = pageOf(rows, opts.pageSize, BOARD_SORTS[sort].cursor);
      return { items: page.items.map((b) => presentBoard(b, viewerId)), bookmark: page.bookmark, sort };
    },

    async update(ctx: RequestContext, input: TUpdateBoard) {
      requireViewer(ctx);
      const seen = await visibleBoard(ctx, input.board_id);
      const { board_id: _id, orbac_subject_id: _subject, archived, ...fields } = input;
      const asked = Object.entries({ ...fields, ...(archived === undefined ? {} : { archived }) }).filter(([, v]) => v !== undefined);
      let board: Editable<BoardWithOwner> | Pinnable<BoardWithOwner> | null = editableBoard(ctx.viewer, seen);
      if (!board) {
        const editable = collaboratorEditableFields(seen);
        const ownerOnly = asked.filter(([k]) => !editable.has(k));
        board = pinnableBoard(ctx.viewer, seen);
        if (!board) throw keyedError('FORBIDDEN', 'boards.ownerManagesRest', { name: seen.owner_full_name });
        // The homefeed toggle is a collaborator's on an ads-only board only: elsewhere the refusal names it.
        if (ownerOnly.length === 1 && ownerOnly[0]![0] === 'allow_homefeed_recommendations') {
          throw forbidden(
            "allow_homefeed_recommendations: a collaborator changes the homefeed recommendations of an ads-only board only; the board's owner manages the rest.",
          );
        }
        if (ownerOnly.length > 0) throw keyedError('FORBIDDEN', 'boards.ownerManagesRest', { name: board.owner_full_name });
      }
      const newPrivacy = fields.privacy;
      const privacyChanges = newPrivacy !== undefined && newPrivacy !== board.privacy;
      if (privacyChanges && adAccounts && !(await adAccounts.mayChangePrivacy(ctx, board.owner_id))) {
        throw forbidden("privacy: on the business's ad account only its owner or a profile publisher changes a board's privacy.");
      }
      if (board.is_ads_only && fields.name !== undefined && fields.name !== board.name) {
        throw new ValidationError('name', "name: an ads-only board's name is fixed.");
      }
      if (fields.cover_pin_id) {
        if (!(await boardsRepo.holdsPin(db, board.id, fields.cover_pin_id))) throw invalid('cover_pin_id: choose a Pin from this board.');
      }
      if (fields.name) await assertNameFree(board.owner_id, fields.name, board.id);
      try {
        await changeBoard(board, fields, archived);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'You already have a board with that name.');
        throw err;
      }
      return reread(ctx, board.id);
    },

    /** Deletes softly: the owner can restore the board for MAX_AGE_RECENTLY_DELETED_BOARD days. */
    async delete(ctx: RequestContext, boardId: string) {
      const board = editableBoard(ctx.viewer, await visibleBoard(ctx, boardId));
      if (!board) throw forbidden("Only the board's owner can delete it.");
      await removeBoard(board);
      return { id: board.id, days_to_restore: MAX_AGE_RECENTLY_DELETED_BOARD_DAYS };
    },

    async restore(ctx: RequestContext, boardId: string) {
      const viewer = requireViewer(ctx);
      const board = await boardsRepo.deletedById(db, boardId);
      const windowMs = MAX_AGE_RECENTLY_DELETED_BOARD_DAYS * 86400_000;
      if (!board || board.owner_id !== viewer.id || !board.deleted_at || Date.now() - board.deleted_at.getTime() > windowMs) {
        throw notFound('board');
      }
      const slug = await uniqueSlug(board.owner_id, board.name, board.id, board.slug);
      await boardsRepo.update(db, board.id, { deleted_at: null, slug });
      return reread(ctx, board.id);
    },

    async listDeleted(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      const rows = await boardsRepo.listDeleted(db, viewer.id, MAX_AGE_RECENTLY_DELETED_BOARD_DAYS);
      return rows.map((b) => ({ id: b.id, name: b.name, pin_count: b.pin_count, deleted_at: b.deleted_at?.toISOString(), days_left: b.days_left }));
    },

    /** Removes boards past their restore window, with their Pins; board.purged removes the images no other Pin uses (pins). */
    async purgeExpired() {
      const { boardIds, media } = await boardsRepo.purgeDeleted(db, MAX_AGE_RECENTLY_DELETED_BOARD_DAYS);
      await events.emit('board.purged', { boardIds, media });
      return boardIds.length;
    },

    async removeCollaborator(ctx: RequestContext, boardId: string, userId: string) {
      const viewer = requireViewer(ctx);
      const board = await visibleBoard(ctx, boardId);
      // The owner removes anyone; a collaborator may leave.
      if (!editableBoard(ctx.viewer, board) && viewer.id !== userId) throw forbidden("Only the board's owner can remove collaborators.");
      await db.tx(async (tx) => {
        await boardsRepo.removeCollaborator(tx, board.id, userId);
        // The invites they sent end with their place on the board (board-invites).
        if (userId !== board.owner_id) await events.emit('board.collaboratorRemoved', { tx, boardId: board.id, userId });
      });
      return { board_id: board.id, user_id: userId };
    },

    /** The board a Pin may be added to by the viewer, else 404 (unseen) or 403 (seen but not theirs). */
    async boardToPinTo(ctx: RequestContext, boardId: string): Promise<Pinnable<BoardWithOwner>> {
      const board = pinnableBoard(ctx.viewer, await visibleBoard(ctx, boardId));
      if (!board) throw forbidden('You can only add Pins to your own boards.');
      return board;
    },
  };
}

export type BoardsService = ReturnType<typeof createBoardsService>;
