/**
 * Small builders the contract map (./resources) writes its answer shapes
 * with, so that a shape that several actions or union variants share is
 * written once. Each builds exactly the zod schema it stands for.
 */
import { z } from 'zod';

type Absent<S> = { [K in keyof S]: z.ZodOptional<z.ZodNull> };

/**
 * The fields of `shape` as a variant that leaves them out: each may be
 * absent or null (`z.null().optional()`), as a union variant marks the
 * fields only its siblings carry.
 */
export function absent<S extends Record<string, unknown>>(shape: S): Absent<S> {
  return Object.fromEntries(Object.keys(shape).map((key) => [key, z.null().optional()])) as Absent<S>;
}

/** A paged action's entry that answers a list of `item` (the page's items), with its options schema when shared. */
export function pagedList<T extends z.ZodType>(item: T): { output: z.ZodArray<T>; paged: true };
export function pagedList<T extends z.ZodType, I extends z.ZodType>(item: T, input: I): { input: I; output: z.ZodArray<T>; paged: true };
export function pagedList(item: z.ZodType, input?: z.ZodType): { input?: z.ZodType; output: z.ZodType; paged: true } {
  return input === undefined ? { output: z.array(item), paged: true } : { input, output: z.array(item), paged: true };
}
