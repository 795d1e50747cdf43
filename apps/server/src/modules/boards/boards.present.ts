/**
 * The Board entity as the spec spells its fields (docs/product/profiles-and-boards.md §3).
 */
import type { TBoardOut } from '@pinboard/shared/schemas/entities';
import { listedOnProfileToAll } from '../../kernel/boards.policy';
import type { BoardWithOwner } from './boards.repo';

export function boardUrl(username: string, slug: string) {
  return `/${encodeURIComponent(username)}/${slug}/`;
}

export function presentBoard(b: BoardWithOwner, viewerId: string | null): TBoardOut {
  const cover = b.cover_images;
  return {
    id: b.id,
    type: 'board',
    name: b.name,
    url: boardUrl(b.owner_username, b.slug),
    slug: b.slug,
    description: b.description,
    privacy: b.privacy,
    category: b.category,
    owner: { id: b.owner_id, username: b.owner_username, full_name: b.owner_full_name, image_medium_url: b.owner_image_url },
    image_cover_url: cover?.['236x']?.url ?? null,
    cover_images: cover ? { '236x': cover['236x'], '474x': cover['474x'] } : null,
    cover_dominant_color: b.cover_dominant_color,
    pin_count: b.pin_count,
    section_count: b.section_count,
    is_collaborative: b.is_collaborative,
    collaborated_by_me: b.is_collaborator,
    is_owner: viewerId === b.owner_id,
    collab_board_email: b.collab_board_email,
    collaborator_invites_enabled: b.collaborator_invites_enabled,
    allow_homefeed_recommendations: b.allow_homefeed_recommendations,
    /** The owner marked it as possibly sensitive: others see its cover blurred behind a notice (decision 016). */
    is_sensitive: b.is_sensitive,
    is_ads_only: b.is_ads_only,
    profileGroup: b.archived_at ? 'archived' : b.privacy,
    onProfile: listedOnProfileToAll(b),
    archived_by_me_at: viewerId === b.owner_id && b.archived_at ? b.archived_at.toISOString() : null,
    board_order_modified_at: b.updated_at.toISOString(),
    created_at: b.created_at.toISOString(),
    followed_by_me: !!viewerId && b.followed_by_me,
    follower_count: b.follower_count,
  };
}

export type PresentedBoard = TBoardOut;
