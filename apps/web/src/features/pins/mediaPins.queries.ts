/* Query hooks of video Pins and Idea Pins, for the pages loaded on demand that use them (the closeup, the builder). */
import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { sessionKeys } from '../session/session.queries';
import type { TCreateStoryPin, TUpdateStoryPin } from '@pinboard/shared/schemas/story-pins';
import { boardKeys } from '../../lib/boardKeys';
import { feedKeys } from '../../lib/feedCache';
import { userKeys } from '../users/users.queries';
import type { Pin } from '../../lib/answers';
import { pinKeys } from './save.queries';
import { createStoryPin, createVideoPin, retryVideo, updateStoryPin, type CreateVideoPinInput } from './storyPins.api';

/** Keeps a new or changed Pin as its closeup's answer, then asks again for the lists that may show it. */
async function keepPinAndRefresh(queryClient: QueryClient, pin: Pin, lists: readonly QueryKey[]) {
  queryClient.setQueryData(pinKeys.detail(pin.id), pin);
  await Promise.all(lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

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
    onSuccess: (pin: Pin) => keepPinAndRefresh(queryClient, pin, [feedKeys.all, boardKeys.all, userKeys.all]),
  });
}

/** Saves an edited Idea Pin; the feeds that show it are asked again. */
export function useUpdateStoryPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TUpdateStoryPin) => updateStoryPin(input),
    onSuccess: (pin: Pin) => keepPinAndRefresh(queryClient, pin, [feedKeys.all]),
  });
}

/** Makes a Pin from a video; `onProgress` hears how much of the upload was sent (0–1). */
export function useCreateVideoPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, video, onProgress }: { input: CreateVideoPinInput; video: File; onProgress: (sent: number) => void }) =>
      createVideoPin(input, video, onProgress),
    onSuccess: (pin: Pin) => keepPinAndRefresh(queryClient, pin, [feedKeys.all, boardKeys.all, userKeys.all, sessionKeys.viewer]),
  });
}

/** While a Pin's video is being processed, the Pin is asked for again every 2 s, until it is ready or failed. */
export function useVideoProcessingPoll(pin: Pick<Pin, 'id' | 'video_status'>) {
  const queryClient = useQueryClient();
  const processing = pin.video_status === 'processing';
  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: pinKeys.detail(pin.id) }), 2000);
    return () => window.clearInterval(timer);
  }, [processing, pin.id, queryClient]);
}
