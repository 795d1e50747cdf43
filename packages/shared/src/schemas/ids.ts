/**
 * Ids are decimal strings of signed 64-bit integers (PostgreSQL
 * bigint; docs/product/api-contract.md §3). The server only makes non-negative ones, so an id is 1 to 20
 * digits (leading zeros allowed) whose value is at most 2^63 - 1. Anything
 * larger would overflow the bigint it is compared with, so it is refused at
 * the boundary instead of reaching the database.
 */
export const ID_MAX = '9223372036854775807';

export function isId(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return false;
  const digits = value.replace(/^0+(?=\d)/, '');
  return digits.length < ID_MAX.length || (digits.length === ID_MAX.length && digits <= ID_MAX);
}
