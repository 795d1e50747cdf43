import { trimLeading, trimTrailing } from './trimRuns';
/**
 * The image-host helper (docs/product/profiles-and-boards.md §5): turns a media path into an
 * image URL and rejects video-file paths with an error.
 */

/** File extensions of video media (and HLS playlists), lower case, no dot. */
const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(['mp4', 'm3u8', 'mov', 'webm', 'mkv', 'avi']);

/** Path part of a URL or path: no query string or fragment. */
function pathPart(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? '';
}

/** True when the path (query string and fragment ignored) names a video file. */
export function isVideoPath(path: string): boolean {
  const file = pathPart(path).split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  return dot >= 0 && VIDEO_EXTENSIONS.has(file.slice(dot + 1).toLowerCase());
}

/**
 * Image URL for a media path. Absolute http(s) URLs are returned unchanged;
 * other paths are made root-relative ('ab/cd.jpg' → '/ab/cd.jpg') and, when a
 * `host` origin is given, prefixed with it ('https://img.example.com').
 *
 * @throws Error for an empty path or a video-file path.
 */
export function imageHostUrl(path: string, host = ''): string {
  const trimmed = path.trim();
  if (trimmed === '') throw new Error('imageHostUrl: empty media path');
  if (isVideoPath(trimmed)) throw new Error(`imageHostUrl: not an image, video file path: ${trimmed}`);
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `${trimTrailing(host, '/')}/${trimLeading(trimmed, '/')}`;
}
