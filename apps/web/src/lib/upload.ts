import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { TEXTS } from './allTexts';

/** The image types the server accepts (docs/product/api-contract.md §6). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a chosen file cannot be uploaded, or null when it looks fine (the server still checks the bytes). */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return TEXTS.create.fileNotImage;
  if (file.size > IMAGE_MAX_BYTES) return TEXTS.create.fileTooLarge;
  return null;
}

/** The video types the server accepts (docs/product/api-contract.md §8); it checks the bytes, never the name. */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

export const isVideoFile = (file: Pick<File, 'type'>) => (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(file.type);

/** Like fileProblem, for the Pin creation tool, which takes a video too. */
export function mediaFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isVideoFile(file)) return fileProblem(file) === TEXTS.create.fileNotImage ? TEXTS.create.fileNotMedia : fileProblem(file);
  if (file.size > VIDEO_MAX_BYTES) return TEXTS.create.videoTooLarge;
  return null;
}
