/**
 * One error class for everything the API refuses. `code` is a number from
 * ERROR_CODES (listed once, also published in the OpenAPI document); the
 * error handler turns it into the envelope of the endpoint kind.
 */
import { ERROR_CODES, type ErrorCodeName } from '@pinboard/shared/api/error-codes';
import { serverErrorKeyOf, serverT } from './i18n';

/** The arguments of a keyed message: plain values only, sent as `message_args`. */
export type MessageArgs = Record<string, string | number>;

export class AppError extends Error {
  readonly httpStatus: number;
  readonly code: number;
  readonly messageDetail: string | undefined;
  readonly headers: Record<string, string> | undefined;
  /**
   * The `serverErrors.*` catalogue key of a message people see (decision 042),
   * sent as `message_key` so the web app shows it in the page's language; a
   * message equal to a key's en-US text gets that key by itself.
   */
  readonly messageKey: string | undefined;
  readonly messageArgs: MessageArgs | undefined;

  constructor(
    name: ErrorCodeName,
    message: string,
    opts: { messageDetail?: string; headers?: Record<string, string>; messageKey?: string; messageArgs?: MessageArgs } = {},
  ) {
    super(message);
    const def = ERROR_CODES[name];
    this.httpStatus = def.httpStatus;
    this.code = def.code;
    this.messageDetail = opts.messageDetail;
    this.headers = opts.headers;
    this.messageKey = opts.messageKey ?? serverErrorKeyOf(message);
    this.messageArgs = this.messageKey ? opts.messageArgs : undefined;
  }
}

/** An error whose message is the catalogue's `serverErrors.<key>`: en-US in `message`, the key and arguments beside it. */
export function keyedError(
  name: ErrorCodeName,
  key: string,
  args?: MessageArgs,
  opts: { messageDetail?: string; headers?: Record<string, string> } = {},
): AppError {
  return new AppError(name, serverT('en-US', `serverErrors.${key}`, args), { ...opts, messageKey: key, ...(args ? { messageArgs: args } : {}) });
}

/** The things a 404 names, each a `serverErrors.notFound.<thing>` text ("That Pin could not be found."). */
export type NotFoundThing =
  | 'that'
  | 'adAccount'
  | 'address'
  | 'article'
  | 'board'
  | 'boardSuggestion'
  | 'campaign'
  | 'collage'
  | 'collages'
  | 'comment'
  | 'conversation'
  | 'decision'
  | 'experience'
  | 'form'
  | 'ideaCategory'
  | 'ideaPin'
  | 'image'
  | 'list'
  | 'merchant'
  | 'page'
  | 'person'
  | 'pin'
  | 'profile'
  | 'report'
  | 'section'
  | 'sitemap'
  | 'topic'
  | 'upload'
  | 'video';

export const notFound = (thing: NotFoundThing = 'that') => keyedError('NOT_FOUND', `notFound.${thing}`);
export const invalid = (message: string) => new AppError('INVALID_INPUT', message);
export const loginRequired = () => new AppError('LOGIN_REQUIRED', 'You need to log in first.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
