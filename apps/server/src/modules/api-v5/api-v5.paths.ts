/**
 * The /v5/ paths (decision 100), each once: the scopes its token needs, how it acts for an ad account, and what the
 * OpenAPI document says of it. api-v5.routes registers each path's handler under this entry; api-v5.openapi
 * documents them from here.
 */
import type { OAuthScope } from '@pinboard/shared/schemas/oauth';

/**
 * How a path acts for an ad account (`ad_account_id`) as the web app's action of the same kind does (decision 059):
 * a read as the account's business, or a write recorded in its audit under that name. A path whose web action never
 * acts for a business (deleting, moving, uploads) refuses the parameter (400): null.
 */
export type ActsFor = 'read' | 'board.create' | 'board.update' | 'section.create' | 'pin.create' | 'pin.save' | null;

type Method = 'get' | 'post' | 'patch' | 'delete';

export interface V5Path {
  method: Method;
  /** As the OpenAPI document writes it: `/v5/boards/{board_id}`. */
  path: string;
  scopes: readonly OAuthScope[];
  acts: ActsFor;
  summary: string;
  /** More of the OpenAPI operation: its query parameters, its body. */
  extra?: Record<string, unknown>;
}

const PAGE_PARAMS = [
  { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 250, default: 25 } },
  { name: 'bookmark', in: 'query', required: false, schema: { type: 'string' }, description: 'URL-safe; the last page answers none' },
];
const PAGED = { parameters: PAGE_PARAMS };

const JSON_BODY = (description: string) => ({ requestBody: { required: true, description, content: { 'application/json': { schema: { type: 'object' } } } } });

const READ_BOARDS: OAuthScope[] = ['boards:read'];
const WRITE_BOARDS: OAuthScope[] = ['boards:read', 'boards:write'];
const READ_PINS: OAuthScope[] = ['boards:read', 'pins:read'];
const WRITE_PINS: OAuthScope[] = ['boards:read', 'boards:write', 'pins:read', 'pins:write'];

export const V5_PATHS: readonly V5Path[] = [
  { method: 'get', path: '/v5/user_account', scopes: ['user_accounts:read'], acts: 'read', summary: "The token's person (Account)" },
  {
    method: 'get',
    path: '/v5/boards',
    scopes: READ_BOARDS,
    acts: 'read',
    summary: "The person's boards, paged; secret ones only with boards:read_secret",
    extra: PAGED,
  },
  {
    method: 'post',
    path: '/v5/boards',
    scopes: WRITE_BOARDS,
    acts: 'board.create',
    summary: 'Create a board (a secret one needs boards:write_secret)',
    extra: JSON_BODY('BoardCreate: name, description, privacy'),
  },
  { method: 'get', path: '/v5/boards/{board_id}', scopes: READ_BOARDS, acts: 'read', summary: 'Read a board' },
  {
    method: 'patch',
    path: '/v5/boards/{board_id}',
    scopes: WRITE_BOARDS,
    acts: 'board.update',
    summary: 'Change a board',
    extra: JSON_BODY('name, description, privacy'),
  },
  { method: 'delete', path: '/v5/boards/{board_id}', scopes: WRITE_BOARDS, acts: null, summary: 'Delete a board (204)' },
  { method: 'get', path: '/v5/boards/{board_id}/pins', scopes: READ_PINS, acts: 'read', summary: "A board's Pins, paged", extra: PAGED },
  { method: 'get', path: '/v5/boards/{board_id}/sections', scopes: READ_BOARDS, acts: 'read', summary: "A board's sections, paged", extra: PAGED },
  {
    method: 'post',
    path: '/v5/boards/{board_id}/sections',
    scopes: WRITE_BOARDS,
    acts: 'section.create',
    summary: 'Create a section',
    extra: JSON_BODY('BoardSection: name'),
  },
  {
    method: 'patch',
    path: '/v5/boards/{board_id}/sections/{section_id}',
    scopes: WRITE_BOARDS,
    acts: null,
    summary: 'Rename a section',
    extra: JSON_BODY('BoardSection: name'),
  },
  {
    method: 'delete',
    path: '/v5/boards/{board_id}/sections/{section_id}',
    scopes: WRITE_BOARDS,
    acts: null,
    summary: 'Delete a section; its Pins stay on the board (204)',
  },
  {
    method: 'get',
    path: '/v5/boards/{board_id}/sections/{section_id}/pins',
    scopes: READ_PINS,
    acts: 'read',
    summary: "A section's Pins, paged",
    extra: PAGED,
  },
  {
    method: 'get',
    path: '/v5/pins',
    scopes: READ_PINS,
    acts: 'read',
    summary: "The person's Pins, paged; on secret boards only with pins:read_secret",
    extra: PAGED,
  },
  {
    method: 'post',
    path: '/v5/pins',
    scopes: WRITE_PINS,
    acts: 'pin.create',
    summary: 'Create a Pin from media_source image_url, image_base64, multiple_image_urls (an Idea Pin of 2–5 pages) or video_id (with cover_image_url)',
    extra: JSON_BODY('PinCreate'),
  },
  {
    method: 'get',
    path: '/v5/pins/{pin_id}',
    scopes: READ_PINS,
    acts: 'read',
    summary: 'Read a Pin',
    extra: {
      parameters: [
        { name: 'pin_metrics', in: 'query', required: false, schema: { type: 'boolean' }, description: "The Pin's saves and comments, to its pinner alone" },
      ],
    },
  },
  { method: 'patch', path: '/v5/pins/{pin_id}', scopes: WRITE_PINS, acts: null, summary: 'Change a Pin', extra: JSON_BODY('PinUpdate') },
  { method: 'delete', path: '/v5/pins/{pin_id}', scopes: WRITE_PINS, acts: null, summary: 'Delete a Pin (204)' },
  {
    method: 'post',
    path: '/v5/pins/{pin_id}/save',
    scopes: WRITE_PINS,
    acts: 'pin.save',
    summary: 'Save a Pin to a board or a section',
    extra: JSON_BODY('board_id, board_section_id'),
  },
  {
    method: 'post',
    path: '/v5/media',
    scopes: ['pins:read', 'pins:write'],
    acts: null,
    summary: 'Register a video upload: an absolute upload_url and the form fields to post with the file',
    extra: JSON_BODY('media_type: video'),
  },
  {
    method: 'get',
    path: '/v5/media/{media_id}',
    scopes: ['pins:read'],
    acts: null,
    summary: "An upload's status: registered, processing, succeeded or failed",
  },
  {
    method: 'get',
    path: '/v5/pinboard/already_saved',
    scopes: ['pins:read'],
    acts: null,
    summary: "Our extension: the person's boards already holding a Pin of theirs with this link or picture ({ boards: [{ id, name, url }] })",
    extra: {
      parameters: [
        { name: 'link', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'content_sha256', in: 'query', required: false, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
      ],
    },
  },
];

/** The entry of a route registered under /v5 as Fastify writes it (`GET`, `/boards/:board_id`); a route not listed is a mistake. */
export function v5PathOf(method: string, url: string): V5Path {
  const path = `/v5${url.replace(/:(\w+)/g, '{$1}')}`;
  const entry = V5_PATHS.find((p) => p.method === method.toLowerCase() && p.path === path);
  if (!entry) throw new Error(`API v5: ${method} ${path} is not in V5_PATHS`);
  return entry;
}
