import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'Jane.Doe@Example.COM',
    'jane+pins@mail.example.co.uk',
    "o'brien@example.ie",
    "a!#$%&'*+-/=?^`{|}~z@example.com",
    'jane_doe@example.com',
    '1234@123.45',
    'x@my-domain.example',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'jane',
    'jane@',
    '@example.com',
    'jane@localhost',
    'jane@example..com',
    'jane@.example.com',
    'jane@example.com.',
    'jane@exa_mple.com',
    'jane doe@example.com',
    ' jane@example.com',
    'jane@example.com ',
    'jane@@example.com',
    'ja(ne)@example.com',
    'jané@example.com',
    'jane@exämple.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
