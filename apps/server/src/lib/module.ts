/**
 * A server module's manifest (decision 081): what the module gives the app,
 * declared once in its folder (`<name>.module.ts`) and registered from the one
 * list in `modules/manifests.ts`. The composition root (services.ts, app.ts)
 * reads the list; it names no module's service, resource or route itself.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceRegistry } from './resources';

/**
 * The shape every manifest has: `S` is what its resources are given (the
 * app's services), `H` what its routes and close hook are given, `R` what its
 * reactions are given (services.ts names them). With the defaults, `never`,
 * any module's manifest fits (a parameter is read contravariantly).
 */
export interface ModuleManifest<S = never, H = never, R = never> {
  readonly name: string;
  /**
   * Adapters handed to services of modules that may not import this one (decision 070's ports), built from the
   * infrastructure before any service; they reach the service factories, not the routes.
   */
  readonly ports?: (infra: never) => object;
  /** The module's services, built in the list's order from what comes before them; each key becomes `services.<key>`. */
  readonly services?: (deps: never) => object;
  /** Its named resources (docs/product/api-contract.md §1.2). */
  readonly resources?: (registry: ResourceRegistry, services: S) => void;
  /** Routes registered before the resource dispatcher, with hooks that run first (probes, media). */
  readonly edgeRoutes?: (app: FastifyInstance, host: H) => void | Promise<void>;
  /** Its plain routes (spec routes, event streams), registered after the resource dispatcher in the list's order. */
  readonly routes?: (app: FastifyInstance, host: H) => void | Promise<void>;
  /** Its reactions to other modules' domain events (decision 070), subscribed in the list's order once every service is built. */
  readonly reactions?: (host: R) => void;
  /** Runs when the app closes, in the reverse of the list's order (the last built closes first). */
  readonly close?: (host: H) => Promise<void>;
}

/** A manifest's keys, each of any type: what `defineModule` asks of its argument (the types are checked where the list is read). */
type ManifestKeys = { readonly name: string } & { readonly [K in Exclude<keyof ModuleManifest, 'name'>]?: unknown };

/**
 * Declares a module's manifest; it keeps its own types (`services.boards` its service's). Its functions are
 * not compared with `ModuleManifest` here but where services.ts and app.ts read the list: a registration's
 * parameter typed `Services` must not be resolved while the manifest's type is, for `Services` is made of
 * the manifests.
 */
export function defineModule<const M extends ManifestKeys>(manifest: M): M {
  return manifest;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

type ProvidesOfOne<M> = M extends { readonly services: (deps: never) => infer P } ? P : object;
type PortsOfOne<M> = M extends { readonly ports: (infra: never) => infer P } ? P : object;
type NeedsOfOne<M> = M extends { readonly services: (deps: infer D) => unknown } ? D : unknown;

/** The services a list of manifests gives, by key, with their types. */
export type ProvidesOf<L extends readonly unknown[]> = UnionToIntersection<{ [K in keyof L]: ProvidesOfOne<L[K]> }[number]>;
/** The ports a list of manifests builds. */
type PortsOf<L extends readonly unknown[]> = UnionToIntersection<{ [K in keyof L]: PortsOfOne<L[K]> }[number]>;

/** The first manifest whose service factory needs what is not built before it, with the keys it lacks; never when the order is right. */
type UnmetNeeds<L extends readonly unknown[], Have> = L extends readonly [infer M, ...infer Rest]
  ? Have extends NeedsOfOne<M>
    ? UnmetNeeds<Rest, Have & ProvidesOfOne<M>>
    : { module: M extends { readonly name: infer N } ? N : never; lacks: Exclude<keyof NeedsOfOne<M>, keyof Have> }
  : never;

/**
 * Builds the ports, then each manifest's services in the list's order, each factory given `deps`, the ports and
 * the services built before it; answers `tools` with every module's services. A list in the wrong order does
 * not compile: the call then asks for one more argument, `listedBeforeWhatItNeeds`, typed as the module and
 * the keys it lacks.
 */
export function composeServices<const L extends readonly ModuleManifest[], D extends object, T extends object>(
  manifests: L,
  deps: D,
  tools: T,
  ...inOrder: [UnmetNeeds<L, D & T & PortsOf<L>>] extends [never] ? [] : [listedBeforeWhatItNeeds: UnmetNeeds<L, D & T & PortsOf<L>>]
): T & ProvidesOf<L> {
  void inOrder;
  const built: Record<string, unknown> = {};
  Object.assign(built, deps, tools);
  // A key given twice would hide the first (a module's service, or the infrastructure every later factory reads).
  const add = (name: string, given: object | undefined) => {
    for (const key of Object.keys(given ?? {})) if (key in built) throw new Error(`Module ${name} gives '${key}', which is already built`);
    Object.assign(built, given);
  };
  for (const m of manifests) add(m.name, m.ports?.(built as never));
  const services: Record<string, unknown> = {};
  Object.assign(services, tools);
  for (const m of manifests) {
    const provided = m.services?.(built as never);
    add(m.name, provided);
    Object.assign(services, provided);
  }
  return services as T & ProvidesOf<L>;
}
