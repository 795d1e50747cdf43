/**
 * Messages between the bench (load generator, parent) and its two children,
 * over the fork() IPC channels: the server process (scripts/bench/server.ts,
 * the app) and the floor process (scripts/bench/floor.ts).
 */
export type DbTarget = { kind: 'embedded'; url: string } | { kind: 'external'; url: string; schema: string };

export interface ServerEnv {
  target: DbTarget;
  mediaDir: string;
  tmpDir: string;
  /** The web build the app serves (index.html as the page template); a missing folder means the app's fallback template. */
  webDistDir: string;
}

/** One SQL text's share of a load phase. */
export interface SqlShare {
  sql: string;
  calls: number;
  /** Wall time per call, including waiting for a pool connection, ms. */
  meanMs: number;
  totalMs: number;
}

/** What the server process measured over one load phase. */
export interface PhaseStats {
  /**
   * Event-loop delay over the phase, ms: how late a 10 ms timer fired
   * (perf_hooks.monitorEventLoopDelay at 10 ms resolution, minus the 10 ms).
   */
  eldP50Ms: number;
  eldP99Ms: number;
  eldMaxMs: number;
  /** Highest RSS sampled every 50 ms during the phase, MB. */
  rssPeakMb: number;
  /** Highest V8 heap used sampled during the phase, MB. */
  heapPeakMb: number;
  /** process.resourceUsage().maxRSS at the end of the phase: the server process's lifetime peak, MB. */
  maxRssMb: number;
  /** Server process CPU time over the phase divided by wall time (1.0 = one core busy). */
  cpuCores: number;
  /** db.query calls the app made during the phase (statements inside transactions count; BEGIN/COMMIT do not). */
  dbCalls: number;
  /** Time spent inside db.query, summed over all calls (includes waiting for a pool connection), ms. */
  dbMs: number;
  /** The SQL texts that took the most time during the phase, most first (up to 5). */
  topSql: SqlShare[];
  /** Where the CPU profile of the phase was written, when one was asked for. */
  profilePath: string | null;
}

export interface ExplainResult {
  /** The scenario whose checked request first sent this SQL (set by the bench). */
  scenario?: string;
  sql: string;
  params: unknown[];
  plan: string;
  /** Mean wall time per call under load for this SQL text, ms (null if not called during a load phase). */
  meanMsUnderLoad: number | null;
  callsUnderLoad: number;
}

export type ToServer =
  /** profilePath: record a V8 CPU profile of the server process over the phase, written there at phase-end. */
  | { type: 'phase-start'; name: string; profilePath?: string }
  | { type: 'phase-end' }
  | { type: 'record-sql'; on: boolean }
  /** EXPLAIN (ANALYZE, BUFFERS) every SELECT recorded since the last explain, with the parameters the app used. */
  | { type: 'explain' }
  /** Answer once no db call has been in flight for quietMs (requests cut off by a deadline have drained). */
  | { type: 'wait-idle'; quietMs: number }
  | { type: 'shutdown' };

export type FromServer =
  | { type: 'ready'; appPort: number; dbKind: 'embedded' | 'external'; startMs: number }
  | { type: 'phase-started' }
  | { type: 'phase-stats'; stats: PhaseStats }
  /** calls: db.query calls made while recording was on (answered when recording is turned off). */
  | { type: 'sql-recorded'; calls: number }
  | { type: 'explained'; results: ExplainResult[] }
  | { type: 'idle'; waitedMs: number }
  | { type: 'error'; message: string };

export type FloorToServer =
  /** Answer every request from now on with this: rawHeaders as node:http's IncomingMessage.rawHeaders gives them. */
  { type: 'respond'; status: number; rawHeaders: string[]; bodyBase64: string } | { type: 'shutdown' };

export type FloorFromServer = { type: 'ready'; port: number } | { type: 'responding' };
