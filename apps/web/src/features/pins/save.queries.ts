import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { boardKeys, pickerKeys } from '../../lib/boardKeys';
import { feedKeys } from '../../lib/feedCache';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { repin, type Pin, type RepinInput } from './pins.api';

/*
 * Saving a Pin, which every Pin card offers, and what that refreshes; the
 * other Pin hooks (creating, editing, the closeup) are in pins.queries.ts.
 */

export const pinKeys = {
  all: ['pins'] as const,
  detail: (id: string) => ['pins', id] as const,
  pageImages: (link: string) => ['pins', 'page-images', link] as const,
};

/**
 * After a Pin was made or saved somewhere: the board it went to (counts,
 * feed, sections), the picker's recent boards and the viewer's counts. The
 * feed being read (e.g. the home feed) is left alone so it does not jump.
 */
export async function refreshAfterPinPlaced(queryClient: QueryClient, pin: Pin) {
  const work = [
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
    queryClient.invalidateQueries({ queryKey: sessionKeys.viewer }),
    queryClient.invalidateQueries({ queryKey: userKeys.profile(pin.pinner.username) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.userLists(pin.pinner.username) }),
    queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'user', username: pin.pinner.username }) }),
    queryClient.invalidateQueries({ queryKey: feedKeys.feed({ kind: 'created', username: pin.pinner.username }) }),
    queryClient.invalidateQueries({ queryKey: feedKeys.ofKind('ownFiltered') }),
  ];
  if (pin.board) {
    work.push(
      queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(pin.board.id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.sections(pin.board.id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.byId(pin.board.id) }),
      queryClient.invalidateQueries({ queryKey: boardKeys.allByPath }),
      queryClient.invalidateQueries({ queryKey: boardKeys.allSections }),
    );
  }
  await Promise.all(work);
}

export function useRepin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RepinInput) => repin(input),
    onSuccess: async (pin: Pin, input) => {
      queryClient.setQueryData(pinKeys.detail(pin.id), pin);
      await Promise.all([refreshAfterPinPlaced(queryClient, pin), queryClient.invalidateQueries({ queryKey: pinKeys.detail(input.pin_id) })]);
    },
  });
}
