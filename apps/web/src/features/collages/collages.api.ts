import type { ResourceOutput, RouteOutput } from '@pinboard/shared/contract';
import type { TCollageLayer } from '@pinboard/shared/schemas/collages';
import { api, apiRoute } from '../../lib/api';

/** A collage (shuffle, docs/product/profiles-and-boards.md §3): id, images in several sizes, created_at, draft flag. */
export type Collage = Omit<CollageDetail, 'canvas' | 'layers'>;

/** One collage as the creation tool opens it. */
export type CollageDetail = ResourceOutput<'CollageResource', 'get'>;

/** The Drafts list holds collages; the Published list, with transform_to_pins, the Pins they became (type pin). */
export type CollageListEntry = RouteOutput<'GET /v3/users/me/shuffles/'>[number];

export type CollageListKind = 'drafts' | 'published';

export type ApiLayer = Omit<TCollageLayer, 'rotation'> & { rotation?: number };

export function fetchCollages(kind: CollageListKind, bookmark: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams({ is_draft: kind === 'drafts' ? 'true' : 'false' });
  if (kind === 'published') params.set('transform_to_pins', 'true');
  if (bookmark) params.set('bookmark', bookmark);
  return apiRoute('GET /v3/users/me/shuffles/', { query: params, signal });
}

export async function fetchCollage(id: string, signal?: AbortSignal): Promise<CollageDetail> {
  return (await api.resource('CollageResource', 'get', { id }, signal)).data;
}

/** Saves a new draft (no id) or replaces a draft's layers. */
export async function saveCollage(id: string | null, layers: ApiLayer[]): Promise<CollageDetail> {
  return id ? (await api.resource('CollageResource', 'update', { id, layers })).data : (await api.resource('CollageResource', 'create', { layers })).data;
}

export interface PublishInput {
  id: string;
  board_id?: string;
  title?: string;
}

export async function publishCollage(input: PublishInput) {
  return (await api.resource('CollagePublishResource', 'create', { ...input })).data;
}

/** DELETE /v3/shuffles/{id}/ (docs/product/profiles-and-boards.md §7). */
export async function deleteCollage(id: string): Promise<void> {
  await apiRoute('DELETE /v3/shuffles/:id/', { params: { id } });
}
