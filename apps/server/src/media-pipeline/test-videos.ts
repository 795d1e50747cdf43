/**
 * Locally generated videos for tests, benchmarks and the demo content.
 * Nothing is downloaded: ffmpeg's own generators (testsrc2, sine) make the
 * pictures and the sound.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findVideoTools, runTool } from './ffmpeg';

export interface TestVideoOptions {
  seconds: number;
  width: number;
  height: number;
  format?: 'mp4' | 'webm' | 'mov-png';
  audio?: boolean;
  fps?: number;
  /** Picture generator: testsrc2 (default), smptehdbars, rgbtestsrc, color=c=blue… (one that takes size, rate and duration). */
  source?: string;
  /** MP4: the index before the data (fast start); default true. */
  faststart?: boolean;
}

/** A video's bytes. Throws when this machine has no ffmpeg. */
export async function makeTestVideo(o: TestVideoOptions): Promise<Buffer> {
  const tools = findVideoTools();
  if (!tools) throw new Error('no ffmpeg on this machine');
  const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-testvideo-'));
  const format = o.format ?? 'mp4';
  const file = path.join(dir, format === 'webm' ? 'v.webm' : format === 'mov-png' ? 'v.mov' : 'v.mp4');
  const fps = o.fps ?? 24;
  const src = o.source ?? 'testsrc2';
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${src}${src.includes('=') ? ':' : '='}size=${o.width}x${o.height}:rate=${fps}:duration=${o.seconds}`,
  ];
  if (o.audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${o.seconds}`);
  if (format === 'webm') args.push('-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', ...(o.audio ? ['-c:a', 'libopus'] : []));
  else if (format === 'mov-png') args.push('-c:v', 'png', ...(o.audio ? ['-c:a', 'aac'] : []));
  else
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(o.audio ? ['-c:a', 'aac'] : []),
      ...(o.faststart === false ? [] : ['-movflags', '+faststart']),
    );
  if (o.audio) args.push('-shortest');
  args.push(file);
  try {
    await runTool(tools.ffmpeg, args, { timeoutMs: 120_000 });
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
