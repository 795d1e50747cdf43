import type { Profile } from '../../lib/answers';
import type { ResourceOutput } from '@pinboard/shared/contract';
import { api } from '../../lib/api';

/** A person in people search (BaseSearchResource, scope users), with the viewer's follow state. */
export type UserHit = Extract<ResourceOutput<'BaseSearchResource', 'get'>[number], { type: 'user' }>;

export async function fetchProfile(username: string, signal?: AbortSignal): Promise<Profile> {
  return (await api.resource('UserResource', 'get', { username }, signal)).data;
}
