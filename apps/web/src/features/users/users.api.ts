import type { Profile } from '../../lib/answers';
import type { SearchResults } from '../search/search.api';
import { api } from '../../lib/api';

/** A person in people search (BaseSearchResource, scope users), with the viewer's follow state. */
export type UserHit = SearchResults['users'];

export async function fetchProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  return (await api.resource('UserResource', 'get', { username }, signal)).data;
}
