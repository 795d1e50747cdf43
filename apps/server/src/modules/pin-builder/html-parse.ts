/**
 * Reads HTML fetched from outside off the main thread: html-extract.mjs runs
 * in a small pool of worker threads (lib/worker-pool.ts) under a deadline, so
 * that no page, however it is built, holds the event loop. Used by the Pin
 * builder (scrape-page.ts) and the website claim (partner/website-claim.ts).
 * See docs/decisions/018-parsing-outside-html-off-the-main-thread.md.
 *
 * The worker's entry, html-parse.worker.mjs, is plain JavaScript found next
 * to this module: `new URL('./html-parse.worker.mjs', import.meta.url)`. From
 * the sources (tsx, the test runner) that is the file beside this one; when
 * the server is bundled into dist/main.js, the worker must be bundled beside
 * it as dist/html-parse.worker.mjs (or .js): scripts/build-server.mjs does, as
 *   esbuild apps/server/src/modules/pin-builder/html-parse.worker.mjs --bundle --platform=node --format=esm --outfile=apps/server/dist/html-parse.worker.mjs
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createWorkerPool, WorkerPoolError, type WorkerPool } from '../../lib/worker-pool';
import { FetchRefusedError } from './fetch-errors';
import { LIMITS, type Extracted, type Wants } from './html-extract.mjs';

export const HTML_PARSE_DEFAULTS = {
  /** Workers: one per core but one (for the main thread), at least 1, at most 4. */
  size: Math.max(1, Math.min(4, availableParallelism() - 1)),
  /** A page read takes milliseconds; this is for pages built to take longer. */
  deadlineMs: 2_000,
  /** Waiting jobs per worker. */
  queuePerWorker: 8,
  maxWaitMs: 5_000,
  /** A worker's heap: the page (at most LIMITS.inputChars) and what is kept of it fit many times over. */
  resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
} as const;

export interface HtmlParserOptions {
  size?: number;
  deadlineMs?: number;
  maxQueue?: number;
  maxWaitMs?: number;
  /** Tests only: another worker entry. */
  workerFile?: URL;
}

export interface HtmlParser {
  /**
   * What `wants` asks for, read from the first LIMITS.inputChars of `html`.
   * Throws FetchRefusedError `unreadable` (400) when the page could not be read
   * within the deadline or the worker's memory, `busy` (429) when too many
   * pages are being read.
   */
  extract(html: string, wants: Wants): Promise<Extracted>;
  close(): Promise<void>;
}

/** The worker's entry: beside this module in the sources, beside the bundle when bundled. */
export function htmlParseWorkerFile(): URL {
  const candidates = [new URL('./html-parse.worker.mjs', import.meta.url), new URL('./html-parse.worker.js', import.meta.url)];
  return candidates.find((url) => existsSync(url)) ?? candidates[0]!;
}

export function createHtmlParser(options: HtmlParserOptions = {}): HtmlParser {
  const size = options.size ?? HTML_PARSE_DEFAULTS.size;
  let pool: WorkerPool<{ html: string; wants: Wants }, Extracted> | null = null;
  const poolNow = () =>
    (pool ??= createWorkerPool({
      file: options.workerFile ?? htmlParseWorkerFile(),
      size,
      maxQueue: options.maxQueue ?? size * HTML_PARSE_DEFAULTS.queuePerWorker,
      maxWaitMs: options.maxWaitMs ?? HTML_PARSE_DEFAULTS.maxWaitMs,
      deadlineMs: options.deadlineMs ?? HTML_PARSE_DEFAULTS.deadlineMs,
      resourceLimits: { ...HTML_PARSE_DEFAULTS.resourceLimits },
    }));

  return {
    async extract(html, wants) {
      // Only what will be read is copied to the worker.
      const input = { html: html.length > LIMITS.inputChars ? html.slice(0, LIMITS.inputChars) : html, wants };
      try {
        return await poolNow().run(input);
      } catch (err) {
        if (!(err instanceof WorkerPoolError)) throw err;
        if (err.failure === 'busy') throw new FetchRefusedError('busy', { cause: err });
        if (err.failure === 'deadline' || err.failure === 'crashed') throw new FetchRefusedError('unreadable', { cause: err });
        // A worker that cannot start or a bug in it is ours, not the page's: a 500, logged.
        throw err;
      }
    },
    async close() {
      await pool?.close();
      pool = null;
    },
  };
}

let shared: HtmlParser | null = null;

/** The one parser the server's requests share (its workers start on first use). */
export function sharedHtmlParser(): HtmlParser {
  return (shared ??= createHtmlParser());
}
