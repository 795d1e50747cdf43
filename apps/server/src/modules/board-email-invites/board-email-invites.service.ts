/**
 * Board invites by email (decision 013): a link mailed to an address, to the
 * board's page with `accept_invite={token}`. Only the token's SHA-256 is
 * stored; a link lasts TOKEN_TTL_DAYS and works once. Anyone may read what
 * the login prompt needs from a token; a signed-in person redeems it into
 * their own pending invite (and, with `seamless`, accepts it at once).
 * Mail-sending invites are limited per inviter, far more tightly while the
 * inviter's own email is not verified (rate-limit/limits.ts).
 */
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@pinboard/shared/constants/messages';
import type { Db, Queryable } from '../../db/client';
import { AppError, keyedError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { Mailer } from '../../mail';
import type { ActionLimits } from '../../rate-limit/limits';
import { presentPendingInvite, boardInviteRecords, type StoredLink } from '../board-invites';
import { blockBetween } from '../blocks';
import { type BoardsService } from '../boards';
import { boardById, userById } from '../../kernel';
import { userAccounts } from '../users';
import { inviteLink, inviteMail } from './board-email-invites.mail';
import { boardEmailInvitesRepo, PENDING_EMAIL_INVITES_SQL } from './board-email-invites.repo';

const TOKEN_TTL_DAYS = 14;
/** How long an expired link's row is kept before the hourly purge removes it. */
const STALE_LINK_KEEP_DAYS = 30;

/** 'Invalid Invite' (docs/product/profiles-and-boards.md §8): a link never issued, expired, used, or not for this person. */
const invalidInvite = () => new AppError('NOT_FOUND', MESSAGES.boardInvite.invalid);

export interface BoardEmailInvitesDeps {
  db: Db;
  config: { publicUrl: string };
  limits: ActionLimits;
  /** Its adapters log every failure, so the service only decides what a failure means. */
  mailer: Mailer;
  boards: BoardsService;
}

/** A link stored and waiting to be mailed (board-invites' type); the token exists only here and in the mail. */
export type { StoredLink };

export function createBoardEmailInvitesService({ db, config, limits, mailer, boards }: BoardEmailInvitesDeps) {
  return {
    /** The board's working links, for board-invites' members list (EmailInvites). */
    pendingSql: PENDING_EMAIL_INVITES_SQL,

    /** 409 for an address that already has a working link to the board. */
    async assertNotInvited(boardId: string, emails: string[]) {
      const pending = await boardEmailInvitesRepo.pendingEmails(db, boardId, emails);
      const first = emails.find((email) => pending.has(email));
      if (first) throw keyedError('CONFLICT', 'boardInvites.alreadyInvited', { name: first });
    },

    /**
     * Counts `count` mails against the inviter's allowance (the smaller one while their email is
     * not verified) in one atomic step, or answers 429 without counting any.
     */
    async reserveMails(inviterId: string, count: number) {
      if (count === 0) return;
      const verified = (await userById(db, inviterId))?.email_verified ?? false;
      await limits.takeMany(verified ? 'board_invite_mail' : 'board_invite_mail_unverified', inviterId, count);
    },

    /** Stores one link in the caller's transaction. */
    async store(tx: Queryable, o: { boardId: string; inviterId: string; email: string }): Promise<StoredLink> {
      const link = { id: newId(), email: o.email, token: randomBytes(32).toString('base64url') };
      await boardEmailInvitesRepo.insert(tx, {
        id: link.id,
        board_id: o.boardId,
        invited_by_user_id: o.inviterId,
        email: o.email,
        token: link.token,
        ttlDays: TOKEN_TTL_DAYS,
      });
      return link;
    },

    /**
     * Mails the stored links. When one cannot be sent, it and those after it
     * are withdrawn (a link nobody received is not a pending invite) and the
     * call answers 500 naming the address; those mailed before it stay.
     */
    async mail(links: StoredLink[], o: { inviterName: string; inviterLocale?: string | null; board: { name: string; slug: string; owner_username: string } }) {
      for (const [i, link] of links.entries()) {
        // In the language of the address's account when it has one, else the inviter's (decision 042).
        const recipient = await userAccounts.byUsernameOrEmail(db, link.email);
        const message = inviteMail(link.email, {
          locale: recipient?.email.toLowerCase() === link.email.toLowerCase() ? recipient.locale : (o.inviterLocale ?? null),
          inviterName: o.inviterName,
          boardName: o.board.name,
          link: inviteLink(config.publicUrl, o.board, link.token),
          ttlDays: TOKEN_TTL_DAYS,
        });
        try {
          await mailer.send(message);
        } catch {
          await boardEmailInvitesRepo.deleteByIds(
            db,
            links.slice(i).map((l) => l.id),
          );
          throw keyedError('INTERNAL', 'boardInvites.emailNotSent', { email: link.email });
        }
      }
    },

    /** Hourly: forgets links that expired more than STALE_LINK_KEEP_DAYS ago. */
    purgeStale: () => boardEmailInvitesRepo.deleteStale(db, STALE_LINK_KEEP_DAYS),

    /** The working link to this address, for cancelling it. */
    pendingByEmail: (boardId: string, email: string) => boardEmailInvitesRepo.pendingByEmail(db, boardId, email),
    withdraw: (id: string) => boardEmailInvitesRepo.deleteByIds(db, [id]),

    /**
     * BoardInviteTokenResource get, signed in or not: only what the login
     * prompt needs (the inviter's first name and the board's name).
     */
    async preview(token: string) {
      const row = await boardEmailInvitesRepo.byToken(db, token);
      if (!row || row.expired || row.used) throw invalidInvite();
      return { type: 'boardinvite', board: { name: row.board_name }, invited_by_user: { first_name: row.invited_by_first_name } };
    },

    /**
     * BoardInviteTokenResource update: the link becomes the viewer's pending
     * invite and is used up; with `seamless` the invite is accepted too.
     * Someone already on the board gets the board and leaves the link unused.
     */
    async redeem(ctx: RequestContext, token: string, seamless: boolean) {
      const viewer = requireViewer(ctx);
      const row = await boardEmailInvitesRepo.byToken(db, token);
      if (!row || row.expired || row.used) throw invalidInvite();
      const board = await boardById(db, row.board_id, viewer.id);
      if (!board) throw invalidInvite();
      if (board.owner_id === viewer.id || board.is_collaborator) {
        return { status: 'accepted' as const, board: await boards.get(ctx, { board_id: board.id }) };
      }
      if ((await blockBetween(db, viewer.id, row.owner_id)) || (await blockBetween(db, viewer.id, row.invited_by_user_id))) {
        throw invalidInvite();
      }
      const existing = await boardInviteRecords.inviteOf(db, board.id, viewer.id);
      // An invite the viewer already had from someone they have since blocked (or been blocked by) does not come back.
      if (existing && !(await boardInviteRecords.pendingOnBoard(db, viewer.id, board.id))) throw invalidInvite();
      await db.tx(async (tx) => {
        if (!(await boardEmailInvitesRepo.markUsed(tx, row.id, viewer.id))) throw invalidInvite();
        const invitedBy = existing?.invited_by_user_id ?? row.invited_by_user_id;
        if (!existing) await boardInviteRecords.add(tx, { id: newId(), board_id: board.id, invited_user_id: viewer.id, invited_by_user_id: invitedBy });
        if (seamless) await boardInviteRecords.accept(tx, { board_id: board.id, user_id: viewer.id, invited_by_user_id: invitedBy });
      });
      if (seamless) return { status: 'accepted' as const, board: await boards.get(ctx, { board_id: board.id }) };
      const invite = await boardInviteRecords.pendingOnBoard(db, viewer.id, board.id);
      if (!invite) throw invalidInvite();
      return { status: 'new' as const, invite: presentPendingInvite(invite) };
    },
  };
}
