/* Query hooks of video Pins and Idea Pins, for the pages loaded on demand that use them (the closeup, the builder). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateStoryPin } from '@pinboard/shared/schemas/story-pins';
import { boardKeys } from '../boards/boardKeys';
import { feedKeys } from '../../lib/feedCache';
import { userKeys } from '../users/users.queries';
import type { Pin } from '../../lib/pinTypes';
import { pinKeys } from './save.queries';
import { createStoryPin, retryVideo } from './storyPins.api';

/** Its pinner tries a failed video again. */
export function useRetryVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryVideo(id),
    onSuccess: (pin: Pin) => queryClient.setQueryData(pinKeys.detail(pin.id), pin),
  });
}

/** Publishes an Idea Pin; the feeds and profiles that may show it are asked again. */
export function useCreateStoryPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateStoryPin) => createStoryPin(input),
    onSuccess: async (pin: Pin) => {
      queryClient.setQueryData(pinKeys.detail(pin.id), pin);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]);
    },
  });
}
