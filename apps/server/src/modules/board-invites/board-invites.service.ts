/**
 * Board invites: the owner (or a collaborator, when the board allows it)
 * invites people by user id or by email (board-email-invites: every address
 * is mailed a link); the invitee accepts (becoming a collaborator)
 * or declines (the invite goes away); the owner or the inviter may cancel a
 * pending invite. No invite passes between people who blocked each other.
 */
import { MESSAGES } from '@pinboard/shared/constants/messages';
import type { TCreateBoardInvites, TGetBoardInvites } from '@pinboard/shared/schemas/board-invites';
import type { Db, Queryable } from '../../db/client';
import { AppError, forbidden, invalid, keyedError, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import { blockAnswersAsMissing, blockBetween } from '../blocks';
import type { BoardsService } from '../boards';
import { type BoardWithOwner, userById } from '../../kernel';
import { canCancelInvite, canInvite, canSeePendingInvites } from './board-invites.policy';
import { presentMember, presentPendingInvite, presentSuggestedPerson } from './board-invites.present';
import { boardInvitesRepo, type MemberStatus } from './board-invites.repo';
import { canSeeAccount } from '../users';
import type { EventEmitter } from '../../events/bus';

const ALL_STATUSES: MemberStatus[] = ['accepted', 'new', 'contact_request_not_approved'];
const SUGGESTIONS_DEFAULT = 8;

/** 'Invalid Invite' (docs/product/profiles-and-boards.md §8): no pending invite of the viewer to that board. */
const invalidInvite = () => new AppError('NOT_FOUND', MESSAGES.boardInvite.invalid);

/** A link stored and waiting to be mailed (board-email-invites stores and mails it); the token exists only here and in the mail. */
export interface StoredLink {
  id: string;
  email: string;
  token: string;
}

/**
 * Invites by email, as inviting uses them. Board-email-invites answers it
 * (wired in services.ts); it builds on this module's invites, so this module
 * does not import it (decision 070).
 */
export interface EmailInvites {
  /** The SQL of a board's working invite links (board id in $1), one part of the members list. */
  pendingSql: string;
  assertNotInvited(boardId: string, emails: string[]): Promise<void>;
  reserveMails(inviterId: string, count: number): Promise<void>;
  store(tx: Queryable, o: { boardId: string; inviterId: string; email: string }): Promise<StoredLink>;
  mail(
    links: StoredLink[],
    o: { inviterName: string; inviterLocale?: string | null; board: { name: string; slug: string; owner_username: string } },
  ): Promise<void>;
  pendingByEmail(boardId: string, email: string): Promise<{ id: string; invited_by_user_id: string } | null>;
  withdraw(id: string): Promise<unknown>;
}

export function createBoardInvitesService({
  db,
  boards,
  emailInvites,
  events,
}: {
  db: Db;
  boards: BoardsService;
  emailInvites: EmailInvites;
  /** Announces board.invited after commit (decision 086). */
  events: EventEmitter;
}) {
  /** The board, when the viewer may invite people to it (404 when unseen, 403 when seen but not theirs to share). */
  async function boardToInviteTo(ctx: RequestContext, boardId: string) {
    const board = await boards.visibleBoard(ctx, boardId);
    if (!canInvite(ctx.viewer, board)) throw forbidden("Only the board's owner can invite collaborators.");
    return board;
  }

  /** One person may be invited: not the viewer, not the owner, no block either way with the viewer or the owner, not already on the board or invited. */
  async function assertInvitable(viewerId: string, board: BoardWithOwner, userId: string, present: Map<string, MemberStatus>) {
    if (userId === viewerId) throw invalid('invited_user_ids: you cannot invite yourself.');
    if (userId === board.owner_id) throw invalid('invited_user_ids: the owner is already on the board.');
    const user = await userById(db, userId);
    // A removed person (decision 045) answers as missing.
    if (!user || !canSeeAccount(user, false)) throw notFound('person');
    const name = user.full_name || user.username;
    // Only the viewer's own block is named; any other (theirs, or one between the owner and them) answers as a missing person.
    const block = (await blockBetween(db, viewerId, userId)) ?? (await blockBetween(db, board.owner_id, userId));
    if (block) throw blockAnswersAsMissing(viewerId, block) ? notFound('person') : keyedError('FORBIDDEN', 'boardInvites.cantInvite', { name });
    const status = present.get(userId);
    if (status === 'accepted') throw keyedError('CONFLICT', 'boardInvites.alreadyCollaborates', { name });
    if (status) throw keyedError('CONFLICT', 'boardInvites.alreadyInvited', { name });
  }

  return {
    /** BoardInvitesResource get: the viewer's own pending invites, or a board's collaborators and invites. */
    async list(ctx: RequestContext, o: TGetBoardInvites, { bookmark, pageSize }: PageRequest) {
      if (o.current_user) {
        const viewer = requireViewer(ctx);
        const after = decodeCursor(bookmark, ['id']);
        const rows = await boardInvitesRepo.pendingForViewer(db, viewer.id, { afterId: after ? after[0] : null, limit: pageSize + 1 });
        const page = pageOf(rows, pageSize, (r) => [r.invite_id]);
        return { items: page.items.map(presentPendingInvite), bookmark: page.bookmark };
      }
      const board = await boards.visibleBoard(ctx, o.board_id);
      const asked = o.status ?? ALL_STATUSES;
      const statuses = canSeePendingInvites(ctx.viewer, board) ? asked : asked.filter((s) => s === 'accepted');
      // (rank, microseconds of the invite or of joining, user or invite id)
      const after = decodeCursor(bookmark, ['int', 'id', 'id']);
      const rows =
        statuses.length === 0
          ? []
          : await boardInvitesRepo.membersOfBoard(db, board.id, {
              emailInvitesSql: emailInvites.pendingSql,
              viewerId: ctx.viewer?.id ?? null,
              viewerFirst: o.sort === 'viewer_first',
              statuses,
              after,
              limit: pageSize + 1,
            });
      const page = pageOf(rows, pageSize, (r) => [r.rank, r.at_us, r.sort_key]);
      return { items: page.items.map(presentMember), bookmark: page.bookmark };
    },

    /** The viewer's pending invite to one board; 'Invalid Invite' when there is none. */
    async mine(ctx: RequestContext, ref: { board_id: string } | { username: string; slug: string }) {
      const viewer = requireViewer(ctx);
      const row =
        'board_id' in ref
          ? await boardInvitesRepo.pendingOnBoard(db, viewer.id, ref.board_id)
          : await boardInvitesRepo.pendingOnBoardPath(db, viewer.id, ref.username, ref.slug);
      if (!row) throw invalidInvite();
      return presentPendingInvite(row);
    },

    /**
     * Invites people by user id and by email; all or none: one refused person
     * refuses the call. Every address gets a mailed link only (decision 013):
     * whether an address belongs to an account is never looked up, so typing
     * one tells the inviter nothing about who is behind it.
     */
    async invite(ctx: RequestContext, o: TCreateBoardInvites) {
      const viewer = requireViewer(ctx);
      const board = await boardToInviteTo(ctx, o.board_id);
      const userIds = [...new Set(o.invited_user_ids ?? [])];
      const emails = o.emails ?? [];
      const present = await boardInvitesRepo.alreadyOnBoard(db, board.id, userIds);
      for (const userId of userIds) await assertInvitable(viewer.id, board, userId, present);
      await emailInvites.assertNotInvited(board.id, emails);
      await emailInvites.reserveMails(viewer.id, emails.length);

      const links: StoredLink[] = [];
      try {
        await db.tx(async (tx) => {
          for (const userId of userIds) {
            await boardInvitesRepo.insert(tx, { id: newId(), board_id: board.id, invited_user_id: userId, invited_by_user_id: viewer.id });
          }
          for (const email of emails) links.push(await emailInvites.store(tx, { boardId: board.id, inviterId: viewer.id, email }));
        });
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', 'That person is already invited to this board.');
        throw err;
      }
      if (userIds.length > 0) await events.emit('board.invited', { boardId: board.id, inviterId: viewer.id, inviteeIds: userIds });
      if (links.length > 0) {
        const inviter = await userById(db, viewer.id);
        await emailInvites.mail(links, { inviterName: inviter?.full_name || viewer.username, inviterLocale: inviter?.locale ?? null, board });
      }
      const keys = [...userIds, ...links.map((l) => l.id)];
      const rows = await boardInvitesRepo.membersOfBoard(db, board.id, {
        emailInvitesSql: emailInvites.pendingSql,
        viewerId: viewer.id,
        viewerFirst: false,
        statuses: ['new'],
        onlyKeys: keys,
        after: null,
        limit: keys.length,
      });
      return rows.map(presentMember);
    },

    /** The invitee accepts: they become a collaborator, and the board answers as they now see it. */
    async accept(ctx: RequestContext, boardId: string) {
      const viewer = requireViewer(ctx);
      const invite = await boardInvitesRepo.pendingOnBoard(db, viewer.id, boardId);
      if (!invite) throw invalidInvite();
      await db.tx((tx) => boardInvitesRepo.accept(tx, { board_id: invite.board_id, user_id: viewer.id, invited_by_user_id: invite.invited_by_user_id }));
      return boards.get(ctx, { board_id: invite.board_id });
    },

    /**
     * Without user_id (or with their own): the invitee declines. With someone
     * else's, or with an address invited by email: the owner or the inviter
     * cancels that pending invite.
     */
    async remove(ctx: RequestContext, o: { board_id: string; user_id?: string | undefined; email?: string | undefined }) {
      const viewer = requireViewer(ctx);
      const userId = o.user_id;
      if (o.email) {
        const board = await boards.visibleBoard(ctx, o.board_id);
        const invite = await emailInvites.pendingByEmail(board.id, o.email);
        if (!invite || !canSeePendingInvites(ctx.viewer, board)) throw invalidInvite();
        if (!canCancelInvite(ctx.viewer, board, invite)) throw forbidden("Only the board's owner or the person who sent an invite can cancel it.");
        await emailInvites.withdraw(invite.id);
        return { board_id: board.id, email: o.email, status: 'cancelled' };
      }
      if (!userId || userId === viewer.id) {
        const invite = await boardInvitesRepo.pendingOnBoard(db, viewer.id, o.board_id);
        if (!invite || !(await boardInvitesRepo.delete(db, o.board_id, viewer.id))) throw invalidInvite();
        return { board_id: o.board_id, user_id: viewer.id, status: 'declined' };
      }
      const board = await boards.visibleBoard(ctx, o.board_id);
      const invite = await boardInvitesRepo.inviteOf(db, board.id, userId);
      if (!invite || !canSeePendingInvites(ctx.viewer, board)) throw invalidInvite();
      if (!canCancelInvite(ctx.viewer, board, invite)) throw forbidden("Only the board's owner or the person who sent an invite can cancel it.");
      await boardInvitesRepo.delete(db, board.id, userId);
      return { board_id: board.id, user_id: userId, status: 'cancelled' };
    },

    /** People to invite: matching the query, else those the viewer follows. */
    async suggestions(ctx: RequestContext, boardId: string, query: string | undefined, pageSize: number | undefined) {
      const viewer = requireViewer(ctx);
      const board = await boardToInviteTo(ctx, boardId);
      const rows = await boardInvitesRepo.suggestions(db, {
        viewerId: viewer.id,
        boardId: board.id,
        ownerId: board.owner_id,
        query: query?.trim() || null,
        limit: pageSize ?? SUGGESTIONS_DEFAULT,
      });
      return rows.map(presentSuggestedPerson);
    },
  };
}
