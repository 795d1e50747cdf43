import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boardKeys } from '../boards/boards.queries';
import { feedKeys } from '../feeds/feeds.queries';
import { sessionKeys } from '../session/session.queries';
import { userKeys } from '../users/users.queries';
import { createPin, fetchPin, type CreatePinInput, type Pin } from './pins.api';

export const pinKeys = {
  all: ['pins'] as const,
  detail: (id: string) => ['pins', id] as const,
};

export function usePin(id: string) {
  return useQuery({
    queryKey: pinKeys.detail(id),
    queryFn: ({ signal }) => fetchPin(id, signal),
    enabled: /^\d+$/.test(id),
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
      ]);
    },
  });
}
