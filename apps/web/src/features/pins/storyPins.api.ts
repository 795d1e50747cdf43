import type { ResourceOutput } from '@pinboard/shared/contract';
import type { TCreatePin } from '@pinboard/shared/schemas/pins';
import type { TCreateStoryPin, TUpdateStoryPin } from '@pinboard/shared/schemas/story-pins';
import { api } from '../../lib/api';
import { uploadWithProgress } from '../../lib/uploadWithProgress';
import type { Pin } from '../../lib/answers';
import type { CreatePinInput } from './pins.api';

/** An Idea Pin page's upload (StoryPinMediaResource). */
export type StoryMedia = ResourceOutput<'StoryPinMediaResource', 'get'>;

export async function uploadStoryMedia(file: File, isVideo: boolean, onProgress: (sent: number) => void): Promise<StoryMedia> {
  return (await uploadWithProgress('StoryPinMediaResource', {}, { [isVideo ? 'video' : 'image']: file }, onProgress)).data;
}

export async function fetchStoryMedia(id: string, signal?: AbortSignal): Promise<StoryMedia> {
  return (await api.resource('StoryPinMediaResource', 'get', { id }, signal)).data;
}

/** Published as the business the person acts as, if any (decision 043). */
export async function createStoryPin(input: TCreateStoryPin): Promise<Pin> {
  return (await api.resource('StoryPinResource', 'create', { ...input })).data;
}

/** Its maker edits a published Idea Pin: title, description, and its pages (new uploads, or `keep_page` for pages it has). */
export async function updateStoryPin(input: TUpdateStoryPin): Promise<Pin> {
  return (await api.resource('StoryPinResource', 'update', input)).data;
}

/** A video Pin's details, with its captions if any. */
export type CreateVideoPinInput = CreatePinInput & Pick<TCreatePin, 'captions'>;

/** A Pin from a video: answered at once as processing; `onProgress` hears how much was sent (0–1). */
export async function createVideoPin(input: CreateVideoPinInput, video: File, onProgress: (sent: number) => void): Promise<Pin> {
  return (await uploadWithProgress('PinResource', { ...input, method: 'uploaded' }, { video }, onProgress)).data;
}

/** Queues a failed video's processing again (its pinner only). */
export async function retryVideo(id: string): Promise<Pin> {
  return (await api.resource('PinResource', 'update', { id, retry_video: true })).data;
}
