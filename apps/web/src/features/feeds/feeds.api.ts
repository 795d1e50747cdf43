import { subjectOfAddress } from '../../lib/addressSubject';
import { api, type ApiResult } from '../../lib/api';
import type { Pin } from '../../lib/answers';
import type { FeedSource } from '../../lib/feedCache';

export type { FeedSource } from '../../lib/feedCache';

const FEED_PAGE_SIZE = 25;

export function fetchFeedPage(source: FeedSource, bookmark: string | null, signal?: AbortSignal, pageSize = FEED_PAGE_SIZE): Promise<ApiResult<Pin[]>> {
  const paging = { bookmark: bookmark ?? undefined, page_size: pageSize };
  switch (source.kind) {
    case 'home':
      return api.resource('UserHomefeedResource', 'get', paging, signal);
    case 'board':
      return api.resource('BoardFeedResource', 'get', { board_id: source.boardId, orbac_subject_id: subjectOfAddress(), ...paging }, signal);
    case 'section':
      return api.resource(
        'BoardFeedResource',
        'get',
        { board_id: source.boardId, section_id: source.sectionId, orbac_subject_id: subjectOfAddress(), ...paging },
        signal,
      );
    case 'user':
      return api.resource('UserPinsResource', 'get', { username: source.username, ...paging }, signal);
    case 'created':
      return api.resource('UserCreatedPinsResource', 'get', { username: source.username, ...paging }, signal);
    case 'ownFiltered':
      return api.resource('UserFilteredPinsResource', 'get', { flag_filters: source.flags, ...paging }, signal);
    case 'tried':
      return api.resource('UserTriedPinsResource', 'get', { username: source.username, ...paging }, signal);
    case 'idea':
      return api.resource('IdeasFeedResource', 'get', { slug: source.slug, ...paging }, signal);
    case 'related':
      return api.resource('RelatedPinsResource', 'get', { pin_id: source.pinId, ...paging }, signal);
    case 'stories':
    case 'videos':
      // UserStoryPinsResource or UserVideoPinsResource.
      return api.resource(`User${source.kind === 'stories' ? 'Story' : 'Video'}PinsResource`, 'get', { username: source.username, ...paging }, signal);
  }
}
