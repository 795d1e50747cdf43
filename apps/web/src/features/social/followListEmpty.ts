import { MESSAGES } from '../../lib/messages';
import { TEXTS } from '../../lib/allTexts';
import type { FollowDirection } from './social.api';

/**
 * The empty state of a followers or following list (docs/product/profiles-and-boards.md §9):
 * the owner with boards hears that nobody has followed their boards yet,
 * the owner without any that no one is following them.
 */
export function followListEmptyText(direction: FollowDirection, o: { isOwner: boolean; name: string; ownerHasBoards: boolean }): string {
  if (direction === 'followers') {
    if (!o.isOwner) return TEXTS.profilePage.followersEmptyOther({ name: o.name });
    return o.ownerHasBoards ? MESSAGES.emptyState.noBoardFollowers : MESSAGES.emptyState.noFollowers;
  }
  return o.isOwner ? MESSAGES.emptyState.youFollowNobody : TEXTS.profilePage.followingEmptyOther({ name: o.name });
}
