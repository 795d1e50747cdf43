/**
 * The /v5/ paths in our OpenAPI document (decision 100). Their shapes are Pinterest's, whose own document
 * defines them in full; here each path says what it does, the scopes it needs and how it answers.
 */
const ERROR = {
  description: 'A refusal',
  content: {
    'application/json': { schema: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } }, required: ['code', 'message'] } },
  },
};

const PAGE_PARAMS = [
  { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 250, default: 25 } },
  { name: 'bookmark', in: 'query', required: false, schema: { type: 'string' }, description: 'URL-safe; the last page answers none' },
];

/** The paths that act for an ad account's business with `ad_account_id` (api-v5.routes ActsFor); the others refuse it. */
const ACTING = new Set([
  'get /v5/user_account',
  'get /v5/boards',
  'post /v5/boards',
  'get /v5/boards/{board_id}',
  'patch /v5/boards/{board_id}',
  'get /v5/boards/{board_id}/pins',
  'get /v5/boards/{board_id}/sections',
  'post /v5/boards/{board_id}/sections',
  'get /v5/boards/{board_id}/sections/{section_id}/pins',
  'get /v5/pins',
  'post /v5/pins',
  'get /v5/pins/{pin_id}',
  'post /v5/pins/{pin_id}/save',
]);
const AD_ACCOUNT_PARAM = {
  name: 'ad_account_id',
  in: 'query',
  required: false,
  schema: { type: 'string', pattern: '^\\d+$' },
  description: "Act as the business owning this ad account (a role on it and the business's access rules; 404 without a role)",
};

const pathParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } });

type Op = [method: 'get' | 'post' | 'patch' | 'delete', path: string, scopes: string[], summary: string, extra?: Record<string, unknown>];

const JSON_BODY = (description: string) => ({ requestBody: { required: true, description, content: { 'application/json': { schema: { type: 'object' } } } } });

const OPS: Op[] = [
  ['get', '/v5/user_account', ['user_accounts:read'], "The token's person (Account)"],
  ['get', '/v5/boards', ['boards:read'], "The person's boards, paged; secret ones only with boards:read_secret", { parameters: PAGE_PARAMS }],
  [
    'post',
    '/v5/boards',
    ['boards:read', 'boards:write'],
    'Create a board (a secret one needs boards:write_secret)',
    JSON_BODY('BoardCreate: name, description, privacy'),
  ],
  ['get', '/v5/boards/{board_id}', ['boards:read'], 'Read a board'],
  ['patch', '/v5/boards/{board_id}', ['boards:read', 'boards:write'], 'Change a board', JSON_BODY('name, description, privacy')],
  ['delete', '/v5/boards/{board_id}', ['boards:read', 'boards:write'], 'Delete a board (204)'],
  ['get', '/v5/boards/{board_id}/pins', ['boards:read', 'pins:read'], "A board's Pins, paged", { parameters: PAGE_PARAMS }],
  ['get', '/v5/boards/{board_id}/sections', ['boards:read'], "A board's sections, paged", { parameters: PAGE_PARAMS }],
  ['post', '/v5/boards/{board_id}/sections', ['boards:read', 'boards:write'], 'Create a section', JSON_BODY('BoardSection: name')],
  ['patch', '/v5/boards/{board_id}/sections/{section_id}', ['boards:read', 'boards:write'], 'Rename a section', JSON_BODY('BoardSection: name')],
  ['delete', '/v5/boards/{board_id}/sections/{section_id}', ['boards:read', 'boards:write'], 'Delete a section; its Pins stay on the board (204)'],
  ['get', '/v5/boards/{board_id}/sections/{section_id}/pins', ['boards:read', 'pins:read'], "A section's Pins, paged", { parameters: PAGE_PARAMS }],
  ['get', '/v5/pins', ['boards:read', 'pins:read'], "The person's Pins, paged; on secret boards only with pins:read_secret", { parameters: PAGE_PARAMS }],
  [
    'post',
    '/v5/pins',
    ['boards:read', 'boards:write', 'pins:read', 'pins:write'],
    'Create a Pin from media_source image_url, image_base64, multiple_image_urls (an Idea Pin of 2–5 pages) or video_id (with cover_image_url)',
    JSON_BODY('PinCreate'),
  ],
  [
    'get',
    '/v5/pins/{pin_id}',
    ['boards:read', 'pins:read'],
    'Read a Pin',
    {
      parameters: [
        { name: 'pin_metrics', in: 'query', required: false, schema: { type: 'boolean' }, description: "The Pin's saves and comments, to its pinner alone" },
      ],
    },
  ],
  ['patch', '/v5/pins/{pin_id}', ['boards:read', 'boards:write', 'pins:read', 'pins:write'], 'Change a Pin', JSON_BODY('PinUpdate')],
  ['delete', '/v5/pins/{pin_id}', ['boards:read', 'boards:write', 'pins:read', 'pins:write'], 'Delete a Pin (204)'],
  [
    'post',
    '/v5/pins/{pin_id}/save',
    ['boards:read', 'boards:write', 'pins:read', 'pins:write'],
    'Save a Pin to a board or a section',
    JSON_BODY('board_id, board_section_id'),
  ],
  [
    'post',
    '/v5/media',
    ['pins:read', 'pins:write'],
    'Register a video upload: an absolute upload_url and the form fields to post with the file',
    JSON_BODY('media_type: video'),
  ],
  ['get', '/v5/media/{media_id}', ['pins:read'], "An upload's status: registered, processing, succeeded or failed"],
  [
    'get',
    '/v5/pinboard/already_saved',
    ['pins:read'],
    "Our extension: the person's boards already holding a Pin of theirs with this link or picture ({ boards: [{ id, name, url }] })",
    {
      parameters: [
        { name: 'link', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'content_sha256', in: 'query', required: false, schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
      ],
    },
  ],
];

/** Path items for the OpenAPI document, each with its bearer scopes and the `{code, message}` refusals. */
export const V5_OPENAPI_PATHS: Record<string, Record<string, unknown>> = {};
for (const [method, path, scopes, summary, extra = {}] of OPS) {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => pathParam(m[1]!));
  const extraParams = (extra.parameters as unknown[] | undefined) ?? [];
  V5_OPENAPI_PATHS[path] = {
    ...V5_OPENAPI_PATHS[path],
    [method]: {
      operationId: `v5_${method}_${path.slice(4).replace(/[{}]/g, '').replace(/\W+/g, '_')}`,
      summary,
      description: `Pinterest API v5; Authorization: Bearer with the scopes ${scopes.join(', ')}. Missing or bad token: 401; a scope missing: 403.`,
      security: [{ pinterest_oauth2: scopes }],
      ...extra,
      parameters: [...pathParams, ...extraParams, ...(ACTING.has(`${method} ${path}`) ? [AD_ACCOUNT_PARAM] : [])],
      responses: { 200: { description: 'Success (JSON)' }, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 429: ERROR },
    },
  };
}
V5_OPENAPI_PATHS['/v5/media/uploads/{media_id}'] = {
  post: {
    operationId: 'v5_media_upload',
    summary: "A registered upload's file: multipart form with the upload_parameters as fields and the file as a part (a filename is not needed); 204",
    parameters: [pathParam('media_id')],
    responses: { 204: { description: 'Received' }, 400: ERROR, 403: ERROR, 413: ERROR },
  },
};
