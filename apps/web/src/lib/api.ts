/**
 * The one API client. Named resources answer
 * `{resource_response: {status, code, data, bookmark}}` and spec paths
 * (`/v3/...`) answer the same envelope without the wrapper; failures of both
 * kinds become one `ApiError`.
 */
import type { ResourceActionOf, ResourceInput, ResourceName, ResourceOutput, RouteName, RouteOutput, RouteParams } from '@pinboard/shared/contract';
import { readsAsPublic, VIEW_AS_HEADER } from './publicView';
import { localServerText } from './i18n';
import { TEXTS } from './texts';

export type ResourceAction = 'get' | 'create' | 'update' | 'delete';

export interface ApiResult<T> {
  data: T;
  bookmark: string | null;
}

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly code: number;
  readonly messageDetail: string;
  readonly field: string | null;
  /** The server's `message_key` and `message_args` (decision 042): `message` in the page's language comes from them. */
  readonly messageKey: string | null;
  readonly messageArgs: Record<string, string | number> | null;

  constructor(init: {
    httpStatus: number;
    code: number;
    message: string;
    messageDetail?: string;
    field?: string | null;
    messageKey?: string | null;
    messageArgs?: Record<string, string | number> | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.httpStatus = init.httpStatus;
    this.code = init.code;
    this.messageDetail = init.messageDetail ?? '';
    this.field = init.field ?? null;
    this.messageKey = init.messageKey ?? null;
    this.messageArgs = init.messageArgs ?? null;
  }

  get isNotFound(): boolean {
    return this.httpStatus === 404;
  }

  /** Message followed by its detail, for showing to people. */
  get fullMessage(): string {
    return [this.message, this.messageDetail].filter((part) => part.trim() !== '').join(' ');
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const CSRF_COOKIE = 'csrftoken';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

interface Envelope {
  http_status?: unknown;
  status?: unknown;
  code?: unknown;
  data?: unknown;
  bookmark?: unknown;
  message?: unknown;
  message_detail?: unknown;
  message_key?: unknown;
  message_args?: unknown;
  field?: unknown;
  error?: {
    http_status?: unknown;
    code?: unknown;
    message?: unknown;
    message_detail?: unknown;
    message_key?: unknown;
    message_args?: unknown;
    field?: unknown;
  };
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** Reads either envelope; throws ApiError for a failure or an unreadable answer. */
export function parseEnvelope<T>(body: unknown, httpStatus: number): ApiResult<T> {
  const outer = body && typeof body === 'object' ? (body as { resource_response?: unknown }) : null;
  const envelope = (outer && 'resource_response' in outer ? outer.resource_response : outer) as Envelope | null;
  if (!envelope || typeof envelope !== 'object') {
    throw new ApiError({ httpStatus, code: 0, message: httpStatus >= 500 || httpStatus === 0 ? TEXTS.serverUnavailable : '' });
  }
  if (envelope.status === 'success' && httpStatus < 400) {
    return { data: envelope.data as T, bookmark: typeof envelope.bookmark === 'string' ? envelope.bookmark : null };
  }
  const error = envelope.error ?? envelope;
  throw new ApiError({
    httpStatus: num(error.http_status, httpStatus),
    code: num(error.code, 0),
    message: localServerText(str(error.message)),
    messageDetail: str(error.message_detail),
    field: str(error.field) || null,
    messageKey: str(error.message_key) || null,
    messageArgs: args(error.message_args),
  });
}

/** `message_args`: an object of strings and numbers, else none. */
function args(value: unknown): Record<string, string | number> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  return out;
}

/**
 * A keyed error (`message_key`) with its message in the page's language, read
 * from the catalogue's `serverErrors.*` (loaded on demand, with the other
 * on-demand texts); the server's English `message` when the key is unknown.
 */
export async function inPageLanguage(err: unknown): Promise<unknown> {
  if (!(err instanceof ApiError) || !err.messageKey) return err;
  let text: string | null = null;
  try {
    text = (await import('./serverErrorText')).serverErrorText(err.messageKey, err.messageArgs ?? undefined);
  } catch {
    // The texts chunk failed to load: the English message stays.
  }
  if (text === null) return err;
  return new ApiError({
    httpStatus: err.httpStatus,
    code: err.code,
    message: text,
    messageDetail: err.messageDetail,
    field: err.field,
    messageKey: err.messageKey,
    messageArgs: err.messageArgs,
  });
}

export async function ensureCsrfCookie(): Promise<string | null> {
  const existing = readCookie(CSRF_COOKIE);
  if (existing) return existing;
  // Any answer from the server sets the cookie.
  await fetch('/healthz', { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(CSRF_COOKIE);
}

async function request<T>(url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (typeof window !== 'undefined' && readsAsPublic(url, method, window.location.pathname)) headers.set(VIEW_AS_HEADER, 'public');
  if (UNSAFE_METHODS.has(method)) {
    const token = await ensureCsrfCookie();
    if (token) headers.set('X-CSRFToken', token);
  }
  let response: Response;
  try {
    response = await fetch(url, { ...init, method, headers, credentials: 'same-origin' });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ httpStatus: 0, code: 0, message: TEXTS.networkError });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  try {
    return parseEnvelope<T>(body, response.status);
  } catch (err) {
    throw await inPageLanguage(err);
  }
}

export function resourceUrl(name: string, action: ResourceAction, options?: Record<string, unknown>): string {
  const base = `/resource/${name}/${action}/`;
  if (action !== 'get') return base;
  return `${base}?data=${encodeURIComponent(JSON.stringify({ options: withoutUndefined(options ?? {}) }))}`;
}

export function withoutUndefined(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/** A resource that has a create action, which takes uploads. */
export type UploadingResource = { [R in ResourceName]: 'create' extends ResourceActionOf<R> ? R : never }[ResourceName];
/** What a resource's create answers to an upload. */
export type Uploaded<R extends UploadingResource> = ResourceOutput<R, 'create' & ResourceActionOf<R>>;

const METHOD: Record<Exclude<ResourceAction, 'get'>, string> = { create: 'POST', update: 'PUT', delete: 'DELETE' };

/** One call: a JSON body when one is given. */
function send<T>(url: string, method: string, body: unknown, signal: AbortSignal | undefined): Promise<ApiResult<T>> {
  const init: RequestInit = { method, signal: signal ?? null };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return request<T>(url, init);
}

export const api = {
  /**
   * A named resource's action, typed by the shared contract (decisions 073, 079):
   * the options are the action's input, the answer its output (a paged
   * action's page of items, its `bookmark` beside them), e.g.
   * `api.resource('DeletedBoardsResource', 'get', {})` answers `{ data: DeletedBoard[] }`.
   * There is no call that names its answer's type by hand.
   */
  resource<R extends ResourceName, A extends ResourceActionOf<R>>(
    name: R,
    action: A,
    options: ResourceInput<R, A>,
    signal?: AbortSignal,
  ): Promise<ApiResult<ResourceOutput<R, A>>> {
    const given = options as Record<string, unknown>;
    return action === 'get'
      ? send(resourceUrl(name, 'get', given), 'GET', undefined, signal)
      : send(resourceUrl(name, action), METHOD[action as Exclude<ResourceAction, 'get'>], { options: withoutUndefined(given) }, signal);
  },

  /**
   * POST multipart/form-data to a resource's create: an `options` JSON field
   * plus files (the files stand in for some options, so the options are not
   * the action's input type); answers as the contract's create does.
   */
  upload<R extends UploadingResource>(name: R, options: Record<string, unknown>, files: Record<string, Blob>): Promise<ApiResult<Uploaded<R>>> {
    const form = new FormData();
    form.append('options', JSON.stringify(withoutUndefined(options)));
    for (const [field, file] of Object.entries(files)) form.append(field, file);
    return request<Uploaded<R>>(resourceUrl(name, 'create'), { method: 'POST', body: form });
  },
};

/** A route call: its path parameters (when the pattern has some), query, JSON body and abort signal. */
type RouteCall<K extends RouteName> = ([RouteParams<K>] extends [never] ? { params?: undefined } : { params: Record<RouteParams<K>, string> }) & {
  query?: URLSearchParams;
  body?: unknown;
  signal?: AbortSignal | undefined;
};

/**
 * A plain route of the shared contract (spec paths, `contract/routes.ts`;
 * decision 079) by its method and pattern, e.g.
 * `apiRoute('DELETE /v3/shuffles/:id/', { params: { id } })`: the path
 * parameters fill the pattern (each URL-encoded), `query` is added, `body`
 * is sent as JSON; it answers the route's output. A function of its own (not a
 * method of `api`), so a first visit's bundle leaves it out.
 */
export function apiRoute<K extends RouteName>(name: K, call: RouteCall<K>): Promise<ApiResult<RouteOutput<K>>> {
  const [method = 'GET', pattern = ''] = name.split(' ');
  const params: Partial<Record<string, string>> = call.params ?? {};
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const query = call.query?.toString();
  return send(query ? `${path}?${query}` : path, method, call.body, call.signal);
}
