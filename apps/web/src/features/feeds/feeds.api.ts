import { subjectOfAddress } from '../../lib/addressSubject';
import { api, type ApiResult } from '../../lib/api';
import type { Pin } from '../../lib/pinTypes';
import type { FeedSource } from '../../lib/feedCache';

export type { FeedSource } from '../../lib/feedCache';

const FEED_PAGE_SIZE = 25;

export function fetchFeedPage(source: FeedSource, bookmark: string | null, signal?: AbortSignal, pageSize = FEED_PAGE_SIZE): Promise<ApiResult<Pin[]>> {
  const paging = { bookmark: bookmark ?? undefined, page_size: pageSize };
  switch (source.kind) {
    case 'home':
      return api.get<Pin[]>('UserHomefeedResource', paging, signal);
    case 'board':
      return api.get<Pin[]>('BoardFeedResource', { board_id: source.boardId, orbac_subject_id: subjectOfAddress(), ...paging }, signal);
    case 'section':
      return api.get<Pin[]>(
        'BoardFeedResource',
        { board_id: source.boardId, section_id: source.sectionId, orbac_subject_id: subjectOfAddress(), ...paging },
        signal,
      );
    case 'user':
      return api.get<Pin[]>('UserPinsResource', { username: source.username, ...paging }, signal);
    case 'created':
      return api.get<Pin[]>('UserCreatedPinsResource', { username: source.username, ...paging }, signal);
    case 'ownFiltered':
      return api.get<Pin[]>('UserFilteredPinsResource', { flag_filters: source.flags, ...paging }, signal);
    case 'tried':
      return api.get<Pin[]>('UserTriedPinsResource', { username: source.username, ...paging }, signal);
    case 'idea':
      return api.get<Pin[]>('IdeasFeedResource', { slug: source.slug, ...paging }, signal);
    case 'related':
      return api.get<Pin[]>('RelatedPinsResource', { pin_id: source.pinId, ...paging }, signal);
    case 'stories':
    case 'videos':
      // UserStoryPinsResource or UserVideoPinsResource.
      return api.get<Pin[]>(`User${source.kind === 'stories' ? 'Story' : 'Video'}PinsResource`, { username: source.username, ...paging }, signal);
  }
}
