/**
 * Where the app's log lines go (decision 062): standard output, written asynchronously, routine lines
 * in batches.
 *
 * - A slow reader of the pipe (a log collector) never makes a request wait for its write(2): sonic-boom writes
 *   in the background.
 * - Routine lines (`info` and below: one per request) wait up to BATCH_MS, or until BATCH_BYTES have gathered,
 *   and go out in one write. One write per line costs a thread-pool round trip per request, and sonic-boom's
 *   own minimum length measures its whole growing buffer again on each line; together that was most of what the
 *   request log cost (decision 062).
 * - A warning, an error or a fatal line goes out at once, with whatever routine lines came before it, in order.
 * - What is still waiting is written synchronously when the process exits (a normal exit, `process.exit`, the
 *   end of a SIGTERM shutdown; log-destination.test.ts); only a `kill -9` can lose the last lines.
 */
import { writeSync } from 'node:fs';
import pino from 'pino';

/** How long a routine line may wait for others to share its write. */
export const BATCH_MS = 100;
/** A batch this large is written at once. */
export const BATCH_BYTES = 8192;
/** pino's line starts `{"level":NN`; the level's first digit is at this index. */
const LEVEL_DIGIT_AT = 9;
/** `4`: warn (40), error (50) and fatal (60) go out at once. */
const FIRST_URGENT_DIGIT = 0x34;

function isRoutine(line: string) {
  return line.startsWith('{"level":') && line.charCodeAt(LEVEL_DIGIT_AT) < FIRST_URGENT_DIGIT;
}

/** pino's destination stream, gathering routine lines before they reach sonic-boom. Exported for its tests. */
export class BatchedDestination {
  private lines: string[] = [];
  private length = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly fd: number,
    private readonly boom: pino.DestinationStream & { flushSync(): void },
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.length += line.length;
    if (this.length >= BATCH_BYTES || !isRoutine(line)) this.handOver();
    else this.timer ??= setTimeout(this.onTimer, BATCH_MS).unref();
    return true;
  }

  /** Everything waiting goes to sonic-boom, which writes it now or right after the write under way. */
  private handOver() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.lines.length === 0) return;
    const chunk = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.length = 0;
    this.boom.write(chunk);
  }

  private readonly onTimer = () => {
    this.timer = undefined;
    this.handOver();
  };

  /**
   * Writes everything out before returning (the exit hook). sonic-boom's queue goes first, then the lines still
   * gathering, written here directly: handed to sonic-boom they would start an asynchronous write that an exiting
   * process never finishes.
   */
  flushSync() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.boom.flushSync();
    const chunk = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.length = 0;
    for (let at = 0; at < chunk.length;) {
      try {
        at += writeSync(this.fd, chunk, at);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }
}

let stdout: BatchedDestination | undefined;

/** One destination on standard output per process, however many apps the process builds. */
export function asyncStdout(): pino.DestinationStream {
  if (!stdout) {
    const destination = new BatchedDestination(1, pino.destination({ dest: 1, sync: false }));
    // After pino's own exit hook (what sonic-boom holds), this one writes the lines still gathering.
    process.once('exit', () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}
