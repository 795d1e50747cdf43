/**
 * The one error fetching a page or image by URL throws. It is an AppError, so
 * the API's error handler answers with its message (safe to show) and status:
 * 413 for too_large, 429 (with Retry-After) for busy, 400 for everything
 * else. Lower-level causes are kept in `cause` for logging only.
 */
import { AppError } from '../../lib/app-error';
import { serverT } from '../../lib/i18n';

export type FetchRefusalReason =
  | 'invalid_url'
  | 'blocked_address'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_error'
  | 'not_html'
  | 'no_images'
  /** The page could not be read within the parse deadline or memory (see html-parse.ts). */
  | 'unreadable'
  /** Too many pages are being read at once; try again shortly. */
  | 'busy';

/** What was being fetched, for the wording of the message. */
export type FetchSubject = 'page' | 'image';

const MESSAGES: Record<FetchRefusalReason, (subject: FetchSubject) => string> = {
  invalid_url: () => "That doesn't look like a web address.",
  // A loopback or private address is a valid URL: the refusal says why it is refused (SSRF guard), keyed for every locale.
  blocked_address: () => serverT('en-US', 'serverErrors.pinBuilder.privateAddress'),
  unreachable: () => "That address can't be reached from here.",
  timeout: (s) => (s === 'image' ? 'That image took too long to load.' : 'That page took too long to answer.'),
  too_large: (s) => (s === 'image' ? 'That image is too large.' : 'That page is too large.'),
  too_many_redirects: () => 'That link redirects too many times.',
  http_error: (s) => (s === 'image' ? "That image couldn't be loaded." : 'That page answered with an error.'),
  not_html: () => "That link doesn't point to a web page or an image.",
  no_images: () => "We couldn't find any images on that page.",
  unreadable: () => 'That page is built in a way we cannot read in time.',
  busy: () => 'Too many pages are being read right now. Try again in a moment.',
};

/** The refusal of a public host on a port other than 80 or 443 (also `blocked_address`). */
export const blockedPortMessage = () => serverT('en-US', 'serverErrors.pinBuilder.blockedPort');

/** Seconds a person is asked to wait when pages are `busy`. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export class FetchRefusedError extends AppError {
  readonly reason: FetchRefusalReason;

  constructor(reason: FetchRefusalReason, opts: { subject?: FetchSubject; message?: string; messageDetail?: string; cause?: unknown } = {}) {
    const message = opts.message ?? MESSAGES[reason](opts.subject ?? 'page');
    super(reason === 'too_large' ? 'TOO_LARGE' : reason === 'busy' ? 'RATE_LIMITED' : 'INVALID_INPUT', message, {
      messageDetail: opts.messageDetail,
      ...(reason === 'busy' ? { headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) } } : {}),
    });
    this.name = 'FetchRefusedError';
    this.reason = reason;
    if (opts.cause !== undefined) (this as { cause?: unknown }).cause = opts.cause;
  }
}

export function isFetchRefusedError(err: unknown): err is FetchRefusedError {
  return err instanceof FetchRefusedError;
}
