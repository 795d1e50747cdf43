/**
 * Duplicates (decision 095): "Already saved to …" for the viewer's own Pins of the same picture or link, and the
 * Pins of the same picture elsewhere.
 */
import { useQuery } from '@tanstack/react-query';
import type { TAlreadySaved, TAlreadySavedOut } from '@pinboard/shared/schemas/pins';
import { api } from '../../lib/api';
import type { Pin } from '../../lib/answers';

type AlreadySavedBoard = TAlreadySavedOut['boards'][number];

const duplicateKeys = {
  alreadySaved: (q: TAlreadySaved) => ['pins', 'already-saved', q.pin_id ?? '', q.content_sha256 ?? '', q.link ?? ''] as const,
  sameImage: (pinId: string) => ['pins', pinId, 'same-image'] as const,
};

/** The viewer's own boards holding the same picture or link; nothing is asked without a Pin, a hash or a link. */
export function useAlreadySaved(query: TAlreadySaved, enabled = true) {
  const asks = !!(query.pin_id || query.content_sha256 || query.link);
  return useQuery({
    queryKey: duplicateKeys.alreadySaved(query),
    queryFn: async ({ signal }): Promise<AlreadySavedBoard[]> => (await api.resource('AlreadySavedResource', 'get', query, signal)).data.boards,
    enabled: enabled && asks,
    staleTime: 30_000,
  });
}

/** Pins of the same picture the viewer may see, nearest first (one page). */
export function useSameImagePins(pinId: string) {
  return useQuery({
    queryKey: duplicateKeys.sameImage(pinId),
    queryFn: async ({ signal }): Promise<Pin[]> => (await api.resource('SameImagePinsResource', 'get', { pin_id: pinId, page_size: 12 }, signal)).data,
    staleTime: 60_000,
  });
}

/** The hex SHA-256 of a file's bytes (what the server keeps of an uploaded picture), or null where the browser cannot say. */
export async function sha256Hex(file: Blob): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
