/**
 * Transcodes a checked video into what players read (docs/product/api-contract.md §8,
 * docs/product/logged-out-and-business.md §3):
 *   - `V_720P`: H.264/AAC MP4 fitting 1280x720 (720x1280 upright), fast start;
 *   - `V_HLSV4`: an HLS master playlist over two renditions (the 720p stream,
 *     segmented without re-encoding, and a 360p one at a lower rate);
 *   - `V_HLSV3_MOBILE`: a master playlist with the 360p rendition only.
 * Metadata and chapters are stripped; keyframes every 2 s so that segments
 * cut cleanly. Files are written to `dir`, named after the media base's name.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { VIDEO_MAX_DURATION_MS } from '@pinboard/shared/constants/limits';
import { runTool, ToolFailedError, type VideoTools } from './ffmpeg';
import { VideoRejectedError, type ProbedVideo } from './probe-video';

interface TranscodedFile {
  /** File name inside `dir`, also the key's last segment. */
  name: string;
  contentType: string;
}

export interface TranscodedVideo {
  files: TranscodedFile[];
  mp4: string;
  hlsv4: string;
  hlsv3: string;
  width: number;
  height: number;
  durationMs: number;
}

/** The size that fits within long side `long` and short side `short`, even numbers, never upscaled. */
function fitSize(width: number, height: number, long: number, short: number) {
  const landscape = width >= height;
  const maxW = landscape ? long : short;
  const maxH = landscape ? short : long;
  const scale = Math.min(1, maxW / width, maxH / height);
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

const CONTENT_TYPE = { mp4: 'video/mp4', m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const;

/**
 * Every ffmpeg pass is capped whatever the upload's header or probe said
 * (decision 056): it writes at most the limit and a second (`-t`), so a
 * video that runs past it is cut there and then refused, never transcoded
 * to its end; and at most OUTPUT_MAX_BYTES per output file (`-fs`): 10
 * minutes at the 720p rendition's 3 Mb/s cap and 128 kb/s of sound are
 * about 235 MB.
 */
const SLACK_MS = 1000;
const OUTPUT_MAX_BYTES = 512 * 1024 * 1024;
const capArgs = (maxDurationMs: number) => ['-t', ((maxDurationMs + SLACK_MS) / 1000).toFixed(3), '-fs', String(OUTPUT_MAX_BYTES)];

/** An output's duration (its format's, in ms) and its first video stream's size. */
async function probeOutput(tools: VideoTools, file: string, opts: { timeoutMs: number; signal?: AbortSignal | undefined }) {
  const out = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'v:0', file], {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  const json = JSON.parse(out.toString('utf8')) as { format?: { duration?: string }; streams?: { width?: number; height?: number }[] };
  return { width: json.streams?.[0]?.width ?? 0, height: json.streams?.[0]?.height ?? 0, durationMs: Math.round(Number(json.format?.duration ?? 0) * 1000) };
}

export async function transcodeVideo(
  tools: VideoTools,
  source: string,
  probed: Pick<ProbedVideo, 'width' | 'height' | 'hasAudio'>,
  dir: string,
  name: string,
  opts: { timeoutMs: number; threads?: number; signal?: AbortSignal; maxDurationMs?: number },
): Promise<TranscodedVideo> {
  const deadline = Date.now() + opts.timeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const threads = String(opts.threads ?? 1);
  const maxDurationMs = opts.maxDurationMs ?? VIDEO_MAX_DURATION_MS;
  const cap = capArgs(maxDurationMs);
  const hd = fitSize(probed.width, probed.height, 1280, 720);
  const sd = fitSize(probed.width, probed.height, 640, 360);
  const audio = probed.hasAudio ? ['-c:a', 'aac', '-ac', '2', '-ar', '44100'] : ['-an'];
  const pre = ['-v', 'error', '-nostdin', '-y'];
  const strip = ['-threads', threads, '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn'];
  const keyframes = ['-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'];
  const mp4 = `${name}_720p.mp4`;

  await runTool(
    tools.ffmpeg,
    [
      ...pre,
      '-xerror',
      '-i',
      source,
      ...strip,
      '-map',
      '0:v:0',
      ...(probed.hasAudio ? ['-map', '0:a:0'] : []),
      '-vf',
      `scale=${hd.width}:${hd.height},setsar=1`,
      '-r',
      '30',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-maxrate',
      '3000k',
      '-bufsize',
      '6000k',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      ...keyframes,
      ...audio,
      ...(probed.hasAudio ? ['-b:a', '128k'] : []),
      ...cap,
      '-movflags',
      '+faststart',
      path.join(dir, mp4),
    ],
    { timeoutMs: left(), maxStdout: 1024 * 1024, signal: opts.signal },
  );
  // What was written, not what the upload claimed: a video that ran on to the cap is refused before the other renditions.
  const written = await probeOutput(tools, path.join(dir, mp4), { timeoutMs: left(), signal: opts.signal });
  if (written.durationMs > maxDurationMs + SLACK_MS / 2) throw new VideoRejectedError('too_long');

  const hls = (rung: string) => [
    '-f',
    'hls',
    '-hls_time',
    '4',
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    path.join(dir, `${name}_hls${rung}_%05d.ts`),
    path.join(dir, `${name}_hls${rung}.m3u8`),
  ];
  // The top rung is the 720p stream cut into segments as it is.
  await runTool(tools.ffmpeg, [...pre, '-i', path.join(dir, mp4), ...strip, '-c', 'copy', ...cap, ...hls('720')], {
    timeoutMs: left(),
    maxStdout: 1024 * 1024,
    signal: opts.signal,
  });
  // The mobile rung: 360p at a lower rate.
  await runTool(
    tools.ffmpeg,
    [
      ...pre,
      '-i',
      path.join(dir, mp4),
      ...strip,
      '-vf',
      `scale=${sd.width}:${sd.height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '600k',
      '-maxrate',
      '700k',
      '-bufsize',
      '1200k',
      '-profile:v',
      'baseline',
      '-pix_fmt',
      'yuv420p',
      ...keyframes,
      ...audio,
      ...(probed.hasAudio ? ['-b:a', '64k'] : []),
      ...cap,
      ...hls('360'),
    ],
    { timeoutMs: left(), maxStdout: 1024 * 1024, signal: opts.signal },
  );

  const codecs = (profile: string) => (probed.hasAudio ? `${profile},mp4a.40.2` : profile);
  const rung720 = `#EXT-X-STREAM-INF:BANDWIDTH=3200000,RESOLUTION=${hd.width}x${hd.height},CODECS="${codecs('avc1.4d401f')}"\n${name}_hls720.m3u8\n`;
  const rung360 = `#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=${sd.width}x${sd.height},CODECS="${codecs('avc1.42e01e')}"\n${name}_hls360.m3u8\n`;
  const head = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n';
  const hlsv4 = `${name}_hlsv4.m3u8`;
  const hlsv3 = `${name}_hlsv3.m3u8`;
  await writeFile(path.join(dir, hlsv4), head + rung720 + rung360);
  await writeFile(path.join(dir, hlsv3), head + rung360);

  // The size and duration players get are those of the 720p file.
  const files: TranscodedFile[] = [];
  for (const f of await readdir(dir)) {
    if (!f.startsWith(`${name}_`)) continue;
    const ext = f.slice(f.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPE;
    if (CONTENT_TYPE[ext]) files.push({ name: f, contentType: CONTENT_TYPE[ext] });
  }
  return {
    files,
    mp4,
    hlsv4,
    hlsv3,
    width: written.width || hd.width,
    height: written.height || hd.height,
    durationMs: written.durationMs,
  };
}

/** A GIF's loop is cut at this many seconds. */
const GIF_MAX_SECONDS = 30;

/**
 * An animated GIF as a short muted looping MP4 (embedType gif, decision 044):
 * H.264 main within 1280x720, no audio, at most GIF_MAX_SECONDS, fast start.
 * One file; its three renditions all name it (players loop it as it is).
 */
export async function transcodeGif(
  tools: VideoTools,
  source: string,
  dir: string,
  name: string,
  opts: { timeoutMs: number; threads?: number; signal?: AbortSignal },
): Promise<TranscodedVideo> {
  const deadline = Date.now() + opts.timeoutMs;
  const left = () => Math.max(1000, deadline - Date.now());
  const size = async (file: string) => {
    const out = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'v:0', file], {
      timeoutMs: left(),
      signal: opts.signal,
    });
    const json = JSON.parse(out.toString('utf8')) as { format?: { duration?: string }; streams?: { width?: number; height?: number }[] };
    return { width: json.streams?.[0]?.width ?? 0, height: json.streams?.[0]?.height ?? 0, durationMs: Math.round(Number(json.format?.duration ?? 0) * 1000) };
  };
  const input = await size(source);
  if (!input.width || !input.height) throw new ToolFailedError('no picture in the GIF', '', false);
  const fit = fitSize(input.width, input.height, 1280, 720);
  const mp4 = `${name}_gif.mp4`;
  await runTool(
    tools.ffmpeg,
    [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-i',
      source,
      '-t',
      String(GIF_MAX_SECONDS),
      '-threads',
      String(opts.threads ?? 1),
      '-map_metadata',
      '-1',
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `scale=${fit.width}:${fit.height},setsar=1`,
      '-r',
      '25',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-fs',
      String(OUTPUT_MAX_BYTES),
      '-movflags',
      '+faststart',
      path.join(dir, mp4),
    ],
    { timeoutMs: left(), maxStdout: 1024 * 1024, signal: opts.signal },
  );
  const out = await size(path.join(dir, mp4));
  return {
    files: [{ name: mp4, contentType: CONTENT_TYPE.mp4 }],
    mp4,
    hlsv4: mp4,
    hlsv3: mp4,
    width: out.width || fit.width,
    height: out.height || fit.height,
    durationMs: out.durationMs,
  };
}
