/**
 * Finds ffmpeg and ffprobe (decision 032): a system ffmpeg on PATH first
 * (usually newer, with hardware-tuned builds), else the static binaries the
 * `@ffmpeg-installer/*` and `@ffprobe-installer/*` packages install for this
 * platform with `npm install` (nothing is downloaded at run time). Without
 * either, video uploads are refused with a clear error.
 *
 * `runTool` runs one with a deadline and a lower scheduling priority, and
 * collects its output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where they came from, for the start-up line. */
  source: 'system' | 'npm';
}

const require = createRequire(import.meta.url);

function works(bin: string) {
  try {
    const r = spawnSync(bin, ['-version'], { stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000, windowsHide: true });
    return r.status === 0;
  } catch {
    return false;
  }
}

function fromPackage(name: string): string | null {
  try {
    const found = (require(name) as { path: string }).path;
    try {
      accessSync(found, fsConstants.X_OK);
    } catch {
      // Installs that skip package scripts leave the binary without its executable bit.
      chmodSync(found, 0o755);
    }
    return found;
  } catch {
    return null;
  }
}

let cached: VideoTools | null | undefined;

/** The video tools of this machine, or null when there are none (looked up once). */
export function findVideoTools(env: NodeJS.ProcessEnv = process.env): VideoTools | null {
  if (cached !== undefined) return cached;
  if (env.FFMPEG_PATH && env.FFPROBE_PATH) {
    cached = works(env.FFMPEG_PATH) && works(env.FFPROBE_PATH) ? { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH, source: 'system' } : null;
    return cached;
  }
  if (env.VIDEO_TOOLS !== 'npm' && works('ffmpeg') && works('ffprobe')) {
    cached = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe', source: 'system' };
    return cached;
  }
  const ffmpeg = fromPackage('@ffmpeg-installer/ffmpeg');
  const ffprobe = fromPackage('@ffprobe-installer/ffprobe');
  cached = ffmpeg && ffprobe && works(ffmpeg) && works(ffprobe) ? { ffmpeg, ffprobe, source: 'npm' } : null;
  return cached;
}

export class ToolFailedError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ToolFailedError';
  }
}

const KEEP_STDERR = 8 * 1024;

/**
 * Runs a tool to completion within `timeoutMs` (then it is killed), at a
 * lower priority than the web server. Resolves with its stdout; rejects with
 * ToolFailedError carrying the end of its stderr.
 */
export function runTool(bin: string, args: string[], opts: { timeoutMs: number; maxStdout?: number; signal?: AbortSignal }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ToolFailedError('stopped', '', false));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not permitted here: it runs at normal priority.
      }
    }
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let timedOut = false;
    const maxStdout = opts.maxStdout ?? 64 * 1024 * 1024;
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > maxStdout) child.kill('SIGKILL');
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString('utf8')).slice(-KEEP_STDERR);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reject(new ToolFailedError(e.message, err, false));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (code === 0 && !timedOut) resolve(Buffer.concat(out));
      else reject(new ToolFailedError(timedOut ? 'timed out' : `exited with ${code}`, err, timedOut));
    });
  });
}
