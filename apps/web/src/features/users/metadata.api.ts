import { api } from '../../lib/api';

export type Density = 'regular' | 'dense';

/** How a board's Pins are sorted (docs/product/profiles-and-boards.md §3); the server also knows 'group_boards_at_top', which is for profile lists. */
export type BoardSort = 'alphabetical' | 'custom' | 'last_pinned_to';

/** The viewer's stored view preferences (docs/product/profiles-and-boards.md §3, "User metadata"). */
export interface UserMetadata {
  most_recent_board_sort_order?: BoardSort;
  board_pin_rep_view_type?: Density;
  profile_pin_rep_view_type?: Density;
  profile_board_rep_view_type?: 'square' | 'wide';
  board_sort_orders?: Record<string, BoardSort>;
  save_behavior?: 0 | 1;
}

export type UserMetadataUpdate = Omit<UserMetadata, 'board_sort_orders'> & { board_sort_order?: { board_id: string; order: BoardSort } };

export async function fetchMetadata(signal?: AbortSignal): Promise<UserMetadata> {
  return (await api.get<UserMetadata>('UserMetadataResource', {}, signal)).data;
}

export async function updateMetadata(update: UserMetadataUpdate): Promise<UserMetadata> {
  return (await api.send<UserMetadata>('UserMetadataResource', 'update', { ...update })).data;
}
