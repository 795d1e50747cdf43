/**
 * The hourly housekeeping of a running server: deleted boards past their
 * restore window are purged (with images nothing else uses), mailed links
 * long expired are forgotten, and PGlite's planner statistics are refreshed
 * (PostgreSQL's autovacuum does that itself). Each task logs its own failure
 * and never stops the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { MediaStore } from '../media/media-store';
import type { Services } from '../services';

export interface HourlyDeps {
  services: Pick<Services, 'boards' | 'emailVerification' | 'boardEmailInvites'>;
  db: Db;
  media: Pick<MediaStore, 'delete'>;
  log: FastifyBaseLogger;
  /** Refresh PGlite's planner statistics (false at start: opening the database has just done it). */
  analyze?: boolean;
}

export async function runHourlyJobs({ services, db, media, log, analyze = true }: HourlyDeps): Promise<void> {
  const purgeBoards = async () => {
    const n = await services.boards.purgeExpired(media);
    if (n > 0) log.info(`purged ${n} deleted boards past their restore window`);
  };
  const forgetLinks = async () => {
    const n = (await services.emailVerification.purgeStale()) + (await services.boardEmailInvites.purgeStale());
    if (n > 0) log.info(`forgot ${n} long-expired email links`);
  };
  const tasks: [string, () => Promise<unknown>][] = [
    ['purging deleted boards', purgeBoards],
    ['forgetting expired links', forgetLinks],
  ];
  if (analyze && db.kind === 'pglite') tasks.push(['ANALYZE', () => db.query('ANALYZE')]);
  for (const [name, task] of tasks) {
    await task().catch((err: unknown) => log.error({ err }, `${name} failed`));
  }
}
