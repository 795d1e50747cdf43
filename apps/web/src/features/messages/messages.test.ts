import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/messages';
import { ApiError } from '../../lib/api';
import { compareIds, sendErrorText } from './messages.queries';

describe('messages', () => {
  it('orders decimal ids by number, not by text', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('7300000000000000001', '7300000000000000000')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });

  it("says why sending failed: the server's detail, else its message, else the spec's text", () => {
    expect(sendErrorText(new ApiError({ httpStatus: 403, code: 0, message: 'Refused', messageDetail: 'They do not take messages.' }))).toBe(
      'They do not take messages.',
    );
    expect(sendErrorText(new ApiError({ httpStatus: 403, code: 0, message: 'Refused' }))).toBe('Refused');
    expect(sendErrorText(new ApiError({ httpStatus: 500, code: 0, message: '' }))).toBe(MESSAGES.messaging.createConversationFailed);
    expect(sendErrorText(new Error('boom'))).toBe(MESSAGES.messaging.createConversationFailed);
  });
});
