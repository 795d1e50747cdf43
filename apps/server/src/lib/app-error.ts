/**
 * One error class for everything the API refuses. `code` is a number from
 * ERROR_CODES (listed once, also published in the OpenAPI document); the
 * error handler turns it into the envelope of the endpoint kind.
 */
import { ERROR_CODES, type ErrorCodeName } from '@pinboard/shared/api/error-codes';

export class AppError extends Error {
  readonly httpStatus: number;
  readonly code: number;
  readonly messageDetail: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    name: ErrorCodeName,
    message: string,
    opts: { messageDetail?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    const def = ERROR_CODES[name];
    this.httpStatus = def.httpStatus;
    this.code = def.code;
    this.messageDetail = opts.messageDetail;
    this.headers = opts.headers;
  }
}

export const notFound = (what = 'That') => new AppError('NOT_FOUND', `${what} could not be found.`);
export const invalid = (message: string) => new AppError('INVALID_INPUT', message);
export const loginRequired = () => new AppError('LOGIN_REQUIRED', 'You need to log in first.');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
