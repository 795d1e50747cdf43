import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedInViewer } from '../session/session.queries';
import { answerExperience, fetchExperience, type Experience } from './experiences.api';

const experienceKeys = {
  all: ['experiences'] as const,
  placement: (placementId: number) => ['experiences', placementId] as const,
};

export interface UseExperience {
  /** The current experience at the placement (null when none, signed out, or still loading). */
  experience: Experience | null;
  complete(): void;
  dismiss(): void;
}

/**
 * The viewer's current experience at a placement. Completing or dismissing
 * hides it at once and records it; the placement is then read again, since
 * another experience may be next in line there.
 */
export function useExperience(placementId: number): UseExperience {
  const viewer = useSignedInViewer();
  const queryClient = useQueryClient();
  const key = experienceKeys.placement(placementId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchExperience(placementId, signal),
    enabled: !!viewer,
    staleTime: 60_000,
  });
  const answer = useMutation({
    mutationFn: ({ experienceId, kind }: { experienceId: number; kind: 'complete' | 'dismiss' }) => answerExperience(placementId, experienceId, kind),
    onMutate: () => {
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const experience = viewer ? (query.data ?? null) : null;
  const send = (kind: 'complete' | 'dismiss') => {
    if (experience) answer.mutate({ experienceId: experience.experience_id, kind });
  };
  return { experience, complete: () => send('complete'), dismiss: () => send('dismiss') };
}
