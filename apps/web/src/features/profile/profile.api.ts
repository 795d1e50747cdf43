import { api, type ApiResult } from '../../lib/api';
import type { Board, BoardSort } from '../boards/boards.api';
import type { Pin } from '../pins/pins.api';
import type { PartnerProfileFields } from '../partner/partner.api';
import type { Profile } from '../users/users.api';
import type { EligibleTab } from './profilePaths';

/** The profile as UserResource answers it (docs/product/profiles-and-boards.md §3, User). */
export interface ProfileDetails extends Profile, PartnerProfileFields {
  first_name: string;
  pronouns: string[];
  interest_following_count: number;
  secret_board_count: number;
  archived_board_count: number;
  has_published_pins: boolean;
  show_creator_profile: boolean;
  is_partner: boolean;
  is_verified_merchant: boolean;
  verified_identity: { verified: boolean } | null;
  /** -1: hidden. */
  profile_views: number;
  explicitly_following_me: boolean;
  blocked_by_me: boolean;
  seo_noindex_reason: string | null;
  eligible_profile_tabs: EligibleTab[];
  /** False on a private profile for someone who is not an approved follower: counts are 0 and lists are closed. */
  content_visible: boolean;
  invite_code_valid: boolean;
  should_show_messaging: boolean;
  is_ads_only_profile: boolean;
  ads_only_profile_site: string | null;
  instagram_data: { username: string; url: string } | null;
  story_pin_count?: number;
  video_pin_count?: number;
  /** How many Pins the person saved to the profile without a board (the unorganized-ideas total). */
  quick_saves_pin_count?: number;
  /** The owner's own settings; only on their own profile. */
  allow_messages?: boolean;
  country?: string;
}

export async function fetchProfileDetails(username: string, inviteCode: string | null, signal?: AbortSignal): Promise<ProfileDetails> {
  return (await api.get<ProfileDetails>('UserResource', { username, invite_code: inviteCode ?? undefined }, signal)).data;
}

/** The owner's board filters (docs/product/profiles-and-boards.md §3: board flag values). */
export type BoardFilter = 'NONE' | 'GROUP' | 'SECRET' | 'ARCHIVED';

export function fetchProfileBoards(
  username: string,
  filter: BoardFilter,
  bookmark: string | null,
  signal?: AbortSignal,
  pageSize = 50,
  sort?: BoardSort,
): Promise<ApiResult<Board[]>> {
  return api.get<Board[]>(
    'BoardsResource',
    {
      username,
      sort,
      filter_types: filter === 'NONE' ? undefined : [filter],
      bookmark: bookmark ?? undefined,
      page_size: pageSize,
    },
    signal,
  );
}

/** Pins the owner saved to the profile without a board (unorganized ideas). */
export function fetchBoardlessPins(username: string, bookmark: string | null, signal?: AbortSignal, pageSize = 50): Promise<ApiResult<Pin[]>> {
  return api.get<Pin[]>('BoardlessPinsResource', { username, bookmark: bookmark ?? undefined, page_size: pageSize }, signal);
}

/** Puts one of the viewer's own Pins on a board (from the Organize modal). */
export async function putPinOnBoard(pinId: string, boardId: string): Promise<Pin> {
  return (await api.send<Pin>('PinResource', 'update', { id: pinId, board_id: boardId })).data;
}

export async function createOrganizeBoard(name: string, secret: boolean): Promise<Board> {
  return (
    await api.send<Board>('BoardResource', 'create', {
      name,
      privacy: secret ? 'secret' : 'public',
      aux_data: { source: 'organize_pins' },
    })
  ).data;
}
