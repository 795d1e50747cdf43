/**
 * What S3 answers about an unfinished multipart upload and s3rver 3.x does not: ListParts
 * (`GET /bucket/key?uploadId=…`) and AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`). The tus
 * S3 store asks ListParts at every HEAD and PATCH and aborts an upload it removes (decision 098).
 *
 * Both are routes of s3rver's own router, put ahead of its GET and DELETE of an object (which refuse
 * `uploadId`), so they pass its signature check and bucket check first, and answer from the parts its
 * filesystem store keeps: `<bucket>/._S3rver_uploads/<upload id>/` holds `key`, and each part as
 * `<number>` with its MD5 in `<number>.md5`; completing or aborting removes the folder. As S3, an upload
 * that is not there (or is another key's) is `NoSuchUpload`, 404.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import router from 's3rver/lib/routes.js';
// @ts-expect-error s3rver ships no type declarations
import S3Error from 's3rver/lib/models/error.js';

interface Context {
  params: { bucket: string; key: string; queryMethod?: string };
  query: Record<string, string | undefined>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
  status: number;
  body: unknown;
}
type Next = () => Promise<unknown>;
interface Layer {
  name: string | null;
  path: string;
  methods: string[];
}
interface Router {
  stack: Layer[];
  get(name: string, path: string, handler: (ctx: Context, next: Next) => Promise<unknown>): void;
  delete(name: string, path: string, handler: (ctx: Context, next: Next) => Promise<unknown>): void;
}

const OBJECT_PATH = '/:bucket/:key+';
const LIST_PARTS = 'list-parts';
const ABORT = 'abort-multipart-upload';

/** The folder of an upload of this key, or NoSuchUpload. */
async function uploadFolder(ctx: Context): Promise<string> {
  const uploadId = ctx.query.uploadId ?? '';
  const folder = join(ctx.store.getResourcePath(ctx.params.bucket, undefined, 'uploads'), uploadId);
  const key = /^[\w-]+$/.test(uploadId) ? await readFile(join(folder, 'key'), 'utf8').catch(() => null) : null;
  if (key !== ctx.params.key) {
    throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', {
      UploadId: uploadId,
    });
  }
  return folder;
}

async function listParts(ctx: Context, next: Next) {
  if (ctx.params.queryMethod !== 'uploadId') return next();
  const folder = await uploadFolder(ctx);
  const marker = Number(ctx.query['part-number-marker'] ?? 0);
  const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000), 1000);
  const numbers = (await readdir(folder))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((n) => n > marker)
    .sort((x, y) => x - y);
  const page = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    page.map(async (n) => {
      const [info, md5] = await Promise.all([stat(join(folder, String(n))), readFile(join(folder, `${n}.md5`), 'utf8')]);
      return { PartNumber: n, LastModified: info.mtime.toISOString(), ETag: JSON.stringify(md5.trim()), Size: info.size };
    }),
  );
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: ctx.params.bucket,
      Key: ctx.params.key,
      UploadId: ctx.query.uploadId,
      PartNumberMarker: marker,
      NextPartNumberMarker: page.at(-1) ?? marker,
      MaxParts: maxParts,
      IsTruncated: numbers.length > page.length,
      Part: parts,
    },
  };
}

async function abortMultipartUpload(ctx: Context, next: Next) {
  if (ctx.params.queryMethod !== 'uploadId') return next();
  await rm(await uploadFolder(ctx), { recursive: true, force: true });
  ctx.status = 204;
  ctx.body = '';
}

/** Adds the two routes to s3rver's router (one router for every s3rver of the process), once. */
export function addMultipartRoutes() {
  const r = router as Router;
  if (r.stack.some((layer) => layer.name === LIST_PARTS)) return;
  r.get(LIST_PARTS, OBJECT_PATH, listParts);
  r.delete(ABORT, OBJECT_PATH, abortMultipartUpload);
  const ours = r.stack.splice(-2);
  // Ahead of s3rver's own GET, DELETE… of an object, after its checks (signature, bucket, query method).
  const first = r.stack.findIndex((layer) => layer.path === OBJECT_PATH && layer.methods.length > 0);
  r.stack.splice(first, 0, ...ours);
}
