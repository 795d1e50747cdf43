/**
 * The OpenAPI document, generated from the same zod schemas that validate the
 * requests (never written by hand), and a readable page beside it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@pinboard/shared/api/error-codes';
import { PIN_FLAG_FILTERS } from '@pinboard/shared/schemas/pin-filters';
import { zTakedown } from '@pinboard/shared/schemas/social';
import {
  zBoardOut,
  zBoardPageOut,
  zImages,
  zOwnerRef,
  zPendingInviteOut,
  zPinOut,
  zPinPageOut,
  zProfileOut,
  zSectionOut,
  zUserSummary,
} from '@pinboard/shared/schemas/entities';
import { METHOD_OF_ACTION, type ActionName, type ResourceRegistry } from '../lib/resources';

const HTTP_METHOD: Record<ActionName, string> = { get: 'get', create: 'post', update: 'put', delete: 'delete' };

/** Shared entities the answers reuse: each once under components.schemas, referenced by the answers. */
const ENTITIES = z.registry<{ id: string }>();
for (const [schema, id] of [
  [zPinOut, 'Pin'],
  [zPinPageOut, 'PinPage'],
  [zBoardOut, 'Board'],
  [zBoardPageOut, 'BoardPage'],
  [zSectionOut, 'Section'],
  [zProfileOut, 'Profile'],
  [zUserSummary, 'UserSummary'],
  [zOwnerRef, 'OwnerRef'],
  [zImages, 'Images'],
  [zPendingInviteOut, 'PendingInvite'],
] as const)
  ENTITIES.add(schema, { id });

/**
 * The success envelope of one action, its `data` the contract's output schema
 * (decision 073), the entities it names moved to `defs` (components.schemas);
 * the generic envelope for an action the contract lacks.
 */
function successSchema(output: z.ZodType | undefined, defs: Record<string, unknown>): Record<string, unknown> {
  if (!output) return { $ref: '#/components/schemas/ResourceSuccess' };
  const converted = z.toJSONSchema(output, { io: 'output', unrepresentable: 'any', metadata: ENTITIES }) as Record<string, unknown>;
  const { $schema: _schema, $defs: found, ...schema } = converted as { $schema?: unknown; $defs?: Record<string, unknown> };
  const toComponents = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<string, unknown>;
  for (const [id, def] of Object.entries(found ?? {})) defs[id] ??= toComponents(def);
  return {
    type: 'object',
    required: ['resource_response'],
    properties: {
      resource_response: {
        type: 'object',
        required: ['status', 'code', 'data', 'bookmark'],
        properties: { status: { const: 'success' }, code: { const: 0 }, data: toComponents(schema), bookmark: { type: ['string', 'null'] } },
      },
    },
  };
}

export function buildOpenApiDocument(registry: ResourceRegistry) {
  const paths: Record<string, Record<string, unknown>> = {};
  const entities: Record<string, unknown> = {};
  for (const resource of registry.all()) {
    for (const [actionName, act] of Object.entries(resource.actions)) {
      if (!act) continue;
      const name = actionName as ActionName;
      const optionsSchema = z.toJSONSchema(act.options, { io: 'input', unrepresentable: 'any' });
      const envelope = { type: 'object', properties: { options: optionsSchema } };
      const op: Record<string, unknown> = {
        operationId: `${resource.name}_${name}`,
        summary: act.summary,
        description: `${resource.description} Also served with ${METHOD_OF_ACTION[name].join(', ')}.${act.auth === 'required' ? ' Requires a session.' : ''}`,
        tags: [resource.name],
        responses: {
          200: { description: 'Success', content: { 'application/json': { schema: successSchema(registry.outputOf(resource.name, name), entities) } } },
          default: { description: 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceFailure' } } } },
        },
      };
      if (name === 'get') {
        op.parameters = [
          {
            name: 'data',
            in: 'query',
            required: false,
            description: 'URL-encoded JSON {"options":{…}}',
            content: { 'application/json': { schema: envelope } },
          },
        ];
      } else {
        const content: Record<string, unknown> = { 'application/json': { schema: envelope } };
        if (act.multipart) {
          content['multipart/form-data'] = {
            schema: {
              type: 'object',
              properties: { options: { type: 'string', description: 'JSON of the options' }, image: { type: 'string', format: 'binary' } },
            },
          };
        }
        op.requestBody = { required: true, content };
      }
      paths[`/resource/${resource.name}/${name}/`] = { [HTTP_METHOD[name]]: op };
    }
  }
  paths['/healthz'] = {
    get: {
      operationId: 'healthz',
      summary: 'Liveness and database check',
      responses: { 200: { description: 'Healthy' }, 503: { description: 'Database unreachable' } },
    },
  };
  paths['/v3/conversations/{id}/events/'] = {
    get: {
      operationId: 'v3_conversation_events',
      summary: 'Server-sent events: each new message of a conversation you are in, as `event: message`',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } }],
      responses: { 200: { description: 'text/event-stream' }, 401: { description: 'Login needed' }, 404: { description: 'Not a member' } },
    },
  };
  for (const [path, summary] of [
    ['/v3/invite_code/{code}/redeem/', "Follow the invite code's owner (code double URL-encoded)"],
    ['/v3/invite_code/attribution/land/', 'Record a landing: its entry channel, referrer kind, page kind, and invite code (URL-encoded twice)'],
    ['/v3/legal/takedowns/{form}/', 'A legal takedown report: form test, turkey, dsa (anonymous allowed) or india (anonymous allowed)'],
  ] as const) {
    paths[path] = {
      post: { operationId: path.replace(/\W+/g, '_'), summary, responses: { 200: { description: 'Success' }, default: { description: 'Failure envelope' } } },
    };
  }
  (paths['/v3/legal/takedowns/{form}/']!.post as Record<string, unknown>).requestBody = {
    required: true,
    content: { 'application/json': { schema: z.toJSONSchema(zTakedown, { io: 'input', unrepresentable: 'any' }) } },
  };
  (paths['/v3/legal/takedowns/{form}/']!.post as Record<string, unknown>).description =
    "Rules per form from TAKEDOWN_CONFIG: reporter_country within the form's scope, one law per report on turkey, dsa and india, anonymous only on dsa and india, trusted_flagger only on dsa, content_date from 2024-01-01.";
  paths['/v3/moderation/transparency_report.csv'] = {
    get: {
      operationId: 'v3_moderation_transparency_report_csv',
      summary: 'Staff only: the transparency report as CSV (form, law, decision, count, median, mean and longest hours to decide)',
      parameters: [
        { name: 'from', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
        { name: 'to', in: 'query', required: false, schema: { type: 'string', format: 'date' } },
      ],
      responses: { 200: { description: 'text/csv' }, 401: { description: 'Login needed' }, 403: { description: 'Not staff' } },
    },
  };
  paths['/sitemap.xml'] = {
    get: {
      operationId: 'sitemap_index',
      summary: 'Sitemap index: sub-sitemaps of public profiles, boards and Pins by page kind, and the idea pages',
      responses: { 200: { description: 'application/xml' } },
    },
  };
  paths['/sitemaps/{file}'] = {
    get: {
      operationId: 'sitemap_file',
      summary: 'One sub-sitemap: ideas.xml, or {profile|board|pin}-{afterId}.xml (the rows after that id, keyset-paged)',
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'application/xml' }, 404: { description: 'No such sitemap' } },
    },
  };
  paths['/v3/users/me/filtered/pins/'] = {
    get: {
      operationId: 'v3_users_me_filtered_pins',
      summary: "Your own Pins under the own profile's Pin filters, newest first, keyset-paged",
      parameters: [
        { name: 'flag_filters', in: 'query', required: false, schema: { type: 'string', enum: [...PIN_FLAG_FILTERS] } },
        { name: 'bookmark', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 250 } },
      ],
      responses: { 200: { description: 'Success' }, 401: { description: 'Login needed' } },
    },
  };
  paths['/v3/users/profile/pins/clusters/'] = {
    get: {
      operationId: 'v3_users_profile_pin_clusters',
      summary: 'Board suggestions: clusters of your unorganized Pins (id, names, thumbnails, pin_count), at most 10',
      parameters: [
        { name: 'exclude_quick_save_pins', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
        { name: 'max_cluster_limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 10 } },
      ],
      responses: { 200: { description: 'Success' }, 401: { description: 'Login needed' } },
    },
  };
  paths['/v3/users/profile/pins/cluster/{id}/feed/'] = {
    get: {
      operationId: 'v3_users_profile_pin_cluster_feed',
      summary: "One board suggestion's Pins, newest first, keyset-paged",
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
        { name: 'bookmark', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 250 } },
      ],
      responses: { 200: { description: 'Success' }, 401: { description: 'Login needed' }, 404: { description: 'No such suggestion' } },
    },
  };
  paths['/v3/users/me/shuffles/'] = {
    get: {
      operationId: 'v3_users_me_shuffles',
      summary:
        'Your collages (shuffles), newest first, keyset-paged: drafts (is_draft=true), published (false) or both; with transform_to_pins=true a published collage is its Pin (type pin). Needs the collages experiment.',
      parameters: [
        { name: 'is_draft', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
        { name: 'transform_to_pins', in: 'query', required: false, schema: { type: 'string', enum: ['true', 'false'] } },
        { name: 'fields', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'bookmark', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'page_size', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 250 } },
      ],
      responses: { 200: { description: 'Success' }, 401: { description: 'Login needed' }, 404: { description: 'Not in the collages experiment' } },
    },
  };
  paths['/v3/shuffles/{id}/'] = {
    delete: {
      operationId: 'v3_shuffle_delete',
      summary: 'Delete one of your collage drafts',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } }],
      responses: { 200: { description: 'Success' }, 400: { description: 'Published: delete its Pin instead' }, 404: { description: 'Missing or not yours' } },
    },
  };
  paths['/v3/users/email/verify/resend/'] = {
    post: {
      operationId: 'v3_users_email_verify_resend',
      summary: 'Mail a new verification link to the signed-in person (at most 3 an hour)',
      responses: {
        200: { description: 'Sent' },
        401: { description: 'Login needed' },
        409: { description: 'Already verified' },
        429: { description: 'Rate limited' },
      },
    },
  };
  paths['/v3/users/email/verify/'] = {
    post: {
      operationId: 'v3_users_email_verify',
      summary: "Verify an account's email with the token of a mailed link; body {token}",
      responses: {
        200: { description: 'Verified' },
        400: { description: 'Expired (code 1070) or invalid (code 1071) link' },
        409: { description: 'The link was already used' },
      },
    },
  };
  paths['/v3/pins/{id}/'] = {
    get: {
      operationId: 'v3_pin_get',
      summary: 'Read a Pin (spec path)',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } }],
      responses: { 200: { description: 'Success' }, 404: { description: 'Missing or not visible' } },
    },
  };
  // Plain routes their modules document (Pinterest's API v5, decision 100).
  Object.assign(paths, registry.documentedPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pinboard API',
      version: '0.1.0',
      description:
        "Named resources at /resource/{Name}/{action}/ and spec paths. Unsafe methods need the X-CSRFToken header equal to the csrftoken cookie. Pinterest's API v5 is at /v5/, with `Authorization: Bearer` and no cookies.",
    },
    paths,
    components: {
      schemas: {
        ...entities,
        ResourceSuccess: {
          type: 'object',
          properties: {
            resource_response: {
              type: 'object',
              properties: { status: { const: 'success' }, code: { const: 0 }, data: {}, bookmark: { type: ['string', 'null'] } },
            },
          },
        },
        ResourceFailure: {
          type: 'object',
          properties: {
            resource_response: {
              type: 'object',
              properties: {
                status: { const: 'failure' },
                error: {
                  type: 'object',
                  properties: {
                    http_status: { type: 'integer' },
                    code: { type: 'integer' },
                    message: { type: 'string' },
                    message_detail: { type: 'string' },
                    field: { type: 'string' },
                    message_key: {
                      type: 'string',
                      description: 'Optional: the catalogue key of message (serverErrors.<key>), for showing it in another language.',
                    },
                    message_args: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
                  },
                },
              },
            },
          },
        },
        ErrorCodes: {
          description: 'Every numeric error code the API answers with.',
          oneOf: Object.entries(ERROR_CODES).map(([key, v]) => ({ const: v.code, title: key, description: `HTTP ${v.httpStatus}` })),
        },
      },
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(doc: ReturnType<typeof buildOpenApiDocument>) {
  const rows = Object.entries(doc.paths)
    .map(([path, ops]) =>
      Object.entries(ops)
        .map(([method, op]) => {
          const o = op as { summary?: string; description?: string; parameters?: unknown; requestBody?: unknown };
          const schema = o.requestBody ?? o.parameters;
          return `<section><h2><code>${method.toUpperCase()}</code> ${escapeHtml(path)}</h2><p>${escapeHtml(o.summary ?? '')}</p><p class="d">${escapeHtml(o.description ?? '')}</p>${
            schema ? `<details><summary>Options</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>` : ''
          }</section>`;
        })
        .join(''),
    )
    .join('');
  const codes = Object.entries(ERROR_CODES)
    .map(([k, v]) => `<tr><td>${v.code}</td><td>${v.httpStatus}</td><td>${k}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API reference</title><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:960px;margin:32px auto;padding:0 16px;color:#111}h1{font-size:32px}h2{font-size:18px;margin:0}section{padding:16px;border-radius:16px;background:#f6f6f6;margin:12px 0}code{background:#111;color:#fff;border-radius:8px;padding:2px 8px;margin-right:8px}.d{color:#555}pre{overflow:auto;font-size:13px}table{border-collapse:collapse}td{padding:4px 12px;border-bottom:1px solid #ddd}</style></head>
<body><h1>API reference</h1><p>${escapeHtml(doc.info.description)} The machine-readable document is at <a href="/api/openapi.json">/api/openapi.json</a>.</p>${rows}<h2>Error codes</h2><table><tr><th>code</th><th>HTTP</th><th>name</th></tr>${codes}</table></body></html>`;
}

export async function openApiPlugin(app: FastifyInstance, { registry }: { registry: ResourceRegistry }) {
  let doc: ReturnType<typeof buildOpenApiDocument> | null = null;
  const get = () => (doc ??= buildOpenApiDocument(registry));
  app.get('/api/openapi.json', async () => get());
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage(get())));
}
