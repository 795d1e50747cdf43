import type { TIdeaPageOut, TInterestOut } from '@pinboard/shared/schemas/topics';
import { api, type ApiResult } from '../../lib/api';

export type Topic = TInterestOut;
export type IdeaPage = TIdeaPageOut;

export async function fetchIdeaPage(slug: string, signal?: AbortSignal): Promise<IdeaPage> {
  return (await api.resource('IdeaPageResource', 'get', { slug }, signal)).data;
}

export function fetchUserTopics(username: string, bookmark: string | null, signal?: AbortSignal): Promise<ApiResult<Topic[]>> {
  return api.resource('UserInterestsResource', 'get', { username, bookmark: bookmark ?? undefined, page_size: 50 }, signal);
}

export async function setTopicFollowed(interestId: string, follow: boolean): Promise<Topic> {
  return (await api.resource('InterestFollowResource', follow ? 'create' : 'delete', { interest_id: interestId })).data;
}

/** The topics' catalogue (InterestsResource), categories and sub-topics. */
export async function fetchTopicCatalogue(signal?: AbortSignal): Promise<Topic[]> {
  return (await api.resource('InterestsResource', 'get', {}, signal)).data;
}

/** UserInterestsResource update (decision 089): the viewer follows exactly these topics, at least 3. */
export async function setInterests(interestIds: string[]): Promise<Topic[]> {
  return (await api.resource('UserInterestsResource', 'update', { interest_ids: interestIds })).data;
}
