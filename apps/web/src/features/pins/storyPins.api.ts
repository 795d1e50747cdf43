import type { TCreateStoryPin } from '@pinboard/shared/schemas/story-pins';
import { api } from '../../lib/api';
import type { Pin, PinImage, PinImageSize } from '../../lib/pinTypes';

/** An Idea Pin page's upload (StoryPinMediaResource). */
export interface StoryMedia {
  id: string;
  images: Partial<Record<PinImageSize, PinImage>>;
  dominant_color: string;
  width: number;
  height: number;
  is_video: boolean;
  video_status: 'processing' | 'ready' | 'failed' | null;
  video_failure_reason: string | null;
}

export async function uploadStoryMedia(file: File, isVideo: boolean, onProgress: (sent: number) => void): Promise<StoryMedia> {
  return (await api.uploadWithProgress<StoryMedia>('StoryPinMediaResource', {}, { [isVideo ? 'video' : 'image']: file }, onProgress)).data;
}

export async function fetchStoryMedia(id: string, signal?: AbortSignal): Promise<StoryMedia> {
  return (await api.get<StoryMedia>('StoryPinMediaResource', { id }, signal)).data;
}

export async function createStoryPin(input: TCreateStoryPin): Promise<Pin> {
  return (await api.send<Pin>('StoryPinResource', 'create', input)).data;
}
