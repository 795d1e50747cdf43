/**
 * What the multipart parser throws on a body that is not multipart (no
 * boundary, an empty or overlong one, a body that never opens or closes a
 * part, a malformed part header, a part declared JSON that is not) is the
 * client's: 400, never 500. Our own refusals, the parser's limits (413) and
 * system errors (a full disk: they carry an errno) pass through unchanged.
 * Used by the resource dispatcher's uploads and the API v5 media uploads.
 */
import { AppError, keyedError } from './app-error';

export function multipartFailure(err: unknown): unknown {
  if (err instanceof AppError || !(err instanceof Error)) return err;
  const system = err as NodeJS.ErrnoException;
  if (typeof system.errno === 'number' || typeof system.syscall === 'string') return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status !== 406) return err;
  return keyedError('INVALID_INPUT', 'request.multipartBody');
}
