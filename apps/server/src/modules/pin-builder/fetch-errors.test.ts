import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { AppError } from '../../lib/app-error';
import { FetchRefusedError, isFetchRefusedError, type FetchRefusalReason } from './fetch-errors';

describe('FetchRefusedError', () => {
  it.each<[FetchRefusalReason, number, number, string]>([
    ['invalid_url', 400, ERROR_CODES.INVALID_INPUT.code, "That doesn't look like a web address."],
    ['blocked_address', 400, ERROR_CODES.INVALID_INPUT.code, "We can't save from this address: it points to a private network."],
    ['unreachable', 400, ERROR_CODES.INVALID_INPUT.code, "That address can't be reached from here."],
    ['timeout', 400, ERROR_CODES.INVALID_INPUT.code, 'That page took too long to answer.'],
    ['too_large', 413, ERROR_CODES.TOO_LARGE.code, 'That page is too large.'],
    ['too_many_redirects', 400, ERROR_CODES.INVALID_INPUT.code, 'That link redirects too many times.'],
    ['http_error', 400, ERROR_CODES.INVALID_INPUT.code, 'That page answered with an error.'],
    ['not_html', 400, ERROR_CODES.INVALID_INPUT.code, "That link doesn't point to a web page or an image."],
    ['no_images', 400, ERROR_CODES.INVALID_INPUT.code, "We couldn't find any images on that page."],
    ['unreadable', 400, ERROR_CODES.INVALID_INPUT.code, 'That page is built in a way we cannot read in time.'],
    ['busy', 429, ERROR_CODES.RATE_LIMITED.code, 'Too many pages are being read right now. Try again in a moment.'],
  ])('%s → %i (code %i): %s', (reason, httpStatus, code, message) => {
    const err = new FetchRefusedError(reason);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toBeInstanceOf(Error);
    expect(isFetchRefusedError(err)).toBe(true);
    expect(err.name).toBe('FetchRefusedError');
    expect(err.reason).toBe(reason);
    expect(err.httpStatus).toBe(httpStatus);
    expect(err.code).toBe(code);
    expect(err.message).toBe(message);
  });

  it('asks to retry when busy', () => {
    expect(new FetchRefusedError('busy').headers).toEqual({ 'retry-after': '5' });
    expect(new FetchRefusedError('unreadable').headers).toBeUndefined();
  });

  it('words messages for images', () => {
    expect(new FetchRefusedError('too_large', { subject: 'image' }).message).toBe('That image is too large.');
    expect(new FetchRefusedError('timeout', { subject: 'image' }).message).toBe('That image took too long to load.');
    expect(new FetchRefusedError('http_error', { subject: 'image' }).message).toBe("That image couldn't be loaded.");
  });

  it('keeps a detail and the cause (for logs), and takes a message override', () => {
    const cause = new Error('ECONNREFUSED');
    const err = new FetchRefusedError('http_error', { messageDetail: 'HTTP 404', cause, message: 'Custom.' });
    expect(err.messageDetail).toBe('HTTP 404');
    expect(err.cause).toBe(cause);
    expect(err.message).toBe('Custom.');
  });

  it('is not confused with other errors', () => {
    expect(isFetchRefusedError(new Error('x'))).toBe(false);
    expect(isFetchRefusedError(null)).toBe(false);
  });
});
