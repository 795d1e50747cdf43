/**
 * Imports of a Pinterest export (decision 094): taking the upload (its
 * limits checked before any work: a refused file writes nothing), one open
 * import per person, the progress its owner reads, Retry failed; the work
 * itself is the `import` job's (import-run.ts).
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { keyedError, notFound } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { decodeCursor, pageOf } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { PageRequest } from '../../lib/paging';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { BoardsService } from '../boards';
import type { notify } from '../notifications';
import type { PinsService } from '../pins';
import type { SectionsService } from '../sections';
import { ExportRejected, openExport } from './export-reader';
import { createImageFetcher } from './image-fetch';
import { createImportRunner } from './import-run';
import { presentImport } from './imports.present';
import { importsRepo } from './imports.repo';

/** The `import` job's payload: the import, and whether this run only tries its failures again. */
export const importJobPayload = z.object({ import_id: z.string(), retry: z.boolean() });
type ImportJob = z.infer<typeof importJobPayload>;

/** The part of the job queue the service uses. */
interface ImportQueue {
  send(name: 'import', payload: ImportJob, opts?: { tx?: Db }): Promise<void>;
}

/** Failures an import's answer lists at most. */
const FAILURES_SHOWN = 200;

export function createImportsService(d: {
  db: Db;
  media: MediaStore;
  config: Config;
  jobs: ImportQueue;
  boards: BoardsService;
  sections: SectionsService;
  pins: PinsService;
  notifications: Parameters<typeof notify>[0];
}) {
  const { db, media, config } = d;
  // One limiter for every import this server runs (decision 094).
  const fetcher = createImageFetcher({
    concurrency: config.importFetchConcurrency,
    timeoutMs: config.importFetchTimeoutMs,
    allowPrivateAddresses: config.fetchAllowPrivateAddresses,
  });

  const runnerFor = (log: { error(o: object, m: string): void }) =>
    createImportRunner({
      db,
      media,
      config,
      boards: d.boards,
      sections: d.sections,
      createPin: d.pins.createPin,
      notifications: d.notifications,
      fetcher,
      log,
    });

  const oneAtATime = () => keyedError('CONFLICT', 'imports.oneAtATime');

  async function read(ctx: RequestContext, id: string) {
    const viewer = requireViewer(ctx);
    const row = /^\d{1,19}$/.test(id) ? await importsRepo.visibleById(db, id, viewer.id) : null;
    if (!row) throw notFound('that');
    return row;
  }

  return {
    /**
     * Takes an uploaded export (a temporary file): its limits checked first (a refused file answers 400 and
     * writes nothing), then stored where every server's worker reads it, the import made and its job queued.
     */
    async start(ctx: RequestContext, file: string, boardPrivacy: 'public' | 'secret') {
      const viewer = requireViewer(ctx);
      if (await importsRepo.hasOpen(db, viewer.id)) throw oneAtATime();
      try {
        const archive = await openExport(file);
        await archive.close();
      } catch (err) {
        if (err instanceof ExportRejected) {
          throw keyedError(err.reason === 'too_large' ? 'TOO_LARGE' : 'INVALID_INPUT', `imports.rejected.${err.reason}`, { mb: 500 });
        }
        throw err;
      }
      const id = newId();
      const fileKey = `imports/${id}_${randomBytes(6).toString('hex')}.src`;
      await media.putFile(fileKey, file, 'application/octet-stream');
      const made = await db
        .tx(async (tx) => {
          const made = await importsRepo.insert(tx, { id, userId: viewer.id, boardPrivacy, fileKey });
          if (made) await d.jobs.send('import', { import_id: id, retry: false }, { tx });
          return made;
        })
        .catch(async (err: unknown) => {
          await media.delete([fileKey]).catch(() => {});
          throw err;
        });
      if (!made) {
        await media.delete([fileKey]).catch(() => {});
        throw oneAtATime();
      }
      return { id, status: 'queued' as const };
    },

    async get(ctx: RequestContext, id: string) {
      const row = await read(ctx, id);
      return presentImport(row, await importsRepo.failures(db, row.id, FAILURES_SHOWN));
    },

    async list(ctx: RequestContext, page: PageRequest) {
      const viewer = requireViewer(ctx);
      const after = decodeCursor(page.bookmark, ['id'] as const);
      const rows = await importsRepo.listOwn(db, viewer.id, after ? after[0] : null, page.pageSize + 1);
      const cut = pageOf(rows, page.pageSize, (r) => [r.id]);
      const items = [];
      for (const r of cut.items) items.push(presentImport(r, await importsRepo.failures(db, r.id, FAILURES_SHOWN)));
      return { items, bookmark: cut.bookmark };
    },

    /** Retry failed: a finished import's failures tried again by the job. */
    async retry(ctx: RequestContext, id: string) {
      const row = await read(ctx, id);
      if (row.status !== 'done' || row.images_failed === 0) throw keyedError('INVALID_INPUT', 'imports.nothingToRetry');
      const reopened = await db.tx(async (tx) => {
        if (!(await importsRepo.reopen(tx, row.id))) return false;
        await d.jobs.send('import', { import_id: row.id, retry: true }, { tx });
        return true;
      });
      if (!reopened) throw oneAtATime();
      return { id: row.id, status: 'queued' as const };
    },

    /** The `import` job (jobs/kinds.ts). */
    runJob(p: ImportJob, o: { signal: AbortSignal; lastAttempt: boolean; log: { error(o: object, m: string): void } }) {
      return runnerFor(o.log).run(p, o.signal, o.lastAttempt);
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
