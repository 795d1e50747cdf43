import { describe, expect, it } from 'vitest';
import { inviteLoginTitle, inviteReturnPath } from './inviteLink';

describe('inviteLoginTitle', () => {
  it("names the inviter by first name, else says 'Your friends' (the spec's texts)", () => {
    expect(inviteLoginTitle('Olive')).toBe('Olive invited you to join their board');
    expect(inviteLoginTitle('  ')).toBe('Your friends invited you to join their board');
    expect(inviteLoginTitle(undefined)).toBe('Your friends invited you to join their board');
  });
});

describe('inviteReturnPath', () => {
  it('is the board address with accept_invite and seamless, the token encoded', () => {
    expect(inviteReturnPath('/olive/road-trip/', 'a-b_c')).toBe('/olive/road-trip/?accept_invite=a-b_c&seamless=true');
    expect(inviteReturnPath('/olive/road-trip/', 'a b&c')).toBe('/olive/road-trip/?accept_invite=a%20b%26c&seamless=true');
  });
});
