/**
 * Turns every error into the envelope of the endpoint it came from. Known
 * framework errors (bad JSON, too large, wrong media type) get our codes;
 * anything else is a generic 500 and is logged, never shown.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { AppError, keyedError } from '../lib/app-error';
import { envelopeKindOf, failureBody, type FailureInfo } from '../lib/envelope';
import { ValidationError } from '../lib/validation';
import { IMAGE_REJECTION_KEYS, ImageRejectedError } from '../media-pipeline/image-errors';
import { VIDEO_REJECTION_KEYS, VideoRejectedError } from '../media-pipeline/probe-video';

/** What an error answers (status, code, message), or null for one of ours that must not be shown (a 500). */
export function describeError(err: FastifyError | Error): FailureInfo | null {
  if (err instanceof AppError) {
    return {
      httpStatus: err.httpStatus,
      code: err.code,
      message: err.message,
      messageDetail: err.messageDetail,
      field: err instanceof ValidationError ? err.field : undefined,
      messageKey: err.messageKey,
      messageArgs: err.messageArgs,
    };
  }
  if (err instanceof ImageRejectedError) {
    const name = err.httpStatus === 413 ? 'TOO_LARGE' : err.httpStatus === 415 ? 'UNSUPPORTED_MEDIA' : 'INVALID_INPUT';
    return { httpStatus: err.httpStatus, code: ERROR_CODES[name].code, message: err.message, field: 'image', messageKey: IMAGE_REJECTION_KEYS[err.reason] };
  }
  if (err instanceof VideoRejectedError) {
    const name =
      err.reason === 'unavailable'
        ? 'VIDEO_UNAVAILABLE'
        : err.httpStatus === 413
          ? 'TOO_LARGE'
          : err.httpStatus === 415
            ? 'UNSUPPORTED_MEDIA'
            : 'INVALID_INPUT';
    const { key, args } = VIDEO_REJECTION_KEYS[err.reason];
    return { httpStatus: err.httpStatus, code: ERROR_CODES[name].code, message: err.message, field: 'video', messageKey: key, messageArgs: args };
  }
  // A Pin moved (edited, bulk-moved, organized) onto a board where its pinner has the same picture (decision 095).
  const pgError = err as { code?: unknown; constraint?: unknown };
  if (pgError.code === '23505' && pgError.constraint === 'pins_same_picture_idx') return describeError(keyedError('CONFLICT', 'pins.pictureAlreadyOnBoard'));
  // Only input is ever percent-decoded: a malformed escape that reaches a decoder is the client's.
  if (err instanceof URIError) {
    return {
      httpStatus: 400,
      code: ERROR_CODES.INVALID_INPUT.code,
      message: 'The request holds a malformed percent-escape.',
      messageKey: 'request.percentEscape',
    };
  }
  const fe = err as FastifyError;
  const status = fe.statusCode ?? 500;
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
    return { httpStatus: 400, code: ERROR_CODES.MALFORMED_JSON.code, message: 'The request body is not valid JSON.', messageKey: 'request.jsonBody' };
  }
  if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { httpStatus: 413, code: ERROR_CODES.TOO_LARGE.code, message: 'The request is too large.', messageKey: 'request.tooLarge' };
  }
  if (status === 415) {
    return { httpStatus: 415, code: ERROR_CODES.UNSUPPORTED_MEDIA.code, message: 'That content type is not accepted here.', messageKey: 'request.contentType' };
  }
  if (status >= 400 && status < 500) {
    return { httpStatus: status, code: ERROR_CODES.INVALID_INPUT.code, message: 'The request could not be understood.', messageKey: 'request.notUnderstood' };
  }
  return null;
}

export async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    const known = describeError(err);
    if (!known) req.log.error({ err }, 'unhandled error');
    const info: FailureInfo = known ?? {
      httpStatus: 500,
      code: ERROR_CODES.INTERNAL.code,
      message: 'Something went wrong on our side.',
      messageKey: 'request.internal',
    };
    // A failure on our side names the request, so that whoever reports it can quote the id the logs carry.
    if (info.httpStatus >= 500) info.requestId = req.id;
    if (err instanceof AppError && err.headers) reply.headers(err.headers);
    reply.status(info.httpStatus).send(failureBody(envelopeKindOf(req.url), info));
  });
}
