/**
 * One run of an import, as the job on the queue runs it (decision 094). It
 * reads the uploaded export from the media store, finds or makes its boards
 * (by the export's Board Id, else by name, never a second board of a name),
 * and works through its Pins oldest first, recording each Pin's outcome as
 * it goes: a run that starts again (its server stopped) skips what has an
 * outcome, and a Pin is made in one transaction with its record (and with
 * the Pinterest Pin id as its guid), so no Pin is made twice. A Pinterest Pin
 * an earlier import made is not made again. Dead Pins are never fetched;
 * a second Pin with the same image on the same board collapses into the
 * first; a Pin whose image cannot be had is a failure with its reason, and
 * what a retry needs is kept with it (the export file is removed when the
 * run is done).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOARD_DESCRIPTION_MAX, BOARD_NAME_MAX, PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, SECTION_TITLE_MAX } from '@pinboard/shared/constants/limits';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userById } from '../../kernel';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/context';
import type { MediaStore } from '../../media-pipeline/media-store';
import type { BoardsService } from '../boards';
import { notify } from '../notifications';
import type { CreatePin } from '../pins';
import type { SectionsService } from '../sections';
import { ExportRejected, openExport, pinterestImageUrl, type ExportArchive, type ExportedBoard, type ExportedImage, type ExportedPin } from './export-reader';
import { ImageUnavailable, type ImageFailure, type ImageFetcher } from './image-fetch';
import { importsRepo, type ImportRow } from './imports.repo';

export interface ImportRunDeps {
  db: Db;
  media: MediaStore;
  config: Pick<Config, 'importImageBaseUrl' | 'importFetchConcurrency'>;
  boards: Pick<BoardsService, 'create'>;
  sections: Pick<SectionsService, 'list' | 'create'>;
  createPin: CreatePin;
  notifications: Parameters<typeof notify>[0];
  fetcher: ImageFetcher;
  log: { error(o: object, m: string): void };
}

/** What a failed Pin keeps for its retry: what its Pin would be made of, and where it goes. */
interface RetryData {
  pin: Pick<ExportedPin, 'pinterestId' | 'pinUrl' | 'title' | 'description' | 'link' | 'altText' | 'isVideo'> & {
    createdAt: string | null;
    image: ExportedImage | null;
  };
  boardId: string | null;
  sectionId: string | null;
}

const clip = (s: string | null | undefined, max: number) => (s ?? '').trim().slice(0, max);

/** A link kept only when it is an http(s) address. */
function linkOf(link: string | null) {
  if (!link) return '';
  try {
    const u = new URL(link.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href.slice(0, 2048) : '';
  } catch {
    return '';
  }
}

/** The image a Pin is imported with: its own, else an Idea Pin's first page (decision 094). */
const imageOf = (p: ExportedPin): ExportedImage | null => p.image ?? p.storyImages[0] ?? null;

/** What makes two Pins on one board the same: the image, else (no image) the link. */
function sameness(p: ExportedPin) {
  const img = imageOf(p);
  if (img?.kind === 'pinterest_hash') return `hash:${img.hash}`;
  if (img?.kind === 'url') return `url:${img.url}`;
  if (img?.kind === 'zip_entry') return `entry:${img.path}`;
  const link = linkOf(p.link);
  return link ? `link:${link}` : null;
}

/** Oldest first (a Pin without a date first of all), so the newest is on top as it was; the export's order otherwise. */
function inOrder(pins: ExportedPin[]) {
  return pins
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.createdAt?.getTime() ?? -Infinity) - (b.p.createdAt?.getTime() ?? -Infinity) || a.i - b.i)
    .map((x) => x.p);
}

/** A board's key among a person's imports: its Board Id, else its name without case. */
function boardKeyOf(b: ExportedBoard) {
  if (b.pinterestId) return `id:${b.pinterestId}`;
  return b.name ? `name:${b.name.trim().toLowerCase()}` : null;
}

export function createImportRunner(d: ImportRunDeps) {
  const { db } = d;

  async function contextOf(imp: ImportRow): Promise<RequestContext> {
    const user = await userById(db, imp.user_id);
    if (!user) throw new Error('The import’s owner is gone.');
    return { viewer: { id: user.id, username: user.username }, clientIp: '' };
  }

  /**
   * Who sees a board made for an exported one: a board the export says is secret stays secret; one this product's
   * own export says is public stays public (the person chose it on the server they left); else the import's choice.
   */
  const privacyOf = (imp: ImportRow, layout: ExportArchive['layout'], b: ExportedBoard) =>
    b.privacy === 'secret' ? 'secret' : layout === 'pinboard' && b.privacy === 'public' ? 'public' : imp.board_privacy;

  /** The person's board for an exported board: the one an earlier import used, else theirs of that name, else a new one. */
  async function boardFor(ctx: RequestContext, imp: ImportRow, b: ExportedBoard, privacy: 'public' | 'secret'): Promise<string | null> {
    const key = boardKeyOf(b);
    const name = clip(b.name, BOARD_NAME_MAX) || (b.pinterestId ? `Pinterest ${b.pinterestId}`.slice(0, BOARD_NAME_MAX) : '');
    if (!key || !name) return null;
    const userId = imp.user_id;
    const mapped = await importsRepo.mappedBoard(db, userId, key);
    if (mapped) return mapped;
    let id = await importsRepo.ownBoardByName(db, userId, name);
    let createdBy: string | null = null;
    if (!id) {
      try {
        const made = await d.boards.create(ctx, { name, description: clip(b.description, BOARD_DESCRIPTION_MAX), privacy });
        id = made.id;
        createdBy = imp.id;
      } catch (err) {
        // Made meanwhile (a board of that name): that one is used.
        if (!(err instanceof AppError) || err.httpStatus !== 409) throw err;
        id = await importsRepo.ownBoardByName(db, userId, name);
        if (!id) throw err;
      }
    }
    await importsRepo.mapBoard(db, { userId, key, boardId: id, createdBy });
    return id;
  }

  /** The section of that title on the board (without case), made when it has none; each looked up or made once per run. */
  function sectionFinder(ctx: RequestContext) {
    const lists = new Map<string, Promise<Map<string, string>>>();
    const found = new Map<string, Promise<string>>();
    return (boardId: string, title: string): Promise<string | null> => {
      const t = clip(title, SECTION_TITLE_MAX);
      if (!t) return Promise.resolve(null);
      const key = `${boardId}\u0000${t.toLowerCase()}`;
      let id = found.get(key);
      if (!id) {
        let list = lists.get(boardId);
        if (!list) {
          list = d.sections.list(ctx, boardId).then((all) => new Map(all.map((s) => [s.title.trim().toLowerCase(), s.id])));
          lists.set(boardId, list);
        }
        id = list.then(async (byTitle) => byTitle.get(t.toLowerCase()) ?? (await d.sections.create(ctx, boardId, t)).id);
        found.set(key, id);
      }
      return id;
    };
  }

  /** The bytes of a Pin's image: fetched by its signature or address, or read from the archive. */
  async function imageBytes(image: ExportedImage, archive: ExportArchive | null, signal: AbortSignal): Promise<Buffer> {
    switch (image.kind) {
      case 'pinterest_hash':
        return d.fetcher.fetchImage(pinterestImageUrl(d.config.importImageBaseUrl, image.hash), signal);
      case 'url':
        return d.fetcher.fetchImage(image.url, signal);
      case 'zip_entry':
        if (!archive) throw new ImageUnavailable('not_found');
        return archive.readEntry(image.path).catch(() => {
          throw new ImageUnavailable('not_found');
        });
    }
  }

  /** Makes one Pin, with its records in its transaction; a Pin that cannot be made is a failure with its reason. */
  async function importOne(ctx: RequestContext, imp: ImportRow, r: RetryData, archive: ExportArchive | null, signal: AbortSignal) {
    const p = r.pin;
    const title = clip(p.title, PIN_TITLE_MAX);
    const base = { importId: imp.id, pinterestId: p.pinterestId, pinUrl: p.pinUrl, title };
    const fail = (reason: ImageFailure) => importsRepo.recordItem(db, { ...base, outcome: 'failed', reason, retry: r });
    if (!p.image) return fail('no_image');
    let bytes: Buffer;
    try {
      bytes = await imageBytes(p.image, archive, signal);
    } catch (err) {
      if (err instanceof ImageUnavailable) return fail(err.reason);
      throw err;
    }
    signal.throwIfAborted();
    try {
      await d.createPin(ctx, {
        source: { kind: 'import', bytes, savedAt: p.createdAt ? new Date(p.createdAt) : null, wasVideo: p.isVideo },
        details: { title, description: clip(p.description, PIN_DESCRIPTION_MAX), link: linkOf(p.link), alt_text: clip(p.altText, 500) },
        placement: { board_id: r.boardId, section_id: r.sectionId },
        guid: `pinterest:${p.pinterestId}`,
        alsoInTransaction: async (tx, pinId) => {
          await importsRepo.recordPin(tx, { userId: imp.user_id, pinterestId: p.pinterestId, pinId, importId: imp.id });
          await importsRepo.recordItem(tx, { ...base, outcome: 'imported' });
        },
      });
    } catch (err) {
      // The image is not one we take (its bytes), or its board went meanwhile: that Pin fails; anything else stops the run.
      if (err instanceof AppError && err.httpStatus >= 400 && err.httpStatus < 500) {
        return fail(err.httpStatus === 404 || err.httpStatus === 403 ? 'board_gone' : err.httpStatus === 413 ? 'too_large' : 'not_an_image');
      }
      throw err;
    }
    // The guid found a Pin an earlier, cut-short attempt made with its records: nothing more to write.
    await importsRepo.recordItem(db, { ...base, outcome: 'imported' }).catch(() => {});
  }

  /** Runs `work` over `items` with `n` at once, in order of start; stops taking new ones once `signal` aborts. */
  async function pool<T>(items: T[], n: number, signal: AbortSignal, work: (item: T) => Promise<void>) {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        signal.throwIfAborted();
        await work(items[next++]!);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, worker));
  }

  async function finishDone(imp: ImportRow, key: string) {
    await importsRepo.finish(db, imp.id, 'done');
    const counts = await importsRepo.visibleById(db, imp.id, imp.user_id);
    if (imp.file_key) await d.media.delete([imp.file_key]).catch(() => {});
    await notify(d.notifications, {
      userId: imp.user_id,
      kind: 'import_done',
      key,
      detail: counts
        ? {
            total: counts.total,
            pins_imported: counts.pins_imported,
            boards_created: counts.boards_created,
            images_failed: counts.images_failed,
          }
        : {},
    });
  }

  /** The whole export: boards, then every Pin not yet handled in this run. */
  async function runExport(imp: ImportRow, ctx: RequestContext, signal: AbortSignal) {
    const dir = await mkdtemp(path.join(tmpdir(), 'pinboard-import-'));
    let archive: ExportArchive | null = null;
    try {
      const file = path.join(dir, 'export');
      if (!imp.file_key || !(await d.media.getToFile(imp.file_key, file))) {
        await importsRepo.finish(db, imp.id, 'failed', 'The uploaded file is gone.');
        return;
      }
      try {
        archive = await openExport(file);
      } catch (err) {
        if (!(err instanceof ExportRejected)) throw err;
        await importsRepo.finish(db, imp.id, 'failed', err.reason);
        return;
      }
      const pins = inOrder(archive.pins);
      await importsRepo.setTotal(db, imp.id, pins.length);
      const handled = await importsRepo.handled(db, imp.id);

      // Boards: each the export names (an empty one too), found or made once.
      const boardIds = new Map<string, string | null>();
      for (const b of archive.boards) {
        signal.throwIfAborted();
        boardIds.set(b.key, await boardFor(ctx, imp, b, privacyOf(imp, archive.layout, b)));
      }
      const sectionOf = sectionFinder(ctx);

      const open = pins.filter((p) => !handled.has(p.pinterestId));
      const already = await importsRepo.imported(
        db,
        imp.user_id,
        open.map((p) => p.pinterestId),
      );
      // The same image twice on one board: the first (oldest) stays. Decided over the whole export, so a run that starts again decides the same.
      const seen = new Set<string>();
      const duplicate = new Set<ExportedPin>();
      for (const p of pins) {
        if (!p.alive) continue;
        const same = sameness(p);
        if (!same) continue;
        const key = `${p.boardKey ?? ''}\u0000${same}`;
        if (seen.has(key)) duplicate.add(p);
        else seen.add(key);
      }

      const toMake: ExportedPin[] = [];
      for (const p of open) {
        signal.throwIfAborted();
        const base = { importId: imp.id, pinterestId: p.pinterestId, pinUrl: p.pinUrl, title: clip(p.title, PIN_TITLE_MAX) };
        if (!p.alive) await importsRepo.recordItem(db, { ...base, outcome: 'dead' });
        else if (already.has(p.pinterestId)) await importsRepo.recordItem(db, { ...base, outcome: 'already' });
        else if (duplicate.has(p)) await importsRepo.recordItem(db, { ...base, outcome: 'duplicate' });
        else toMake.push(p);
      }
      const current = archive;
      await pool(toMake, d.config.importFetchConcurrency, signal, async (p) => {
        const boardId = p.boardKey ? (boardIds.get(p.boardKey) ?? null) : null;
        const sectionId = boardId && p.section ? await sectionOf(boardId, p.section) : null;
        const retry: RetryData = {
          pin: {
            pinterestId: p.pinterestId,
            pinUrl: p.pinUrl,
            title: p.title,
            description: p.description,
            link: p.link,
            altText: p.altText,
            isVideo: p.isVideo,
            createdAt: p.createdAt ? p.createdAt.toISOString() : null,
            image: imageOf(p),
          },
          boardId,
          sectionId,
        };
        await importOne(ctx, imp, retry, current, signal);
      });
      signal.throwIfAborted();
      await finishDone(imp, imp.id);
    } finally {
      await archive?.close().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Retry failed: each failure of the run tried again from what it kept. */
  async function runRetry(imp: ImportRow, ctx: RequestContext, signal: AbortSignal) {
    const failures = await importsRepo.failures(db, imp.id, 1_000_000);
    await pool(failures, d.config.importFetchConcurrency, signal, async (f) => {
      const data = f.retry as RetryData | null;
      if (!data) return;
      await importOne(ctx, imp, data, null, signal);
    });
    signal.throwIfAborted();
    await finishDone(imp, `${imp.id}:retry:${Date.now()}`);
  }

  /** The job's run: the export, or (`retry`) the run's failures again. On its last attempt a run that cannot finish ends failed. */
  async function run(p: { import_id: string; retry: boolean }, signal: AbortSignal, lastAttempt: boolean) {
    const imp = await importsRepo.byId(db, p.import_id);
    if (!imp || imp.status === 'done' || imp.status === 'failed') return;
    try {
      await importsRepo.setRunning(db, imp.id);
      const ctx = await contextOf(imp);
      if (p.retry) await runRetry(imp, ctx, signal);
      else await runExport(imp, ctx, signal);
    } catch (err) {
      if (!signal.aborted && lastAttempt) {
        d.log.error({ err, importId: imp.id }, 'import failed');
        await importsRepo.finish(db, imp.id, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'failed');
        if (imp.file_key) await d.media.delete([imp.file_key]).catch(() => {});
      }
      throw err;
    }
  }

  return { run };
}
