import { api } from '../../lib/api';

/** A person in people search (BaseSearchResource, scope users), with the viewer's follow state. */
export interface UserHit {
  type: 'user';
  id: string;
  username: string;
  full_name: string;
  image_medium_url: string | null;
  follower_count: number;
  is_private_profile: boolean;
  explicitly_followed_by_me: boolean;
}

export interface Profile {
  id: string;
  username: string;
  full_name: string;
  first_name?: string;
  about: string;
  location: string;
  website_url: string;
  image_medium_url: string | null;
  avatar_color_index: number;
  follower_count: number;
  following_count: number;
  interest_following_count?: number;
  board_count: number;
  pin_count: number;
  is_private_profile: boolean;
  explicitly_followed_by_me: boolean;
}

export async function fetchProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  return (await api.get<Profile>('UserResource', { username }, signal)).data;
}
