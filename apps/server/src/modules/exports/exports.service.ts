/**
 * Data exports (decision 096): a person asks for a ZIP of all their own
 * content; the `export` job on the queue writes it into the media store
 * (exports.writer.ts), then tells them (the `export_done` notification, mailed
 * at once with its link). Its state and its download are the owner's alone
 * (exports.policy.ts), the download for 7 days, streamed from the media store
 * through any server.
 */
import type { z } from 'zod';
import type { zExportOut } from '@pinboard/shared/schemas/exports';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { keyedError } from '../../lib/app-error';
import { requireViewer, type RequestContext } from '../../lib/context';
import { newId } from '../../lib/ids';
import type { MediaStore, StoredReader } from '../../media-pipeline/media-store';
import { notify } from '../notifications';
import { downloadable, ownsExport } from './exports.policy';
import { exportsRepo, type ExportRow } from './exports.repo';
import { writeExport } from './exports.writer';

/** The part of the job queue the service uses. */
interface ExportQueue {
  send(name: 'export', payload: { exportId: string }, opts?: { tx?: Db }): Promise<void>;
}

/** How many of one's exports the settings page lists. */
const LISTED = 10;
/**
 * An export still open this long after it was asked for lost its job (every run of it ended with its server, past
 * the job's retries: three runs of at most two hours): it counts as failed, and a new one may start.
 */
const STALE_SECONDS = 3 * 2 * 3600 + 3600;

const downloadPath = (id: string) => `/v3/exports/${id}/download/`;

const missing = () => keyedError('NOT_FOUND', 'exports.notFound');

function present(row: ExportRow, now = new Date()): z.infer<typeof zExportOut> {
  const open = downloadable(row, now);
  return {
    id: row.id,
    status: row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    ...(open ? { download_url: downloadPath(row.id) } : {}),
    ...(row.status === 'done' && row.size_bytes !== null ? { size: Number(row.size_bytes) } : {}),
  };
}

export function createExportsService({
  db,
  jobs,
  media,
  config,
  notifications,
}: {
  db: Db;
  jobs: ExportQueue;
  media: MediaStore;
  config: Pick<Config, 'publicUrl'>;
  notifications: Parameters<typeof notify>[0];
}) {
  /** The export, when the viewer owns it; else 404 as for a missing one. */
  async function ownExport(ctx: RequestContext, id: string) {
    const row = /^\d{1,19}$/.test(id) ? await exportsRepo.byId(db, id) : null;
    if (!row || !ownsExport(row, ctx.viewer?.id ?? null)) throw missing();
    return row;
  }

  return {
    /** POST /v3/exports/: a new export on the queue, or the one already queued or running. */
    async request(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      await exportsRepo.failStale(db, viewer.id, STALE_SECONDS);
      // The open one may end between the two looks: then a new one is made on the second try.
      for (let attempt = 0; attempt < 3; attempt++) {
        const made = await db.tx(async (tx) => {
          const row = await exportsRepo.create(tx, newId(), viewer.id);
          if (row) await jobs.send('export', { exportId: row.id }, { tx });
          return row;
        });
        const current = made ?? (await exportsRepo.openOf(db, viewer.id));
        if (current) return { id: current.id, status: current.status };
      }
      throw missing();
    },

    async get(ctx: RequestContext, id: string) {
      return present(await ownExport(ctx, id));
    },

    async list(ctx: RequestContext) {
      const viewer = requireViewer(ctx);
      return (await exportsRepo.listOf(db, viewer.id, LISTED)).map((r) => present(r));
    },

    /** The ZIP of a done export to its owner while its link lasts; an expired one answers the keyed `exports.expired`. */
    async download(ctx: RequestContext, id: string): Promise<{ reader: StoredReader; filename: string }> {
      const row = await ownExport(ctx, id);
      if (row.status !== 'done') throw missing();
      if (!downloadable(row)) throw keyedError('NOT_FOUND', 'exports.expired');
      const reader = row.object_key ? await media.openRead(row.object_key) : null;
      if (!reader) throw keyedError('NOT_FOUND', 'exports.expired');
      const day = (row.finished_at ?? row.created_at).toISOString().slice(0, 10);
      return { reader, filename: `pinboard-export-${ctx.viewer!.username}-${day}.zip` };
    },

    /** The `export` job: writes the ZIP, marks it done and tells its owner; after the last try, marks it failed. */
    async runJob(p: { exportId: string }, run: { signal?: AbortSignal; lastAttempt: boolean }) {
      const row = await exportsRepo.start(db, p.exportId);
      if (!row) return;
      try {
        const { key, size } = await writeExport({ db, media, publicUrl: config.publicUrl, signal: run.signal }, row.id, row.user_id);
        const done = await exportsRepo.finish(db, row.id, key, size);
        if (!done) {
          await media.delete([key]);
          return;
        }
        await notify(notifications, { userId: row.user_id, kind: 'export_done', key: row.id, detail: { download_path: downloadPath(row.id) } });
      } catch (err) {
        if (run.lastAttempt && !run.signal?.aborted) await exportsRepo.fail(db, row.id);
        throw err;
      }
    },

    /** Housekeeping: deletes the files of expired exports (the rows stay, shown expired); answers how many. */
    async purgeExpired() {
      const expired = await exportsRepo.expiredWithFiles(db, 500);
      if (expired.length === 0) return 0;
      await media.delete(expired.map((e) => e.object_key));
      await exportsRepo.forgetFiles(
        db,
        expired.map((e) => e.id),
      );
      return expired.length;
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
