/**
 * The spec paths of imports (decision 094): `POST /v3/imports/` (multipart:
 * the export as `file`, `board_privacy` beside it) answers 202; its progress,
 * the list of one's imports and Retry failed. CSRF and the session as every
 * unsafe route; another person's import answers 404.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES, zListImports, zStartImport } from '@pinboard/shared/schemas/imports';
import { AppError, keyedError } from '../../lib/app-error';
import { successBody } from '../../lib/envelope';
import { pageRequestOf } from '../../lib/paging';
import { keyedInvalid, parseInput } from '../../lib/validation';
import { contextOf } from '../../plugins/session';
import type { Services } from '../../services';

const FIELDS = new Set(['board_privacy']);

/** The upload streamed to a temporary file (removed when the answer is sent), never into memory; its other fields. */
async function readUpload(req: FastifyRequest, reply: FastifyReply) {
  if (!req.isMultipart()) throw keyedError('UNSUPPORTED_MEDIA', 'imports.multipart');
  const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-import-upload-'));
  reply.raw.once('close', () => void rm(dir, { recursive: true, force: true }));
  const fields: Record<string, string> = {};
  let file: string | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw keyedInvalid(part.fieldname, 'request.unexpectedFile', { field: part.fieldname });
        const target = path.join(dir, 'export');
        await pipeline(part.file, createWriteStream(target));
        if (part.file.truncated) throw keyedError('TOO_LARGE', 'imports.rejected.too_large', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
        file = target;
      } else if (FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw keyedInvalid(part.fieldname, 'request.unknownFormField', { field: part.fieldname });
      }
    }
  } catch (err) {
    // What the multipart parser throws on a body that is not multipart is the client's: 400; its limits and ours pass.
    if (err instanceof AppError || !(err instanceof Error)) throw err;
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof (err as NodeJS.ErrnoException).errno === 'number' || (typeof status === 'number' && status !== 406)) throw err;
    throw keyedError('INVALID_INPUT', 'request.multipartBody');
  }
  if (!file) throw keyedInvalid('file', 'imports.fileMissing');
  return { file, fields };
}

export function registerImportRoutes(app: FastifyInstance, s: Pick<Services, 'imports'>) {
  app.post('/v3/imports/', async (req, reply) => {
    const ctx = contextOf(req);
    if (!ctx.viewer) throw new AppError('LOGIN_REQUIRED', 'You need to log in first.');
    const { file, fields } = await readUpload(req, reply);
    const o = parseInput(zStartImport, fields, '');
    const started = await s.imports.start(ctx, file, o.board_privacy);
    return reply.code(202).send(successBody('spec', started));
  });

  app.get('/v3/imports/', async (req) => {
    const q = parseInput(zListImports, req.query ?? {});
    const page = await s.imports.list(contextOf(req), pageRequestOf(q));
    return successBody('spec', page.items, page.bookmark);
  });

  app.get<{ Params: { id: string } }>('/v3/imports/:id/', async (req) => successBody('spec', await s.imports.get(contextOf(req), req.params.id)));

  app.post<{ Params: { id: string } }>('/v3/imports/:id/retry/', async (req, reply) => {
    const started = await s.imports.retry(contextOf(req), req.params.id);
    return reply.code(202).send(successBody('spec', started));
  });
}
