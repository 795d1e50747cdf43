/**
 * The named-resource layer of the API contract §1.2: each resource declares
 * its actions with one options schema each; one dispatcher serves them all at
 * /resource/{Name}/{action}/ and the OpenAPI document is generated from the
 * same declarations.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './context';

export type ActionName = 'get' | 'create' | 'update' | 'delete';

export const METHOD_OF_ACTION: Record<ActionName, readonly string[]> = {
  get: ['GET'],
  create: ['POST'],
  update: ['PUT', 'PATCH'],
  delete: ['DELETE'],
};

export interface Paged<T> {
  readonly kind: 'paged';
  items: T[];
  bookmark: string | null;
}

export const paged = <T>(items: T[], bookmark: string | null): Paged<T> => ({ kind: 'paged', items, bookmark });

export interface ResourceAction<S extends z.ZodType = z.ZodType> {
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
  handler(ctx: RequestContext, options: z.infer<S>, req: FastifyRequest): Promise<unknown>;
}

export type ResourceDefinition = {
  name: string;
  description: string;
  actions: Partial<Record<ActionName, ResourceAction>>;
};

/** Keeps the options type of each action tied to its handler. */
export function action<S extends z.ZodType>(def: ResourceAction<S>): ResourceAction {
  return def as unknown as ResourceAction;
}

export class ResourceRegistry {
  private readonly byName = new Map<string, ResourceDefinition>();

  add(def: ResourceDefinition) {
    if (this.byName.has(def.name)) throw new Error(`Resource ${def.name} registered twice`);
    this.byName.set(def.name, def);
  }

  get(name: string) {
    return this.byName.get(name);
  }

  all() {
    return [...this.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
