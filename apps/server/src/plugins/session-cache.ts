/**
 * Signed-in requests' viewers from memory. The viewer of a session token
 * (its account's id, name, country and language) is kept for at most
 * SESSION_CACHE_TTL_MS and never past the session's expiry, and it is
 * forgotten
 *   - all of it on PostgreSQL's notice `session_changed` (a session ended or
 *     changed: log out, "log out of all devices", a password change, expiry,
 *     the account's removal; migration 0029), from every server;
 *   - the viewers of the people a `content_changed` notice names (`user:<id>`,
 *     sent for any change to an account row; migrations 0016, 0040), and all
 *     of it on a notice that names no one precisely (decision 064);
 *   - by this server before it answers any successful change, so whoever
 *     changed something never reads their old viewer;
 *   - whenever a listening connection drops; until both are back nothing is
 *     served from memory.
 * A lookup that began before a forgetting is not kept (the generation check).
 * Unknown tokens are not kept, so a flood of made-up cookies fills nothing.
 */
import type { Db } from '../db/client';
import type { Viewer } from '../lib/context';
import { hashToken } from '../lib/tokens';
import { countCache } from '../metrics';
import { idsOfNotice } from './public-read-cache';

const SESSION_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

export interface SessionLookup {
  viewer: Viewer;
  /** When the session ends (ms since the epoch). */
  expiresAt: number;
}

export interface SessionCache {
  viewerOf(token: string): Promise<Viewer | null>;
  /** Forgets every kept viewer (this server changed something). */
  forget(): void;
  /** How many lookups went to the database (for tests and the bench). */
  readonly misses: number;
  stop(): Promise<void>;
}

export async function createSessionCache(
  db: Db,
  lookup: (token: string) => Promise<SessionLookup | null>,
  ttlMs = SESSION_CACHE_TTL_MS,
): Promise<SessionCache> {
  const entries = new Map<string, { viewer: Viewer; until: number }>();
  /** A person's id → the keys of their kept sessions. */
  const byUser = new Map<string, Set<string>>();
  let generation = 0;
  let misses = 0;
  const up = { session_changed: false, content_changed: false };
  const forget = () => {
    generation++;
    entries.clear();
    byUser.clear();
  };
  const drop = (key: string) => {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    const keys = byUser.get(kept.viewer.id);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(kept.viewer.id);
  };
  /** A content_changed notice: the people it names, or everyone when it names no one precisely. */
  const forgetNamed = (payload: string) => {
    const ids = idsOfNotice(payload);
    if (!ids) return forget();
    // A lookup in flight may be of one of them: it is not kept.
    generation++;
    for (const id of ids) for (const key of [...(byUser.get(id) ?? [])]) drop(key);
  };
  const listenTo = (channel: keyof typeof up) =>
    db.listen(channel, {
      onNotify: channel === 'content_changed' ? forgetNamed : forget,
      onListening: (on) => {
        forget();
        up[channel] = on;
      },
    });
  const stops = [await listenTo('session_changed'), await listenTo('content_changed')];

  return {
    async viewerOf(token) {
      const listening = up.session_changed && up.content_changed;
      const key = hashToken(token);
      const kept = listening ? entries.get(key) : undefined;
      if (kept && kept.until > Date.now()) {
        countCache('session_viewer', true);
        return kept.viewer;
      }
      if (kept) drop(key);
      const started = generation;
      misses++;
      countCache('session_viewer', false);
      const found = await lookup(token);
      if (!found) return null;
      if (listening && started === generation && up.session_changed && up.content_changed) {
        if (entries.size >= MAX_ENTRIES) forget();
        drop(key);
        entries.set(key, { viewer: found.viewer, until: Math.min(found.expiresAt, Date.now() + ttlMs) });
        let keys = byUser.get(found.viewer.id);
        if (!keys) byUser.set(found.viewer.id, (keys = new Set()));
        keys.add(key);
      }
      return found.viewer;
    },
    forget,
    get misses() {
      return misses;
    },
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}
