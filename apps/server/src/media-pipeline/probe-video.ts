/**
 * Checks an uploaded video before its Pin is made: by its first bytes (MP4,
 * MOV or WebM containers; never by its name), then by probing (a video
 * stream in a codec we decode, a duration within the limit). Refusals are
 * VideoRejectedError with a message for people and the status to answer.
 */
import { open, stat } from 'node:fs/promises';
import { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS } from '@pinboard/shared/constants/limits';
import { runTool, type VideoTools } from './ffmpeg';

export type VideoRejectionReason = 'empty' | 'too_large' | 'unsupported_type' | 'unsupported_codec' | 'too_long' | 'corrupt' | 'unavailable';

const MESSAGES: Record<VideoRejectionReason, string> = {
  empty: 'video: the file is empty.',
  too_large: `video: videos can be at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB.`,
  unsupported_type: 'video: only MP4, MOV and WebM videos are accepted.',
  unsupported_codec: 'video: this video is encoded in a format we cannot play.',
  too_long: `video: videos can be at most ${VIDEO_MAX_DURATION_MS / 60_000} minutes long.`,
  corrupt: 'video: the video could not be read.',
  unavailable: 'video: this server cannot process videos (no ffmpeg was found).',
};

/** Each message's `serverErrors.*` key and arguments (decision 042), sent as `message_key` / `message_args`. */
export const VIDEO_REJECTION_KEYS: Record<VideoRejectionReason, { key: string; args?: Record<string, number> }> = {
  empty: { key: 'media.videoEmpty' },
  too_large: { key: 'media.videoTooLarge', args: { mb: VIDEO_MAX_BYTES / 1024 / 1024 } },
  unsupported_type: { key: 'media.videoType' },
  unsupported_codec: { key: 'media.videoCodec' },
  too_long: { key: 'media.videoTooLong', args: { minutes: VIDEO_MAX_DURATION_MS / 60_000 } },
  corrupt: { key: 'media.videoCorrupt' },
  unavailable: { key: 'media.videoUnavailable' },
};

const STATUS: Record<VideoRejectionReason, 400 | 413 | 415> = {
  empty: 400,
  too_large: 413,
  unsupported_type: 415,
  unsupported_codec: 415,
  too_long: 400,
  corrupt: 400,
  unavailable: 400,
};

export class VideoRejectedError extends Error {
  readonly httpStatus: 400 | 413 | 415;
  constructor(
    readonly reason: VideoRejectionReason,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES[reason], options);
    this.name = 'VideoRejectedError';
    this.httpStatus = STATUS[reason];
  }
}

type VideoContainer = 'mp4' | 'webm';

/** The container by its first bytes: ISO BMFF (MP4, MOV: a box type at offset 4) or Matroska/WebM (EBML magic). */
function sniffVideoContainer(head: Buffer): VideoContainer | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (head.length >= 12) {
    const box = head.toString('latin1', 4, 8);
    if (box === 'ftyp' || box === 'moov' || box === 'mdat' || box === 'wide' || box === 'free' || box === 'skip') return 'mp4';
  }
  return null;
}

/** Video codecs our ffmpeg decodes that people upload in these containers. */
const VIDEO_CODECS = new Set(['h264', 'hevc', 'mpeg4', 'vp8', 'vp9', 'av1', 'prores', 'mjpeg', 'h263']);
const AUDIO_CODECS = new Set(['aac', 'mp3', 'opus', 'vorbis', 'pcm_s16le', 'pcm_s24le', 'alac', 'ac3', 'eac3', 'flac']);

export interface ProbedVideo {
  container: VideoContainer;
  bytes: number;
  durationMs: number;
  /** Display size (rotation applied). */
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
}

/** Bounds on reading every packet of an upload: a 200 MB file demuxes in a few seconds; a flood of tiny packets is refused. */
const PACKET_PROBE_TIMEOUT_MS = 30_000;
const PACKET_PROBE_MAX_OUTPUT = 32 * 1024 * 1024;

/**
 * How long the video really is: from the timestamps of its packets (every
 * stream's, demuxed to the end, not decoded), never from the container's
 * header, which the file's maker writes (a 12-minute WebM can say 5 s).
 * The first packet's time to the last packet's end; NaN when no packet has
 * a time.
 */
export async function packetDurationMs(tools: VideoTools, file: string): Promise<number> {
  const out = await runTool(tools.ffprobe, ['-v', 'error', '-show_entries', 'packet=pts_time,dts_time,duration_time', '-of', 'csv=p=0', file], {
    timeoutMs: PACKET_PROBE_TIMEOUT_MS,
    maxStdout: PACKET_PROBE_MAX_OUTPUT,
  });
  let first = Infinity;
  let last = -Infinity;
  for (const line of out.toString('latin1').split('\n')) {
    const [pts, dts, duration] = line.split(',');
    let at = Number.parseFloat(pts ?? '');
    if (!Number.isFinite(at)) at = Number.parseFloat(dts ?? '');
    if (!Number.isFinite(at)) continue;
    const length = Number.parseFloat(duration ?? '');
    first = Math.min(first, at);
    last = Math.max(last, at + (Number.isFinite(length) && length > 0 ? length : 0));
  }
  return last > first ? Math.round((last - first) * 1000) : Number.NaN;
}

/**
 * Checks an upload (a temporary file) and answers what it holds. Its length
 * is its packets' (`packetDurationMs`), at most `maxDurationMs` (the
 * 10-minute limit unless told).
 */
export async function probeVideo(tools: VideoTools | null, file: string, opts: { maxDurationMs?: number } = {}): Promise<ProbedVideo> {
  if (!tools) throw new VideoRejectedError('unavailable');
  const { size } = await stat(file);
  if (size === 0) throw new VideoRejectedError('empty');
  if (size > VIDEO_MAX_BYTES) throw new VideoRejectedError('too_large');
  const fh = await open(file, 'r');
  const head = Buffer.alloc(16);
  try {
    await fh.read(head, 0, 16, 0);
  } finally {
    await fh.close();
  }
  const container = sniffVideoContainer(head);
  if (!container) throw new VideoRejectedError('unsupported_type');
  let json: ProbeJson;
  try {
    const out = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeoutMs: 20_000,
      maxStdout: 4 * 1024 * 1024,
    });
    json = JSON.parse(out.toString('utf8')) as ProbeJson;
  } catch (cause) {
    throw new VideoRejectedError('corrupt', { cause });
  }
  const video =
    json.streams?.find((s) => s.codec_type === 'video' && s.codec_name !== 'png' && s.codec_name !== 'mjpeg') ??
    json.streams?.find((s) => s.codec_type === 'video');
  if (!video || !video.width || !video.height) throw new VideoRejectedError('corrupt');
  if (!VIDEO_CODECS.has(video.codec_name ?? '')) throw new VideoRejectedError('unsupported_codec');
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  if (audio && !AUDIO_CODECS.has(audio.codec_name ?? '')) throw new VideoRejectedError('unsupported_codec');
  let durationMs: number;
  try {
    durationMs = await packetDurationMs(tools, file);
  } catch (cause) {
    throw new VideoRejectedError('corrupt', { cause });
  }
  if (!Number.isFinite(durationMs) || durationMs <= 0) throw new VideoRejectedError('corrupt');
  if (durationMs > (opts.maxDurationMs ?? VIDEO_MAX_DURATION_MS)) throw new VideoRejectedError('too_long');
  const rotation = Math.abs(Number(video.tags?.rotate ?? video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 180;
  const [width, height] = rotation === 90 ? [video.height, video.width] : [video.width, video.height];
  return { container, bytes: size, durationMs, width, height, hasAudio: !!audio, videoCodec: video.codec_name ?? '' };
}

/** One frame as PNG bytes, for the poster (a second in, or the middle of a shorter video). */
export async function posterFrame(tools: VideoTools, file: string, durationMs: number): Promise<Buffer> {
  const at = Math.min(1, durationMs / 2000).toFixed(3);
  try {
    const png = await runTool(
      tools.ffmpeg,
      ['-v', 'error', '-nostdin', '-ss', at, '-i', file, '-frames:v', '1', '-map_metadata', '-1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      {
        timeoutMs: 30_000,
        maxStdout: 64 * 1024 * 1024,
      },
    );
    if (png.length === 0) throw new Error('no frame');
    return png;
  } catch (cause) {
    throw new VideoRejectedError('corrupt', { cause });
  }
}
