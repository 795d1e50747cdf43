import { api, type ApiResult } from '../../lib/api';
import type { Board, BoardSort } from '../boards/boards.api';
import type { Pin } from '../pins/pins.api';
import type { Profile } from '../../lib/answers';

/** The profile as UserResource answers it (docs/product/profiles-and-boards.md §3, User). */
export type ProfileDetails = Profile;

export async function fetchProfileDetails(username: string, inviteCode: string | null, signal?: AbortSignal): Promise<ProfileDetails> {
  return (await api.resource('UserResource', 'get', { username, invite_code: inviteCode ?? undefined }, signal)).data;
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
  return api.resource(
    'BoardsResource',
    'get',
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
  return api.resource('BoardlessPinsResource', 'get', { username, bookmark: bookmark ?? undefined, page_size: pageSize }, signal);
}

/** Puts one of the viewer's own Pins on a board (from the Organize modal). */
export async function putPinOnBoard(pinId: string, boardId: string): Promise<Pin> {
  return (await api.resource('PinResource', 'update', { id: pinId, board_id: boardId })).data;
}

export async function createOrganizeBoard(name: string, secret: boolean): Promise<Board> {
  return (
    await api.resource('BoardResource', 'create', {
      name,
      privacy: secret ? 'secret' : 'public',
      aux_data: { source: 'organize_pins' },
    })
  ).data;
}
