/** One entry of a Pin's video_list (V_720P, V_HLSV4, V_HLSV3_MOBILE …). */
export interface PinVideo {
  readonly thumbnail?: string | null;
  readonly url?: string | null;
  readonly width?: number | null;
  readonly height?: number | null;
}

function isPresentText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function isPresentSize(value: number | null | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * A Pin video counts as present only if thumbnail, url, width and height
 * exist (docs/product/logged-out-and-business.md §5). Choice: blank strings and sizes of 0 or
 * less count as missing, since such a video cannot be shown.
 */
export function hasPlayableVideo(video: PinVideo | null | undefined): video is PinVideo & {
  readonly thumbnail: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
} {
  return video != null && isPresentText(video.thumbnail) && isPresentText(video.url) && isPresentSize(video.width) && isPresentSize(video.height);
}
