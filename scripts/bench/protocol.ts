/**
 * Messages between the bench (load generator, parent) and the server process
 * (child, scripts/bench/server.ts) over the fork() IPC channel.
 */
export type DbTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string; schema: string };

export interface ServerEnv {
  target: DbTarget;
  mediaDir: string;
  tmpDir: string;
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
  /** db.query/db.tx calls the app made during the phase. */
  dbCalls: number;
  /** Time spent inside db.query, summed over all calls (includes waiting for a connection / PGlite's queue), ms. */
  dbMs: number;
  /** db.query calls since the what-if switch was last set whose SQL it changed. */
  rewrites: number;
}

export interface ExplainResult {
  sql: string;
  params: unknown[];
  plan: string;
  /** Mean wall time per call under load for this SQL text, ms (null if not called during a load phase). */
  meanMsUnderLoad: number | null;
  callsUnderLoad: number;
}

export type ToServer =
  | { type: 'phase-start'; name: string }
  | { type: 'phase-end' }
  | { type: 'record-sql'; on: boolean }
  | { type: 'explain' }
  /** Switch the proposed board-cover SQL (sql-fixes.ts) on or off; resets the rewrite count. */
  | { type: 'what-if'; cover: boolean }
  /** Answer once no db call has been in flight for quietMs (requests cut off by a deadline have drained). */
  | { type: 'wait-idle'; quietMs: number }
  | { type: 'shutdown' };

export type FromServer =
  | { type: 'ready'; appPort: number; floorPort: number; dbKind: 'pglite' | 'postgres'; startMs: number }
  | { type: 'phase-started' }
  | { type: 'phase-stats'; stats: PhaseStats }
  /**
   * calls: db.query calls made while recording was on; rewrites: how many of them the what-if
   * switch changed (answered when recording is turned off).
   */
  | { type: 'sql-recorded'; calls: number; rewrites: number }
  | { type: 'explained'; results: ExplainResult[] }
  | { type: 'what-if-set' }
  | { type: 'idle'; waitedMs: number }
  | { type: 'error'; message: string };
