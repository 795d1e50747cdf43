/**
 * The named-resource layer of docs/product/api-contract.md §1.2: each resource declares
 * its actions with one options schema each; one dispatcher serves them all at
 * /resource/{Name}/{action}/ and the OpenAPI document is generated from the
 * same declarations.
 */
import { contractOf } from '@pinboard/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './context';
import { pageRequestOf, type Page, type PageOptions, type PageRequest } from './paging';

export type ActionName = 'get' | 'create' | 'update' | 'delete';

export const METHOD_OF_ACTION: Record<ActionName, readonly string[]> = {
  get: ['GET'],
  create: ['POST'],
  update: ['PUT', 'PATCH'],
  delete: ['DELETE'],
};

interface Paged<T> {
  readonly kind: 'paged';
  items: T[];
  bookmark: string | null;
}

const paged = <T>(items: T[], bookmark: string | null): Paged<T> => ({ kind: 'paged', items, bookmark });

/** What acting as a business on an action needs of the person's role in it (business-access.policy: read, publish, manage). */
type ActingNeed = 'read' | 'publish' | 'manage';

/**
 * Runs `fn` as whom a call names with `orbac_subject_id` (the business as the
 * context's viewer, checked for `need`), writing `audit` to the business's
 * record; `session`: without a subject, as the session's acting profile.
 * The dispatcher is given the business-access service's (decision 077).
 */
export type ActAs = <T>(
  ctx: RequestContext,
  subjectId: string | undefined,
  need: ActingNeed,
  fn: (ctx: RequestContext) => Promise<T>,
  audit?: { action: string; targetOf: (result: T) => string | null },
  opts?: { session?: boolean },
) => Promise<T>;

export interface ResourceAction<S extends z.ZodType = z.ZodType, R = unknown> {
  summary: string;
  options: S;
  /** 'required': answers 401 without a session. */
  auth?: 'required' | 'optional';
  /** A larger body limit for actions that carry images. */
  bodyLimit?: number;
  /** Accepts multipart/form-data with an `options` JSON field and one `image` file. */
  multipart?: boolean;
  /** Also accepts one `video` file (saved to a temporary file, at most VIDEO_MAX_BYTES). */
  videoUpload?: boolean;
  /** Runs when a `video` file arrives, before a byte of it is written or probed: takes the upload budget (decision 056). */
  beforeVideo?(ctx: RequestContext): Promise<void>;
  /**
   * The action may run as a business (decision 077): with `orbac_subject_id` in the options,
   * the dispatcher checks the person's role in that business for this need and runs the
   * handler with the business as the context's viewer. An action whose options accept
   * `orbac_subject_id` declares it (a test walks the registry).
   */
  actingAs?: ActingNeed;
  /** With actingAs: without `orbac_subject_id`, the call acts as the session's acting profile (decision 059). */
  actingWithSession?: boolean;
  /** With actingAs: what a call made as a business writes to its audit record, and the id of what it touched. */
  actingAudit?: { action: string; targetOf(result: NoInfer<R>, options: z.infer<S>): string | null };
  handler(ctx: RequestContext, options: z.infer<S>, req: FastifyRequest): Promise<R>;
}

export type ResourceDefinition = {
  name: string;
  description: string;
  actions: Partial<Record<ActionName, ResourceAction>>;
};

/** Keeps the options type of each action tied to its handler. */
export function action<S extends z.ZodType, R>(def: ResourceAction<S, R>): ResourceAction {
  return def as unknown as ResourceAction;
}

/**
 * A paged read (a feed of Pins, comments, topics, a list of people): the
 * options parsed by their schema, the service asked for one page, answered as
 * items and a bookmark. `read` gets the options and the page request made
 * from their `bookmark` and `page_size` (paging.ts).
 */
export function pagedAction<S extends z.ZodType<PageOptions>>(
  def: Omit<ResourceAction<S>, 'handler' | 'actingAudit'> & {
    read(ctx: RequestContext, options: z.infer<S>, page: PageRequest): Promise<Page<unknown>>;
  },
): ResourceAction {
  const { read, ...rest } = def;
  return action<S, Paged<unknown>>({
    ...rest,
    async handler(ctx, o) {
      const page = await read(ctx, o, pageRequestOf(o));
      return paged(page.items, page.bookmark);
    },
  });
}

export class ResourceRegistry {
  private readonly byName = new Map<string, ResourceDefinition>();
  /** OpenAPI path items of a module's plain routes (API v5, decision 100), documented beside the resources. */
  private readonly documented: Record<string, Record<string, unknown>> = {};

  /** Adds OpenAPI path items (path → method → operation) for plain routes a module serves. */
  documentPaths(paths: Record<string, Record<string, unknown>>) {
    for (const [path, ops] of Object.entries(paths)) this.documented[path] = { ...this.documented[path], ...ops };
  }

  /** The plain routes' path items modules documented. */
  documentedPaths(): Record<string, Record<string, unknown>> {
    return this.documented;
  }

  /**
   * Where the shared contract (packages/shared/src/contract) names an action's
   * input schema, the action must validate with that very schema: a resource
   * cannot drift from the contract the web app types its calls by.
   */
  add(def: ResourceDefinition) {
    if (this.byName.has(def.name)) throw new Error(`Resource ${def.name} registered twice`);
    for (const [actionName, act] of Object.entries(def.actions)) {
      const input = contractOf(def.name, actionName)?.input;
      if (act && input && input !== act.options) throw new Error(`${def.name}.${actionName}: its options schema is not the contract's input schema`);
    }
    this.byName.set(def.name, def);
  }

  /** The contract's schema of an action's answer (`resource_response.data`), if it has one. */
  outputOf(name: string, actionName: string): z.ZodType | undefined {
    return contractOf(name, actionName)?.output;
  }

  /** Registered actions the contract gives no output schema: a test keeps this empty. */
  withoutOutput(): string[] {
    return this.all().flatMap((r) =>
      Object.keys(r.actions)
        .filter((a) => !this.outputOf(r.name, a))
        .map((a) => `${r.name}.${a}`),
    );
  }

  /** Registered actions the contract names no input schema for: a test keeps this empty (decision 080). */
  withoutInput(): string[] {
    return this.all().flatMap((r) =>
      Object.keys(r.actions)
        .filter((a) => !contractOf(r.name, a)?.input)
        .map((a) => `${r.name}.${a}`),
    );
  }

  get(name: string) {
    return this.byName.get(name);
  }

  all() {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
