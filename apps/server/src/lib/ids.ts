/**
 * Time-ordered 64-bit ids as decimal strings: 42 bits of milliseconds since
 * 2024-01-01, 10 bits of worker, 12 bits of sequence. Sorting by id sorts by
 * creation time, which is what keyset paging of feeds relies on.
 */
const EPOCH = 1704067200000n;
let lastMs = 0n;
let sequence = 0n;
const worker = BigInt(Number(process.env.WORKER_ID ?? process.pid) & 0x3ff);

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  if (now < lastMs) now = lastMs; // clock went back: stay monotonic
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}

/** An id as the database can hold it: decimal digits within the signed 64-bit range. */
export { isId } from '@pinboard/shared/schemas/ids';
