/** Short videos made at test time with the ffmpeg the server uses (npm's @ffmpeg-installer, or a system one): nothing is downloaded. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

function ffmpeg(): string {
  const system = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  if (system.status === 0) return 'ffmpeg';
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export function makeVideo({ seconds, width, height }: { seconds: number; width: number; height: number }): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pinboard-e2e-video-'));
  const file = join(dir, 'clip.mp4');
  try {
    const r = spawnSync(ffmpeg(), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=24:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=330:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ]);
    if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr.toString()}`);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
