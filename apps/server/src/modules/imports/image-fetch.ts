/**
 * Fetching an imported Pin's image politely (decision 094): through the Pin
 * builder's guarded fetcher (public addresses only, each redirect vetted),
 * at most `concurrency` requests at once on this server (one limiter that
 * every import running here shares), a deadline per request, and tries
 * again with backoff after a timeout, an unreachable host or a 5xx answer;
 * a 4xx answer (a 404: the image is gone) is not tried again.
 */
import pLimit from 'p-limit';
import { IMAGE_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { isFetchRefusedError, safeFetch } from '../pin-builder';

/** Why an image could not be had: the failure's reason, shown with the Pin (its text: imports.reason.<reason>). */
export type ImageFailure = 'not_found' | 'server_error' | 'timeout' | 'unreachable' | 'refused' | 'too_large' | 'not_an_image' | 'no_image' | 'board_gone';

export class ImageUnavailable extends Error {
  constructor(readonly reason: ImageFailure) {
    super(`image unavailable: ${reason}`);
    this.name = 'ImageUnavailable';
  }
}

const IMAGE_ACCEPT = 'image/webp,image/png,image/jpeg,image/gif;q=0.9,image/*;q=0.8,*/*;q=0.5';

export interface ImageFetcherOptions {
  concurrency: number;
  timeoutMs: number;
  /** Tries in all (the first and its retries). */
  attempts?: number;
  /** The first retry waits this long; each next one twice as long. */
  backoffMs?: number;
  allowPrivateAddresses: boolean;
}

/** An HTTP status from a refusal's detail ("HTTP 503"), or null. */
function statusOf(err: { messageDetail?: string | undefined }) {
  const m = /^HTTP (\d{3})$/.exec(err.messageDetail ?? '');
  return m ? Number(m[1]) : null;
}

/** What a failed request means: a reason, and whether to try again. */
function classify(err: unknown): { reason: ImageFailure; again: boolean } {
  if (!isFetchRefusedError(err)) return { reason: 'unreachable', again: true };
  switch (err.reason) {
    case 'timeout':
      return { reason: 'timeout', again: true };
    case 'unreachable':
      return { reason: 'unreachable', again: true };
    case 'too_large':
      return { reason: 'too_large', again: false };
    case 'http_error': {
      const status = statusOf(err);
      if (status !== null && status >= 500) return { reason: 'server_error', again: true };
      if (status === 429) return { reason: 'server_error', again: true };
      return { reason: 'not_found', again: false };
    }
    default:
      return { reason: 'refused', again: false };
  }
}

export function createImageFetcher(o: ImageFetcherOptions) {
  const limit = pLimit(o.concurrency);
  const attempts = o.attempts ?? 3;
  const backoffMs = o.backoffMs ?? 500;

  /** The image's bytes, or ImageUnavailable with its reason; gives up (throwing the abort) when `signal` aborts. */
  async function fetchImage(url: string, signal: AbortSignal): Promise<Buffer> {
    let last: ImageFailure = 'unreachable';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      signal.throwIfAborted();
      try {
        const res = await limit(() => {
          signal.throwIfAborted();
          return safeFetch(url, {
            allowPrivateAddresses: o.allowPrivateAddresses,
            maxBytes: IMAGE_MAX_BYTES,
            timeoutMs: o.timeoutMs,
            accept: IMAGE_ACCEPT,
            subject: 'image',
          });
        });
        return res.body;
      } catch (err) {
        signal.throwIfAborted();
        const { reason, again } = classify(err);
        last = reason;
        if (!again || attempt === attempts) break;
        await wait(backoffMs * 2 ** (attempt - 1), signal);
      }
    }
    throw new ImageUnavailable(last);
  }

  return { fetchImage };
}

export type ImageFetcher = ReturnType<typeof createImageFetcher>;

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
