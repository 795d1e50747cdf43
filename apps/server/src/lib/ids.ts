/**
 * Time-ordered 64-bit ids as decimal strings: 42 bits of milliseconds since
 * 2024-01-01, 10 bits of worker, 12 bits of sequence. Sorting by id sorts by
 * creation time, which is what keyset paging of feeds relies on.
 *
 * A server leases its worker id from the database (modules/servers, decision
 * 054), so that no two live processes make ids with the same one, and sets it
 * here with the time its lease is good until: past that time, without a
 * renewal, newId refuses (503) rather than risk an id another process makes.
 * Without a lease (tests, command-line tools) the worker is WORKER_ID, else
 * the process id.
 */
import { AppError } from './app-error';

const EPOCH = 1704067200000n;
let lastMs = 0n;
let sequence = 0n;
let worker = BigInt(Number(process.env.WORKER_ID ?? process.pid) & 0x3ff);
/** performance.now() past which the leased worker id may be another process's; Infinity without a lease. */
let leaseValidUntil = Infinity;

/** Makes ids with `id` (0-1023) until `validUntil` (performance.now() time), unless renewed with this again. */
export function useWorkerId(id: number, validUntil = Infinity) {
  if (!Number.isInteger(id) || id < 0 || id > 0x3ff) throw new Error(`A worker id is 0-1023, not ${id}`);
  worker = BigInt(id);
  leaseValidUntil = validUntil;
}

export function currentWorkerId(): number {
  return Number(worker);
}

export function newId(): string {
  if (performance.now() > leaseValidUntil) {
    throw new AppError('BUSY', 'The server is busy. Try again in a moment.', { headers: { 'retry-after': '1' } });
  }
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
