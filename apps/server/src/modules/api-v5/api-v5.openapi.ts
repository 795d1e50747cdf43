/**
 * The /v5/ paths in our OpenAPI document (decision 100). Their shapes are Pinterest's, whose own document
 * defines them in full; here each path (api-v5.paths) says what it does, the scopes it needs and how it answers.
 */
import { V5_PATHS } from './api-v5.paths';

const ERROR = {
  description: 'A refusal',
  content: {
    'application/json': { schema: { type: 'object', properties: { code: { type: 'integer' }, message: { type: 'string' } }, required: ['code', 'message'] } },
  },
};

const AD_ACCOUNT_PARAM = {
  name: 'ad_account_id',
  in: 'query',
  required: false,
  schema: { type: 'string', pattern: '^\\d+$' },
  description: "Act as the business owning this ad account (a role on it and the business's access rules; 404 without a role)",
};

const pathParam = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } });

/** Path items for the OpenAPI document, each with its bearer scopes and the `{code, message}` refusals. */
export const V5_OPENAPI_PATHS: Record<string, Record<string, unknown>> = {};
for (const { method, path, scopes, acts, summary, extra = {} } of V5_PATHS) {
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
      parameters: [...pathParams, ...extraParams, ...(acts ? [AD_ACCOUNT_PARAM] : [])],
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
