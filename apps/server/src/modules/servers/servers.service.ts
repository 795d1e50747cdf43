/**
 * One identity per server process (decision 054): a worker id for the id
 * generator leased from PostgreSQL, and a heartbeat that renews the lease and
 * tells how many servers are alive. No two live processes hold one worker id:
 * a lease is a row per worker id, taken only when free or expired, and a
 * process whose lease it could not renew in time stops making ids
 * (lib/ids.ts) until it has one again.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { StartupError } from '../../db/embedded/startup-error';
import type { Db } from '../../db/client';
import { useWorkerId } from '../../lib/ids';
import * as repo from './servers.repo';
import serverPackage from '../../../package.json';

/** A lease not renewed for this long is free for another server. */
const LEASE_TTL_MS = 30_000;
/** The heartbeat renews it this often: two heartbeats may fail before it lapses. */
const HEARTBEAT_MS = 10_000;
/** ids stop this long before the lease could lapse, for the time a renewal's answer takes to arrive. */
const SAFETY_MS = 2_000;

export interface ServerPresenceOptions {
  db: Db;
  /** Whether this server has REDIS_URL (recorded, and warned about when several servers run without). */
  hasRedis: boolean;
  /** WORKER_ID: lease this one or refuse to start; by default the lowest free one. */
  workerId?: number;
  /** One line for each news: the warning about several servers without Redis, a lost lease. */
  warn?: (message: string) => void;
  info?: (message: string) => void;
  ttlMs?: number;
  heartbeatMs?: number;
}

export interface ServerPresence {
  readonly instanceId: string;
  /** The leased worker id (after start). */
  readonly workerId: number;
  start(): Promise<void>;
  /** What /readyz tells: the servers alive at the last heartbeat, and warnings an operator should act on. */
  status(): { servers: number; warnings: string[] };
  /** Stops the heartbeat and gives the lease back. */
  stop(): Promise<void>;
}

/** What a server's lease says it runs: the server package's version. */
const SERVER_VERSION = serverPackage.version;

export const NO_REDIS_WARNING = (alive: number) =>
  `${alive} servers are running on this database without REDIS_URL: live messages do not cross servers and every limit is counted per server. Set REDIS_URL on every server.`;

export function createServerPresence(o: ServerPresenceOptions): ServerPresence {
  const ttlMs = o.ttlMs ?? LEASE_TTL_MS;
  const heartbeatMs = o.heartbeatMs ?? HEARTBEAT_MS;
  const warn = o.warn ?? (() => {});
  const info = o.info ?? (() => {});
  const holder: repo.LeaseHolder = {
    instanceId: randomBytes(9).toString('base64url'),
    host: hostname(),
    pid: process.pid,
    hasRedis: o.hasRedis,
    version: SERVER_VERSION,
  };
  let workerId = -1;
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> | null = null;
  let alive = 1;
  let warned = false;
  let stopped = false;

  /** ids are good until the lease could lapse, counted from when the renewal was sent. */
  const leased = (id: number, sentAt: number) => {
    workerId = id;
    useWorkerId(id, sentAt + ttlMs - Math.min(SAFETY_MS, ttlMs / 4));
  };

  async function lease() {
    for (let attempt = 0; attempt < 20; attempt++) {
      const sentAt = performance.now();
      const id = await repo.takeLease(o.db, holder, ttlMs, o.workerId);
      if (id !== null) return leased(id, sentAt);
      if (o.workerId !== undefined) {
        const other = await repo.liveHolder(o.db, o.workerId);
        // A process of this host that no longer runs (this one restarted after a crash, its lease not yet lapsed).
        if (
          other &&
          other.host === holder.host &&
          !ownInstances.has(other.instanceId) &&
          !runs(other.pid) &&
          (await repo.takeOverLease(o.db, o.workerId, other, holder, ttlMs))
        ) {
          return leased(o.workerId, sentAt);
        }
        if (other)
          throw new StartupError(
            `WORKER_ID ${o.workerId} is held by another running server (${other.host}, process ${other.pid}): give each server its own WORKER_ID, or leave it unset to have one leased.`,
          );
      }
    }
    throw new StartupError('No worker id is free: 1024 servers hold one. Stop some, or wait 30 seconds for the leases of stopped ones to lapse.');
  }

  async function count() {
    const live = await repo.liveServers(o.db);
    alive = live.alive;
    const lonely = alive > 1 && !o.hasRedis;
    if (lonely && !warned) warn(NO_REDIS_WARNING(alive));
    warned = lonely;
  }

  async function beat() {
    if (stopped) return;
    const sentAt = performance.now();
    try {
      if (await repo.renewLease(o.db, workerId, holder.instanceId, ttlMs)) leased(workerId, sentAt);
      else {
        // Lapsed (the process stood still, or the database was away): another server may hold it now.
        if (stopped) return;
        warn(`The lease of worker id ${workerId} lapsed; leasing another.`);
        await lease();
        info(`Worker id ${workerId} leased.`);
      }
      await count();
    } catch {
      // The database is away: ids stop when the lease could lapse (lib/ids.ts); the next beat tries again.
    }
  }

  return {
    instanceId: holder.instanceId,
    get workerId() {
      return workerId;
    },
    async start() {
      ownInstances.add(holder.instanceId);
      await lease().catch((err: unknown) => {
        ownInstances.delete(holder.instanceId);
        throw err;
      });
      await count();
      const tick = () => {
        if (stopped) return;
        timer = setTimeout(() => {
          beating = beat().finally(() => {
            beating = null;
            tick();
          });
        }, heartbeatMs);
        timer.unref();
      };
      tick();
    },
    status() {
      return { servers: alive, warnings: alive > 1 && !o.hasRedis ? [NO_REDIS_WARNING(alive)] : [] };
    },
    async stop() {
      stopped = true;
      ownInstances.delete(holder.instanceId);
      if (timer) clearTimeout(timer);
      // A beat under way finishes first, so that it cannot lease again after the lease is given back.
      await beating;
      if (workerId >= 0) await repo.releaseLease(o.db, workerId, holder.instanceId).catch(() => {});
    },
  };
}

/** The presences of this process that hold or are taking a lease (more than one only in tests). */
const ownInstances = new Set<string>();

/**
 * Whether a process of this host runs with that id. This process's own id held by none of its own presences
 * means an earlier life of it (a container restarted after a crash keeps its host name and process id).
 */
function runs(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A secret every server shares: the kept one, or a new one kept now (the first server makes it): 32 random
 * bytes in hex, or what `make` makes (a key pair: decision 088).
 */
export function sharedSecret(db: Db, name: string, make: () => string = () => randomBytes(32).toString('hex')): Promise<string> {
  return repo.sharedSecret(db, name, make());
}
