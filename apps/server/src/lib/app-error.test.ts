/**
 * Keyed errors (decision 042): a message people see carries its
 * `serverErrors.*` key and arguments beside the unchanged English `message`,
 * in both envelopes; an error thrown with a key's English text gets the key
 * by itself; a message the catalogue does not know has no key.
 */
import { describe, expect, it } from 'vitest';
import { ACTION_LIMITS } from '../rate-limit/limits';
import { AppError, forbidden, keyedError } from './app-error';
import { failureBody } from './envelope';
import { zCreateComment } from '@pinboard/shared/schemas/comments';
import { keyedInvalid, parseInput, ValidationError } from './validation';

const info = (err: AppError) => ({
  httpStatus: err.httpStatus,
  code: err.code,
  message: err.message,
  messageKey: err.messageKey,
  messageArgs: err.messageArgs,
});

describe('keyed errors', () => {
  it('formats the en-US message from the key and sends key and arguments', () => {
    const err = keyedError('CONFLICT', 'boardInvites.alreadyInvited', { name: 'Rex Guest' });
    expect(err.message).toBe('Rex Guest is already invited to this board.');
    expect(failureBody('resource', info(err))).toEqual({
      resource_response: {
        status: 'failure',
        error: {
          http_status: 409,
          code: err.code,
          message: 'Rex Guest is already invited to this board.',
          message_detail: '',
          message_key: 'boardInvites.alreadyInvited',
          message_args: { name: 'Rex Guest' },
        },
      },
    });
    expect(failureBody('spec', info(err))).toMatchObject({ message_key: 'boardInvites.alreadyInvited', message_args: { name: 'Rex Guest' } });
  });

  it('keys a known English text, and leaves other messages without a key', () => {
    expect(forbidden('Your role on this ad account does not allow that.').messageKey).toBe('ads.roleRefused');
    const plain = forbidden('Something of our own.');
    expect(plain.messageKey).toBeUndefined();
    expect(failureBody('spec', info(plain))).not.toHaveProperty('message_key');
  });

  it('keys a shared schema’s own text that the server checks', () => {
    let err: unknown;
    try {
      parseInput(zCreateComment, { pin_id: '1', text: ' ' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).message).toBe('Write something first.');
    expect((err as ValidationError).messageKey).toBe('comments.empty');
  });

  it('keys a field’s 400 with its arguments, the English message as before', () => {
    const err = keyedInvalid('duration', 'ads.durationMax', { days: '30' });
    expect(err.field).toBe('duration');
    expect(err.message).toBe('duration: at most 30 days.');
    expect(err.messageKey).toBe('ads.durationMax');
    expect(err.messageArgs).toEqual({ days: '30' });
    // The texts that were template literals read as they did.
    expect(keyedInvalid('b', 'ads.budgetMin', { amount: '1.5', currency: 'EUR', country: 'DE' }).message).toBe(
      'budget_in_micro_currency: the daily budget must be at least 1.5 EUR in DE.',
    );
    expect(keyedInvalid('b', 'ads.budgetMax', { amount: '1000', currency: 'USD' }).message).toBe(
      'budget_in_micro_currency: the daily budget can be at most 1000 USD.',
    );
    expect(keyedInvalid('t', 'ads.unknownInterest', { name: 'yachts' }).message).toBe('targeting_spec.interests: there is no topic "yachts".');
    expect(keyedError('CONFLICT', 'boardInvites.emailNotSent', { email: 'a@b.c' }).message).toBe(
      "We couldn't send the invite email to a@b.c. Please try again later.",
    );
  });

  it('every shared limit’s message has a key', () => {
    for (const [name, limit] of Object.entries(ACTION_LIMITS)) {
      expect(new AppError('RATE_LIMITED', limit.message).messageKey, name).toBe(`rateLimit.${name}`);
    }
  });
});
