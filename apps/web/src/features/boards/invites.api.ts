import { api, type ApiResult } from '../../lib/api';
import type { Board, BoardPrivacy } from './boards.api';

export interface PersonSummary {
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
}

/** Board invite statuses (docs/product/profiles-and-boards.md §3); `accepted` is a collaborator. */
type BoardInviteStatus = 'new' | 'accepted' | 'contact_request_not_approved';

interface InviteParts {
  id: string | null;
  type: 'boardinvite';
  status: BoardInviteStatus;
  created_at: string;
  invited_by_user: { id: string; username: string; full_name: string; first_name: string; image_small_url: string | null } | null;
  invited_user: PersonSummary & { avatar_color_index: number };
}

/**
 * One row of a board's collaborators and pending invites. An invite by email
 * that no account has taken up yet has no `invited_user`: it names the
 * address in `invited_email` instead.
 */
export interface BoardMember extends Omit<InviteParts, 'invited_user'> {
  board: { id: string };
  invited_user: InviteParts['invited_user'] | null;
  invited_email?: string | null;
}

/** The viewer's own pending invite, with the board it is for (named even when secret). */
export interface PendingBoardInvite extends InviteParts {
  id: string;
  board: { id: string; name: string; url: string; privacy: BoardPrivacy; owner: PersonSummary };
}

/** In avatar lists an invite is dimmed while its status is new or contact_request_not_approved (docs/product/profiles-and-boards.md §4). */
export function isPending(member: Pick<BoardMember, 'status'>): boolean {
  return member.status !== 'accepted';
}

const MEMBERS_PAGE_SIZE = 50;

export function fetchBoardMembers(boardId: string, bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<BoardMember[]>> {
  return api.get<BoardMember[]>(
    'BoardInvitesResource',
    { board_id: boardId, field_set_key: 'boardEdit', sort: 'viewer_first', page_size: MEMBERS_PAGE_SIZE, bookmark: bookmark ?? undefined },
    signal,
  );
}

/** The viewer's pending invite to the board at this address (for a board they cannot see yet). */
export async function fetchInviteByPath(username: string, slug: string, signal?: AbortSignal): Promise<PendingBoardInvite> {
  return (await api.get<PendingBoardInvite>('BoardInviteResource', { username, slug }, signal)).data;
}

export async function fetchInviteSuggestions(boardId: string, query: string, signal?: AbortSignal): Promise<PersonSummary[]> {
  const q = query.trim();
  return (await api.get<PersonSummary[]>('BoardInviteSuggestionsResource', { board_id: boardId, query: q === '' ? undefined : q }, signal)).data;
}

/** Invites people by user id, or addresses by email (each is mailed a link to the board). */
export async function inviteToBoard(boardId: string, who: { userIds?: string[]; emails?: string[] }): Promise<BoardMember[]> {
  const options = { board_id: boardId, invited_user_ids: who.userIds, emails: who.emails };
  return (await api.send<BoardMember[]>('BoardInviteResource', 'create', options)).data;
}

/** Accepting answers the board as the new collaborator sees it. */
export async function acceptInvite(boardId: string): Promise<Board> {
  return (await api.send<Board>('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' })).data;
}

/** Without userId or email: decline one's own invite; with either: cancel someone's pending invite. */
export async function deleteInvite(boardId: string, who: { userId?: string | undefined; email?: string | undefined } = {}): Promise<void> {
  await api.send('BoardInviteResource', 'delete', { board_id: boardId, user_id: who.userId, email: who.email });
}

/** What the login prompt of a mailed invite link shows (read signed out). */
export interface InviteLinkPreview {
  board: { name: string };
  invited_by_user: { first_name: string };
}

export async function fetchInviteLinkPreview(token: string, signal?: AbortSignal): Promise<InviteLinkPreview> {
  return (await api.get<InviteLinkPreview>('BoardInviteTokenResource', { token }, signal)).data;
}

/** Redeeming a mailed invite link: the viewer's pending invite, or with seamless the board they now collaborate on. */
export type RedeemedInvite = { status: 'new'; invite: PendingBoardInvite } | { status: 'accepted'; board: Board };

export async function redeemInviteLink(token: string, seamless: boolean): Promise<RedeemedInvite> {
  return (await api.send<RedeemedInvite>('BoardInviteTokenResource', 'update', { token, seamless })).data;
}

/** The owner removes a collaborator; a collaborator removes themself (leaves). */
export async function removeCollaborator(boardId: string, userId: string): Promise<void> {
  await api.send('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId });
}
