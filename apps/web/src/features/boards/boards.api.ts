import { api, type ApiResult } from '../../lib/api';
import type { PinImage } from '../pins/pins.api';

export type BoardPrivacy = 'public' | 'secret' | 'protected';

export interface Board {
  id: string;
  name: string;
  url: string;
  slug: string;
  description: string;
  privacy: BoardPrivacy;
  owner: { id: string; username: string; full_name: string; image_medium_url: string | null };
  image_cover_url: string | null;
  cover_images: { '236x'?: PinImage; '474x'?: PinImage } | null;
  cover_dominant_color: string | null;
  pin_count: number;
  section_count: number;
  is_owner: boolean;
  created_at: string;
  board_order_modified_at?: string;
}

export interface CreateBoardInput {
  name: string;
  description?: string;
  privacy?: BoardPrivacy;
}

export const BOARDS_PAGE_SIZE = 25;

export async function fetchBoardByPath(username: string, slug: string, signal?: AbortSignal): Promise<Board> {
  return (await api.get<Board>('BoardResource', { username, slug }, signal)).data;
}

export function fetchBoardsPage(username: string, bookmark: string | null, signal?: AbortSignal, pageSize = BOARDS_PAGE_SIZE): Promise<ApiResult<Board[]>> {
  return api.get<Board[]>('BoardsResource', { username, bookmark: bookmark ?? undefined, page_size: pageSize }, signal);
}

/** Every board of a user the viewer may see (for pickers), following bookmarks. */
export async function fetchAllBoards(username: string, signal?: AbortSignal): Promise<Board[]> {
  const boards: Board[] = [];
  let bookmark: string | null = null;
  do {
    const page: ApiResult<Board[]> = await fetchBoardsPage(username, bookmark, signal, 250);
    boards.push(...page.data);
    bookmark = page.bookmark;
  } while (bookmark);
  return boards;
}

export async function createBoard(input: CreateBoardInput): Promise<Board> {
  return (await api.send<Board>('BoardResource', 'create', { ...input })).data;
}
