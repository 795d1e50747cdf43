/**
 * What every service call receives: who is acting (null when signed out),
 * the request's client address for rate limits, and its idempotency key.
 */
import type { Db } from '../db/client';
import { loginRequired } from './app-error';

export interface Viewer {
  id: string;
  username: string;
  /** The account's country (ISO code), when the session read it: which promoted Pins the home feed may carry. */
  country?: string;
  /** The account's locale (users.locale), when the session read it: the language of the first HTML. */
  locale?: string;
  /**
   * The business this session acts as, as stored with the session (BusinessActingResource;
   * decision 059), or null: not yet checked, business access decides each time it is used.
   */
  actingAs?: string | null;
}

export interface RequestContext {
  viewer: Viewer | null;
  /** The person who acts when the call runs as a business they act for (`viewer` is then the business; decision 035). */
  actor?: Viewer | undefined;
  clientIp: string;
  /** The session's token, when the request carries one (BusinessActingResource keeps the acting profile with it). */
  sessionToken?: string | undefined;
  /** The request's Idempotency-Key header: a retry with the same key returns the first result (Pin create and save). */
  idempotencyKey?: string | undefined;
  /**
   * Side effects of a read that must happen on every read, also when a later
   * signed-out read is answered from memory (plugins/public-read-cache.ts):
   * the read does its effect and pushes it here to be replayed.
   */
  readEffects?: (() => void)[] | undefined;
  /**
   * Where this request's reads that may lag a moment go (plugins/read-routing.ts, decision 068): the read
   * replica, or the primary. Only read paths use it (feeds, search, profiles); absent: the primary.
   */
  reader?: Db | undefined;
}

/** The database a read path reads from: the request's reader when it has one, else the primary it was given. */
export function readerOf(ctx: RequestContext, primary: Db): Db {
  return ctx.reader ?? primary;
}

export function requireViewer(ctx: RequestContext): Viewer {
  if (!ctx.viewer) throw loginRequired();
  return ctx.viewer;
}
