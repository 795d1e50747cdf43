/**
 * The User entity as the spec spells its fields (docs/product/profiles-and-boards.md §3).
 */
import { avatarOrNull } from '@pinboard/shared/text/avatar';
import type { TProfileOut, TUserSummary } from '@pinboard/shared/schemas/entities';
import type { UserRow, usersRepo } from './users.repo';

export function presentUserSummary(u: Pick<UserRow, 'id' | 'username' | 'full_name' | 'image_url'>): TUserSummary {
  const image = avatarOrNull(u.image_url ?? '');
  return {
    id: u.id,
    username: u.username,
    full_name: u.full_name,
    image_small_url: image,
    image_medium_url: image,
  };
}

/** A removed person where others' things still name them (decision 045): the id alone, no name, picture or username to link. */
export function presentUnavailableSummary(id: string): TUserSummary {
  return { id, username: '', full_name: '', image_small_url: null, image_medium_url: null };
}

export function presentProfile(
  u: UserRow,
  counts: Awaited<ReturnType<typeof usersRepo.profileCounts>>,
  rel: { isOwner: boolean; followedByMe: boolean; followingMe: boolean; blockedByMe: boolean },
): TProfileOut {
  const image = avatarOrNull(u.image_url ?? '');
  return {
    ...presentUserSummary(u),
    first_name: u.first_name,
    about: u.about,
    location: u.location,
    website_url: u.website_url,
    pronouns: u.pronouns,
    image_large_url: image,
    image_xlarge_url: image,
    avatar_color_index: u.avatar_color_index,
    follower_count: counts.follower_count,
    following_count: counts.following_count,
    interest_following_count: counts.interest_following_count,
    board_count: counts.board_count,
    secret_board_count: rel.isOwner ? counts.secret_board_count : 0,
    archived_board_count: counts.archived_board_count,
    pin_count: counts.pin_count,
    story_pin_count: counts.story_pin_count,
    video_pin_count: counts.video_pin_count,
    has_published_pins: counts.pin_count > 0,
    // A creator publishes Pins of their own (not only saves of others').
    show_creator_profile: counts.has_created_pins,
    is_partner: u.is_partner,
    is_private_profile: u.is_private_profile,
    is_verified_merchant: u.is_verified_merchant,
    verified_identity: { verified: false },
    profile_views: u.profile_views,
    explicitly_followed_by_me: rel.followedByMe,
    explicitly_following_me: rel.followingMe,
    blocked_by_me: rel.blockedByMe,
    // Private profiles are kept out of search engines (and get no structured data).
    seo_noindex_reason: u.is_private_profile ? 'private_profile' : null,
    eligible_profile_tabs: [
      { tab_type: 0, is_default: counts.story_pin_count === 0 },
      { tab_type: 1, is_default: counts.story_pin_count > 0 },
    ],
    created_at: u.created_at.toISOString(),
  };
}
