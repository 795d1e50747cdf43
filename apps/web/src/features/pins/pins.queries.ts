import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys, pickerKeys } from '../../lib/boardKeys';
import { feedKeys } from '../../lib/feedCache';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { pinKeys, refreshAfterPinPlaced } from './save.queries';
import {
  createPin,
  createPinFromDataUrl,
  createPinFromUrl,
  deletePin,
  fetchPin,
  findPageImages,
  setPinFavorite,
  updatePin,
  type CreatePinInput,
  type Pin,
  type PinMethod,
  type UpdatePinInput,
} from './pins.api';

export function usePin(id: string) {
  return useQuery({
    queryKey: pinKeys.detail(id),
    queryFn: ({ signal }) => fetchPin(id, signal),
    enabled: /^\d+$/.test(id),
    // A Pin put here from a create or save answer has no `can` (only a Pin's own read says what the viewer may do,
    // decision 080): read it again when shown, keeping what is there meanwhile; otherwise the app's default (lib/queryClient.ts).
    staleTime: (query) => (query.state.data?.can ? 30_000 : 0),
  });
}

/** The images of a web page, for the Pin builder; nothing is fetched for an empty link. */
export function usePageImages(link: string) {
  return useQuery({
    queryKey: pinKeys.pageImages(link),
    queryFn: ({ signal }) => findPageImages(link, signal),
    enabled: link !== '',
    staleTime: 5 * 60_000,
  });
}

export function useCreatePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, image }: { input: CreatePinInput; image: File }) => createPin(input, image),
    onSuccess: async (pin: Pin) => {
      queryClient.setQueryData(pinKeys.detail(pin.id), pin);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
        queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
      ]);
    },
  });
}

/** Publishing from the create menu (Photo: a data URL) or the Pin builder (an image URL on a page). */
export function usePublishPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, image }: { input: CreatePinInput & { method?: PinMethod }; image: { dataUrl: string } | { url: string } }) =>
      'dataUrl' in image ? createPinFromDataUrl(input, image.dataUrl) : createPinFromUrl(input, image.url),
    onSuccess: async (pin: Pin) => {
      queryClient.setQueryData(pinKeys.detail(pin.id), pin);
      await Promise.all([refreshAfterPinPlaced(queryClient, pin), queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'home' }) })]);
    },
  });
}

export function useUpdatePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input }: { input: UpdatePinInput; before: Pin }) => updatePin(input),
    onSuccess: async (pin: Pin, { before }) => {
      queryClient.setQueryData(pinKeys.detail(pin.id), pin);
      const boards = new Set([before.board?.id, pin.board?.id].filter((id): id is string => !!id));
      await Promise.all([
        refreshAfterPinPlaced(queryClient, pin),
        ...[...boards].map((id) => queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(id) })),
        ...[...boards].map((id) => queryClient.invalidateQueries({ queryKey: boardKeys.sections(id) })),
      ]);
    },
  });
}

export function useDeletePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: Pin) => deletePin(pin.id),
    onSuccess: (_result, pin) => {
      // Not awaited, and the Pin's own record goes only after the caller has
      // moved away: refetching it now would answer 404 under the open page.
      void refreshAfterPinPlaced(queryClient, pin);
      void queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'home' }) });
      setTimeout(() => queryClient.removeQueries({ queryKey: pinKeys.detail(pin.id) }), 0);
    },
  });
}

/**
 * Favourite or not, optimistically on the Pin's closeup; the owner's filtered
 * Pins are read again afterwards.
 */
export function useSetPinFavorite(pinId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) => setPinFavorite(pinId, favorite),
    onMutate: async (favorite) => {
      await queryClient.cancelQueries({ queryKey: pinKeys.detail(pinId) });
      const before = queryClient.getQueryData<Pin>(pinKeys.detail(pinId));
      if (before) queryClient.setQueryData<Pin>(pinKeys.detail(pinId), { ...before, is_favorite: favorite });
      return { before };
    },
    onError: (_error, _favorite, context) => {
      if (context?.before) queryClient.setQueryData(pinKeys.detail(pinId), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.ofKind('ownFiltered') }),
  });
}
