/**
 * Serves every registered resource at /resource/{Name}/{action}/
 * (docs/product/api-contract.md §1.2): GET reads `?data={"options":{…}}`, other methods read the
 * JSON body `{"options":{…}}` (or multipart with an `options` field for
 * uploads). The options are validated by the action's schema before the
 * handler runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { multipartFailure } from '../lib/multipart-failure';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@pinboard/shared/constants/limits';
import { keyedError, loginRequired } from '../lib/app-error';
import { keyedInvalid } from '../lib/validation';
import { successBody } from '../lib/envelope';
import { METHOD_OF_ACTION, type ActAs, type ActionName, type ResourceAction, type ResourceRegistry } from '../lib/resources';
import { parseInput } from '../lib/validation';
import type { RequestContext } from '../lib/context';
import { routeAnswerCheck } from './route-answer-check';
import { contextOf } from './session';

type Params = { name: string; action: string };
const ACTIONS = new Set<string>(['get', 'create', 'update', 'delete']);

/** Where JSON was read from: the refusal names it ("options is not valid JSON."). */
type JsonPlace = 'options' | 'data' | 'body';
const NOT_JSON_KEY = { options: 'request.jsonOptions', data: 'request.jsonData', body: 'request.jsonBody' } as const;
const NOT_OBJECT_KEY = { options: 'request.dataShape', data: 'request.dataShape', body: 'request.bodyShape' } as const;

function readJson(text: string, where: JsonPlace): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw keyedError('MALFORMED_JSON', NOT_JSON_KEY[where]);
  }
}

function optionsFrom(envelope: unknown, where: 'data' | 'body'): unknown {
  if (envelope === undefined || envelope === null) return {};
  if (typeof envelope !== 'object' || Array.isArray(envelope)) throw keyedError('INVALID_INPUT', NOT_OBJECT_KEY[where]);
  return (envelope as { options?: unknown }).options ?? {};
}

/** A `video` file part goes to a temporary file (removed when the answer is sent), never into memory. */
async function saveVideoPart(req: FastifyRequest, reply: FastifyReply, file: NodeJS.ReadableStream & { truncated?: boolean }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-upload-'));
  // Removed once the answer is sent (or the connection is gone), whatever happened.
  reply.raw.once('close', () => void rm(dir, { recursive: true, force: true }));
  const target = path.join(dir, 'video');
  await pipeline(file, createWriteStream(target));
  if (file.truncated) throw keyedError('TOO_LARGE', 'media.videoTooLarge', { mb: VIDEO_MAX_BYTES / 1024 / 1024 });
  return target;
}

async function readMultipart(
  req: FastifyRequest,
  reply: FastifyReply,
  act: ResourceAction,
  ctx: RequestContext,
): Promise<{ options: unknown; image: Buffer | null; video: string | null }> {
  try {
    return await readParts(req, reply, act, ctx);
  } catch (err) {
    throw multipartFailure(err);
  }
}

async function readParts(
  req: FastifyRequest,
  reply: FastifyReply,
  act: ResourceAction,
  ctx: RequestContext,
): Promise<{ options: unknown; image: Buffer | null; video: string | null }> {
  let options: unknown = {};
  let image: Buffer | null = null;
  let video: string | null = null;
  const parts = act.videoUpload ? req.parts({ limits: { ...MULTIPART_LIMITS, fileSize: VIDEO_MAX_BYTES } }) : req.parts();
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname === 'video' && act.videoUpload && !video) {
        // The budget first: a refused upload is never written, probed or transcoded.
        await act.beforeVideo?.(ctx);
        video = await saveVideoPart(req, reply, part.file);
        continue;
      }
      if (part.fieldname !== 'image')
        throw keyedInvalid(part.fieldname, act.videoUpload ? 'request.unexpectedFileOrVideo' : 'request.unexpectedFile', { field: part.fieldname });
      image = await part.toBuffer();
      if (image.length > IMAGE_MAX_BYTES) throw keyedError('TOO_LARGE', 'media.imageTooLarge');
    } else if (part.fieldname === 'options') {
      options = readJson(String(part.value), 'options');
    } else {
      throw keyedInvalid(part.fieldname, 'request.unknownFormField', { field: part.fieldname });
    }
  }
  return { options, image, video };
}

/**
 * 'strict' (the test harness): every answer's `resource_response.data` is
 * parsed with its action's output schema from the shared contract; a field
 * the contract does not name, a missing one or one of another type answers
 * 500 and logs the paths of the mismatch. 'off' (production): answers are
 * not parsed, they cost nothing (decision 073).
 */
export type AnswerCheck = 'strict' | 'off';

interface DispatchOptions {
  registry: ResourceRegistry;
  answerCheck: AnswerCheck;
  /** Acting as a business, for the actions that declare `actingAs` (the business-access service's). */
  actAs: ActAs;
}

/**
 * Runs the action's handler: as the business `orbac_subject_id` names (or the
 * session acts as) when the action declares `actingAs` (decision 077), else as
 * the caller.
 */
function run(act: ResourceAction, actAs: ActAs, ctx: RequestContext, options: unknown, req: FastifyRequest): Promise<unknown> {
  const handle = (as: RequestContext) => act.handler(as, options, req);
  if (!act.actingAs) return handle(ctx);
  const subject = (options as { orbac_subject_id?: string } | null)?.orbac_subject_id;
  const audit = act.actingAudit;
  return actAs(ctx, subject, act.actingAs, handle, audit && { action: audit.action, targetOf: (result) => audit.targetOf(result, options) }, {
    session: act.actingWithSession,
  });
}

function checkAnswer(registry: ResourceRegistry, req: FastifyRequest, name: string, actionName: string, data: unknown) {
  const schema = registry.outputOf(name, actionName);
  const result = schema ? schema.safeParse(data) : null;
  if (result?.success) return;
  const problems = result
    ? result.error.issues.slice(0, 8).map((i) => `${i.path.length ? i.path.join('.') : '(data)'}: ${i.message}`)
    : ['the contract has no output schema for this action'];
  const detail = `The answer of ${name}.${actionName} does not match the contract: ${problems.join('; ')}`;
  req.log.error({ resource: name, action: actionName, problems }, 'answer does not match the contract');
  process.stderr.write(`${detail}\n`);
  throw keyedError('INTERNAL', 'request.internal', undefined, { messageDetail: detail });
}

async function dispatch({ registry, answerCheck, actAs }: DispatchOptions, req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
  const { name, action: actionName } = req.params;
  const resource = registry.get(name);
  if (!resource || !ACTIONS.has(actionName)) throw keyedError('NOT_FOUND', 'notFound.resource', { resource: `${name}/${actionName}` });
  const act: ResourceAction | undefined = resource.actions[actionName as ActionName];
  if (!act) throw keyedError('NOT_FOUND', 'notFound.resource', { resource: `${name}/${actionName}` });
  if (!METHOD_OF_ACTION[actionName as ActionName].includes(req.method)) {
    throw keyedError('METHOD_NOT_ALLOWED', 'request.method', {
      resource: name,
      action: actionName,
      methods: METHOD_OF_ACTION[actionName as ActionName].join(' or '),
    });
  }
  const ctx = contextOf(req);
  if (act.auth === 'required' && !ctx.viewer) throw loginRequired();

  let rawOptions: unknown;
  if (req.method === 'GET') {
    const data = (req.query as { data?: unknown }).data;
    rawOptions = typeof data === 'string' ? optionsFrom(readJson(data, 'data'), 'data') : {};
  } else if (req.isMultipart()) {
    if (!act.multipart) throw keyedError('UNSUPPORTED_MEDIA', 'request.takesJson', { resource: name, action: actionName });
    const { options, image, video } = await readMultipart(req, reply, act, ctx);
    rawOptions = options;
    (req as FastifyRequest & { uploadedImage?: Buffer | null }).uploadedImage = image;
    (req as FastifyRequest & { uploadedVideo?: string | null }).uploadedVideo = video;
  } else {
    rawOptions = optionsFrom(req.body, 'body');
  }
  const options = parseInput(act.options, rawOptions, '');
  const result = await run(act, actAs, ctx, options, req);
  reply.header('cache-control', 'no-store');
  if (result && typeof result === 'object' && (result as { kind?: string }).kind === 'paged') {
    const p = result as { items: unknown[]; bookmark: string | null };
    if (answerCheck === 'strict') checkAnswer(registry, req, name, actionName, asJson(p.items));
    return successBody('resource', p.items, p.bookmark);
  }
  if (answerCheck === 'strict') checkAnswer(registry, req, name, actionName, asJson(result ?? null));
  return successBody('resource', result ?? null);
}

/** The answer as the client reads it: dates as strings, undefined fields gone. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

export async function resourceDispatcherPlugin(
  app: FastifyInstance,
  { registry, answerCheck = 'off', actAs }: { registry: ResourceRegistry; answerCheck?: AnswerCheck; actAs: ActAs },
) {
  const opts: DispatchOptions = { registry, answerCheck, actAs };
  // The plain routes the contract names are held to it alike (decision 079).
  if (answerCheck === 'strict') routeAnswerCheck(app);
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  // Actions that carry images get their own route with a larger body limit.
  for (const resource of registry.all()) {
    for (const [actionName, act] of Object.entries(resource.actions)) {
      if (!act?.bodyLimit) continue;
      app.route<{ Params: Params }>({
        method: [...methods],
        url: `/resource/${resource.name}/${actionName}/`,
        bodyLimit: act.bodyLimit,
        handler: (req, reply) => {
          req.params = { name: resource.name, action: actionName };
          return dispatch(opts, req, reply);
        },
      });
    }
  }
  app.route<{ Params: Params }>({
    method: [...methods],
    url: '/resource/:name/:action/',
    handler: (req, reply) => dispatch(opts, req, reply),
  });
}

// fieldSize: the options field carries a video's captions (at most CAPTIONS_MAX_CHARS characters, up to 3 bytes each).
export const MULTIPART_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 4, fieldSize: 384 * 1024, parts: 6 };
