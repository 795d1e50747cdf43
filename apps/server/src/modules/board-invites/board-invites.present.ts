/**
 * The Board invite entity as the spec spells its fields
 * (docs/product/profiles-and-boards.md §3): board, created_at, invited_by_user, invited_user, status, type. A
 * collaborator is answered as an invite with status `accepted`.
 */
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import { boardUrl } from '../boards';
import type { MemberRow, PendingInviteRow, SuggestedPersonRow } from './board-invites.repo';

function invitedBy(r: MemberRow | PendingInviteRow) {
  if (!r.invited_by_user_id || r.invited_by_username === null) return null;
  const image = avatarOrNull(r.invited_by_image_url ?? '');
  return {
    id: r.invited_by_user_id,
    username: r.invited_by_username,
    full_name: r.invited_by_full_name ?? '',
    first_name: r.invited_by_first_name ?? '',
    image_small_url: image,
  };
}

function invitedUser(r: PendingInviteRow | (MemberRow & { user_id: string })) {
  return {
    id: r.user_id,
    username: r.username ?? '',
    full_name: r.full_name ?? '',
    avatar_color_index: r.avatar_color_index ?? 0,
    image_medium_url: avatarOrNull(r.image_url ?? ''),
  };
}

/**
 * One row of a board's collaborators-and-invites list. An invite by email
 * that no account has taken up yet has no `invited_user`, and names its
 * address in `invited_email` (shown to the board's members only).
 */
export function presentMember(r: MemberRow) {
  return {
    id: r.invite_id,
    type: 'boardinvite',
    board: { id: r.board_id },
    status: r.status,
    created_at: r.created_at.toISOString(),
    invited_by_user: invitedBy(r),
    invited_user: r.user_id === null ? null : invitedUser({ ...r, user_id: r.user_id }),
    invited_email: r.email,
  };
}

/**
 * A pending invite as its invitee sees it: the board's name, address, privacy
 * and owner, even for a secret board (the invite is what lets them in), but
 * none of its Pins or cover until they accept.
 */
export function presentPendingInvite(r: PendingInviteRow) {
  return {
    id: r.invite_id,
    type: 'boardinvite' as const,
    board: {
      id: r.board_id,
      name: r.board_name,
      url: boardUrl(r.owner_username, r.board_slug),
      privacy: r.board_privacy,
      owner: { id: r.owner_id, username: r.owner_username, full_name: r.owner_full_name, image_medium_url: avatarOrNull(r.owner_image_url ?? '') },
    },
    status: r.status,
    created_at: r.created_at.toISOString(),
    invited_by_user: invitedBy(r),
    invited_user: invitedUser(r),
  };
}

export function presentSuggestedPerson(u: SuggestedPersonRow) {
  return { type: 'user', id: u.id, username: u.username, full_name: u.full_name, image_medium_url: avatarOrNull(u.image_url ?? '') };
}
