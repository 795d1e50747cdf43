/**
 * The commonest passwords, refused at sign-up and on a password change: the
 * first 10,000 of the ranked list that zxcvbn-ts ships (@zxcvbn-ts/language-common,
 * built from leaked-password frequency), compared without regard to case.
 * Those shorter than 8 characters are refused by the length rule anyway.
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { ValidationError } from '../../lib/validation';

const COMMON_PASSWORD_COUNT = 10_000;
export const COMMON_PASSWORD_MESSAGE = 'That password is too common. Please choose one that is harder to guess.';

let common: Set<string> | null = null;

function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Throws the 400 that names the `password` field (or `field`) when the password is one of the commonest. */
export function assertUncommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw new ValidationError(field, COMMON_PASSWORD_MESSAGE);
}
