/**
 * The hourly housekeeping, a scheduled job of the queue that runs once per
 * period across all servers (decision 053): deleted boards past their
 * restore window are purged (with images nothing else uses), mailed links
 * long expired and sessions past their expiry are forgotten, Idea Pin page
 * uploads and bulk upload drafts never published are removed, the search word list is rebuilt and searches
 * older than 90 days forgotten, the links of Pins made before link keys were
 * kept are keyed and their pictures hashed (decision 095), API v5 media
 * uploads untouched for a week and expired OAuth grants go. Each task logs
 * its own failure and never stops the others.
 */
import type { Db } from '../db/client';

type Purge = () => Promise<number>;

/** The services' purges it calls (written out, not picked from Services: the queue that runs it is part of Services). */
export interface HousekeepingServices {
  /** Its images no other Pin uses go on board.purged (decision 070). */
  boards: { purgeExpired: Purge };
  emailVerification: { purgeStale: Purge };
  boardEmailInvites: { purgeStale: Purge };
  auth: { purgeExpiredSessions: Purge };
  storyPins: { purgeStale: Purge };
  /** The links of Pins made before their keys were kept (decision 095). */
  pins: { keyOlderLinks: Purge; hashOlderPictures: Purge };
  /** Bulk upload drafts never published (decision 098). */
  bulkUploads: { purgeStale: Purge };
  /** The "did you mean" word list, rebuilt from public content (decision 084). */
  search: { refreshWords: Purge; forgetOldSearches: Purge };
  /** The files of data exports past their 7 days (decision 096). */
  exports: { purgeExpired: Purge };
  /** API v5 media uploads never made into a Pin (decision 100). */
  apiV5Uploads: { purgeStale: Purge };
  /** OAuth codes and token pairs past their expiry (decision 099). */
  oauth: { purgeExpired: Purge };
}

export interface HourlyDeps {
  services: HousekeepingServices;
  db: Db;
  log: { info(message: string): void; error(o: object, message: string): void };
}

export async function runHourlyJobs({ services, log }: HourlyDeps): Promise<void> {
  const purgeBoards = async () => {
    const n = await services.boards.purgeExpired();
    if (n > 0) log.info(`purged ${n} deleted boards past their restore window`);
  };
  const forgetLinks = async () => {
    const n = (await services.emailVerification.purgeStale()) + (await services.boardEmailInvites.purgeStale());
    if (n > 0) log.info(`forgot ${n} long-expired email links`);
  };
  const forgetSessions = async () => {
    const n = await services.auth.purgeExpiredSessions();
    if (n > 0) log.info(`forgot ${n} expired sessions`);
  };
  const purgeUploads = async () => {
    const n = await services.storyPins.purgeStale();
    if (n > 0) log.info(`removed ${n} Idea Pin page uploads never published`);
  };
  const purgeDrafts = async () => {
    const n = await services.bulkUploads.purgeStale();
    if (n > 0) log.info(`removed ${n} bulk upload drafts never published`);
  };
  const refreshSearchWords = () => services.search.refreshWords();
  const forgetSearches = async () => {
    const n = await services.search.forgetOldSearches();
    if (n > 0) log.info(`forgot ${n} old searches`);
  };
  const keyLinks = async () => {
    const n = await services.pins.keyOlderLinks();
    if (n > 0) log.info(`keyed the links of ${n} older Pins`);
  };
  const hashPictures = async () => {
    const n = await services.pins.hashOlderPictures();
    if (n > 0) log.info(`hashed the pictures of ${n} older Pins`);
  };
  const purgeExports = async () => {
    const n = await services.exports.purgeExpired();
    if (n > 0) log.info(`deleted ${n} expired data exports`);
  };
  const purgeApiUploads = async () => {
    const n = await services.apiV5Uploads.purgeStale();
    if (n > 0) log.info(`removed ${n} API media uploads untouched for a week`);
  };
  const forgetOAuthGrants = async () => {
    const n = await services.oauth.purgeExpired();
    if (n > 0) log.info(`forgot ${n} expired OAuth codes and tokens`);
  };
  const tasks: [string, () => Promise<unknown>][] = [
    ['removing unpublished Idea Pin uploads', purgeUploads],
    ['removing unpublished bulk upload drafts', purgeDrafts],
    ['purging deleted boards', purgeBoards],
    ['forgetting expired links', forgetLinks],
    ['forgetting expired sessions', forgetSessions],
    ['refreshing the search word list', refreshSearchWords],
    ['forgetting old searches', forgetSearches],
    ["keying older Pins' links", keyLinks],
    ["hashing older Pins' pictures", hashPictures],
    ['deleting expired data exports', purgeExports],
    ['removing stale API media uploads', purgeApiUploads],
    ['forgetting expired OAuth grants', forgetOAuthGrants],
  ];
  for (const [name, task] of tasks) {
    await task().catch((err: unknown) => log.error({ err }, `${name} failed`));
  }
}
