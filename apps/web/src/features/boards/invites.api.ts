import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** A person the invite form suggests. */
export type PersonSummary = ResourceOutput<'BoardInviteSuggestionsResource', 'get'>[number];

/**
 * One row of a board's collaborators and pending invites. An invite by email
 * that no account has taken up yet has no `invited_user`: it names the
 * address in `invited_email` instead.
 */
export type BoardMember = ResourceOutput<'BoardInvitesResource', 'get'>[number];

/** The viewer's own pending invite, with the board it is for (named even when secret). */
export type PendingBoardInvite = ResourceOutput<'BoardInviteResource', 'get'>;

/** In avatar lists an invite is dimmed while its status is new or contact_request_not_approved (docs/product/profiles-and-boards.md §4). */
export function isPending(member: Pick<BoardMember, 'status'>): boolean {
  return member.status !== 'accepted';
}

const MEMBERS_PAGE_SIZE = 50;

export function fetchBoardMembers(boardId: string, bookmark: string | null, signal?: AbortSignal) {
  return api.resource(
    'BoardInvitesResource',
    'get',
    { board_id: boardId, field_set_key: 'boardEdit', sort: 'viewer_first', page_size: MEMBERS_PAGE_SIZE, bookmark: bookmark ?? undefined },
    signal,
  );
}

/** The viewer's pending invite to the board at this address (for a board they cannot see yet). */
export async function fetchInviteByPath(username: string, slug: string, signal?: AbortSignal) {
  return (await api.resource('BoardInviteResource', 'get', { username, slug }, signal)).data;
}

export async function fetchInviteSuggestions(boardId: string, query: string, signal?: AbortSignal) {
  const q = query.trim();
  return (await api.resource('BoardInviteSuggestionsResource', 'get', { board_id: boardId, query: q === '' ? undefined : q }, signal)).data;
}

/** Invites people by user id, or addresses by email (each is mailed a link to the board). */
export async function inviteToBoard(boardId: string, who: { userIds?: string[]; emails?: string[] }) {
  const options = { board_id: boardId, invited_user_ids: who.userIds, emails: who.emails };
  return (await api.resource('BoardInviteResource', 'create', options)).data;
}

/** Accepting answers the board as the new collaborator sees it. */
export async function acceptInvite(boardId: string) {
  return (await api.resource('BoardInviteResource', 'update', { board_id: boardId, status: 'accepted' })).data;
}

/** Without userId or email: decline one's own invite; with either: cancel someone's pending invite. */
export async function deleteInvite(boardId: string, who: { userId?: string | undefined; email?: string | undefined } = {}): Promise<void> {
  await api.resource('BoardInviteResource', 'delete', { board_id: boardId, user_id: who.userId, email: who.email });
}

/** What the login prompt of a mailed invite link shows (read signed out). */
export async function fetchInviteLinkPreview(token: string, signal?: AbortSignal) {
  return (await api.resource('BoardInviteTokenResource', 'get', { token }, signal)).data;
}

/** Redeeming a mailed invite link: the viewer's pending invite, or with seamless the board they now collaborate on. */
export async function redeemInviteLink(token: string, seamless: boolean) {
  return (await api.resource('BoardInviteTokenResource', 'update', { token, seamless })).data;
}

/** The owner removes a collaborator; a collaborator removes themself (leaves). */
export async function removeCollaborator(boardId: string, userId: string): Promise<void> {
  await api.resource('BoardCollaboratorResource', 'delete', { board_id: boardId, user_id: userId });
}
