import type { ResourceInput, ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

export type Density = 'regular' | 'dense';

/** How a board's Pins are sorted (docs/product/profiles-and-boards.md §3); the server also knows 'group_boards_at_top', which is for profile lists. */
export type BoardSort = 'alphabetical' | 'custom' | 'last_pinned_to';

/** The viewer's stored view preferences (docs/product/profiles-and-boards.md §3, "User metadata"). */
export type UserMetadata = ResourceOutput<'UserMetadataResource', 'get'>;

export type UserMetadataUpdate = ResourceInput<'UserMetadataResource', 'update'>;

export async function fetchMetadata(signal?: AbortSignal): Promise<UserMetadata> {
  return (await api.resource('UserMetadataResource', 'get', {}, signal)).data;
}

export async function updateMetadata(update: UserMetadataUpdate): Promise<UserMetadata> {
  return (await api.resource('UserMetadataResource', 'update', { ...update })).data;
}
