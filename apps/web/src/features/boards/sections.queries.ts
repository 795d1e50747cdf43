import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { feedKeys } from '../feeds/feeds.queries';
import type { Section } from './boards.api';
import { boardKeys, pickerKeys } from './boardKeys';
import { deleteSection, moveSection, renameSection } from './sections.api';

/** A section changed or went away: the board's counts, its sections, its feeds and the picker's section lists. */
async function refreshSections(queryClient: QueryClient, boardId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.sections(boardId) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.repinSections(boardId) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.allByPath }),
    // Marked stale only: refetching an open section page under an old slug (renamed or deleted) would answer 404 there.
    queryClient.invalidateQueries({ queryKey: boardKeys.sectionsOfBoard(boardId), refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: boardKeys.byId(boardId) }),
    queryClient.invalidateQueries({ queryKey: feedKeys.ofBoard(boardId) }),
    queryClient.invalidateQueries({ queryKey: pickerKeys.all }),
  ]);
}

export function useRenameSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, title }: { section: Section; title: string }) => renameSection(section.id, title),
    onSuccess: async (renamed) => {
      await refreshSections(queryClient, renamed.board_id);
      queryClient.setQueryData(boardKeys.section(renamed.board_id, renamed.slug), renamed);
    },
  });
}

/** Moves a section; the cached order changes at once and comes back if the call fails. */
export function useMoveSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, position }: { section: Section; position: number }) => moveSection(section.id, position),
    onMutate: async ({ section, position }) => {
      const key = boardKeys.sections(section.board_id);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Section[]>(key);
      if (before) {
        const rest = before.filter((s) => s.id !== section.id);
        rest.splice(position, 0, section);
        queryClient.setQueryData(key, rest);
      }
      return { before };
    },
    onError: (_error, { section }, context) => {
      if (context?.before) queryClient.setQueryData(boardKeys.sections(section.board_id), context.before);
    },
    onSettled: (_result, _error, { section }) => refreshSections(queryClient, section.board_id),
  });
}

export function useDeleteSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (section: Section) => deleteSection(section.id),
    onSuccess: (_result, section) => refreshSections(queryClient, section.board_id),
  });
}
