import type { z } from 'zod';
import type { ResourceOutput } from '@pinboard/shared/contract';
import type { zBoardSource, zPrivacy } from '@pinboard/shared/schemas/boards';
import { actingSubjectId, signedInViewerId } from '../../lib/actingProfile';
import { subjectOfAddress } from '../../lib/addressSubject';
import { api, type ApiResult } from '../../lib/api';
import type { Board, Section } from '../../lib/answers';
import type { BoardSort } from '../users/metadata.api';

type BoardPrivacy = z.infer<typeof zPrivacy>;
export type BoardProfileGroup = Board['profileGroup'];
export type { BoardSort } from '../users/metadata.api';
/** Where a new board was made from (aux_data.source). */
export type BoardSource = z.infer<typeof zBoardSource>;

export type { Board, Section } from '../../lib/answers';

export interface CreateBoardInput {
  name: string;
  description?: string;
  privacy?: BoardPrivacy;
  collab_board_email?: boolean;
  collaborator_invites_enabled?: boolean;
  source?: BoardSource;
  /** The business acted as (the header's switcher): the board is made as it. */
  orbac_subject_id?: string | undefined;
  /** The ad account of the business the board is made for (only its owner chooses the privacy). */
  advertiser_id?: string | undefined;
}

export interface UpdateBoardInput {
  board_id: string;
  name?: string;
  description?: string;
  privacy?: BoardPrivacy;
  cover_pin_id?: string | null;
  archived?: boolean;
  collab_board_email?: boolean;
  collaborator_invites_enabled?: boolean;
  allow_homefeed_recommendations?: boolean;
  is_sensitive?: boolean;
}

const BOARDS_PAGE_SIZE = 25;

/** Whether the viewer may add, organise and move Pins on the board, as its read says (decision 080: the server's `can`). */
export function canOrganize(board: Pick<Board, 'can'>): boolean {
  return !!board.can?.add_pins;
}

/**
 * Where to go after making a board (docs/product/profiles-and-boards.md §2): its url, with
 * ?orbac_subject_id={id} when the board is secret and the viewer acts as
 * a business (the header's switcher, lib/actingProfile.ts); its page then
 * reads the board as that business.
 */
export function boardUrlAfterCreate(board: Pick<Board, 'url' | 'privacy'>, actingAsSubjectId: string | null): string {
  if (board.privacy === 'secret' && actingAsSubjectId) return `${board.url}?orbac_subject_id=${encodeURIComponent(actingAsSubjectId)}`;
  return board.url;
}

export async function fetchBoardByPath(username: string, slug: string, signal?: AbortSignal): Promise<Board> {
  return (await api.resource('BoardResource', 'get', { username, slug, orbac_subject_id: subjectOfAddress() }, signal)).data;
}

export async function fetchBoardById(boardId: string, signal?: AbortSignal): Promise<Board> {
  return (await api.resource('BoardResource', 'get', { board_id: boardId }, signal)).data;
}

export function fetchBoardsPage(
  username: string,
  bookmark: string | null,
  signal?: AbortSignal,
  pageSize = BOARDS_PAGE_SIZE,
  sort?: BoardSort,
): Promise<ApiResult<Board[]>> {
  return api.resource('BoardsResource', 'get', { username, sort, bookmark: bookmark ?? undefined, page_size: pageSize }, signal);
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

export async function createBoard({ source, ...input }: CreateBoardInput): Promise<Board> {
  return (await api.resource('BoardResource', 'create', { ...input, aux_data: source ? { source } : undefined })).data;
}

export async function updateBoard(input: UpdateBoardInput): Promise<Board> {
  return (await api.resource('BoardResource', 'update', { orbac_subject_id: subjectOfAddress(), ...input })).data;
}

/** BoardFollowResource (decision 089): follow or unfollow; answers the board's follow facts after the change. */
export type BoardFollowResult = ResourceOutput<'BoardFollowResource', 'create'>;

export async function followBoard(boardId: string, follow: boolean): Promise<BoardFollowResult> {
  return (await api.resource('BoardFollowResource', follow ? 'create' : 'delete', { board_id: boardId })).data;
}

export async function deleteBoard(boardId: string) {
  return (await api.resource('BoardResource', 'delete', { board_id: boardId })).data;
}

export async function fetchSections(boardId: string, signal?: AbortSignal): Promise<Section[]> {
  return (await api.resource('BoardSectionsResource', 'get', { board_id: boardId, orbac_subject_id: subjectOfAddress() ?? actingSubjectId() }, signal)).data;
}

/** The sections of a board the viewer can save into (board picker). */
export async function fetchRepinSections(boardId: string, signal?: AbortSignal): Promise<Section[]> {
  // Read as the session acts (decision 059).
  return (await api.resource('BoardSectionsRepinResource', 'get', { board_id: boardId }, signal)).data;
}

export async function fetchSectionBySlug(boardId: string, slug: string, signal?: AbortSignal): Promise<Section> {
  return (await api.resource('BoardSectionResource', 'get', { board_id: boardId, slug }, signal)).data;
}

/**
 * A new section: made as the session acts (decision 059), or as the address names; on a board of the person's
 * own while the session acts as a business, as the person (naming themself).
 */
export async function createSection(boardId: string, title: string, boardOwnerId?: string): Promise<Section> {
  const acting = actingSubjectId();
  const self = signedInViewerId();
  const subject = subjectOfAddress() ?? (acting && self && boardOwnerId === self ? self : undefined);
  return (await api.resource('BoardSectionResource', 'create', { board_id: boardId, title, orbac_subject_id: subject })).data;
}

/** What the board picker picked: the profile (a quick save without a board), or a board and maybe one of its sections. */
export type PickTarget = { kind: 'profile' } | { kind: 'board'; board: Board; section: Section | null };
