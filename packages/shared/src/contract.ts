/**
 * The typed contract of the named resources (docs/product/api-contract.md §1.2): for every
 * resource and action the server registers, the schema of its answer's
 * `resource_response.data` (`output`) and, where the options schema is
 * shared, of its options (`input`). The server looks each up by name when it
 * registers the action (its registry refuses an options schema other than
 * the contract's input); in tests it parses every answer with `output`,
 * strictly; the OpenAPI document shows `output` as the answer's schema; the
 * web app types its calls by `ResourceInput` and `ResourceOutput`. Decision 073.
 */
import type { z } from 'zod';
import { contract } from './contract/resources';
import { routes } from './contract/routes';

export { contract } from './contract/resources';
export { routes } from './contract/routes';

type ContractActionName = 'get' | 'create' | 'update' | 'delete';

export interface ContractAction {
  /** The answer's `resource_response.data` (a paged action's: the page's items). */
  output: z.ZodType;
  /** The options schema, when it is shared; the server must validate with this very schema. */
  input?: z.ZodType;
  /** A paged action: the answer carries a `bookmark` for the next page. */
  paged?: true;
}

export type ContractMap = Record<string, Partial<Record<ContractActionName, ContractAction>>>;

type Contract = typeof contract;
export type ResourceName = keyof Contract & string;
export type ResourceActionOf<R extends ResourceName> = keyof Contract[R] & ContractActionName;
type Entry<R extends ResourceName, A extends ResourceActionOf<R>> = Contract[R][A];

/** What the action answers in `resource_response.data`. */
export type ResourceOutput<R extends ResourceName, A extends ResourceActionOf<R>> =
  Entry<R, A> extends { output: infer O extends z.ZodType } ? z.output<O> : never;

/** The options the action takes (any object where the contract does not hold its options schema yet). */
export type ResourceInput<R extends ResourceName, A extends ResourceActionOf<R>> =
  Entry<R, A> extends { input: infer I extends z.ZodType } ? z.input<I> : Record<string, unknown>;

/** The contract's entry of one action, by name (undefined when it has none). */
export function contractOf(name: string, action: string): ContractAction | undefined {
  const map: ContractMap = contract;
  return Object.hasOwn(map, name) ? map[name]?.[action as ContractActionName] : undefined;
}

/**
 * The plain routes the web app calls (spec paths, not resources), by method
 * and route pattern, e.g. `'GET /vx/business_access/profiles/'` (decision 079).
 */
export type RouteName = keyof typeof routes & string;

/** What the route answers in the envelope's `data`. */
export type RouteOutput<K extends RouteName> = z.output<(typeof routes)[K]['output']>;

/** The path parameters of a route pattern (`:code` in `/v3/invite_code/:code/redeem/`). */
export type RouteParams<K extends string> = K extends `${string}:${infer P}/${infer Rest}` ? P | RouteParams<`/${Rest}`> : never;

/** The output schema of the route the server matched (method and its route pattern), if the contract names it. */
export function routeOutputOf(method: string, pattern: string | undefined): z.ZodType | undefined {
  const key = `${method} ${pattern ?? ''}`;
  return Object.hasOwn(routes, key) ? routes[key as RouteName].output : undefined;
}
