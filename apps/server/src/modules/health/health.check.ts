/**
 * The database check behind /healthz, shared by every probe: one `SELECT 1`
 * at a time (probes that arrive while it runs wait for its answer), and its
 * answer reused for `reuseMs` after it came. A check that has no answer
 * within `timeoutMs` fails then, so a probe hears "down" promptly when the
 * database hangs; while that query still hangs, later checks wait on it
 * rather than send another.
 */
import type { Db } from '../../db/client';

export interface DatabaseCheckResult {
  ok: boolean;
  /** How long the check took, ms (to its answer, or to the deadline). */
  latencyMs: number;
}

export interface DatabaseCheckOptions {
  /** How long an answer is reused, ms (0: every probe checks, still one at a time). */
  reuseMs: number;
  /** How long a check may take before it counts as failed, ms. */
  timeoutMs: number;
  /** The clock (ms); tests pass their own. */
  now?: () => number;
}

export function createDatabaseCheck(db: Pick<Db, 'query'>, o: DatabaseCheckOptions) {
  const now = o.now ?? (() => performance.now());
  let last: { result: DatabaseCheckResult; at: number } | null = null;
  // The one SELECT 1 on the wire: every probe that finds it there waits for it, also past the deadline of the probe that sent it.
  let query: Promise<boolean> | null = null;

  async function run(): Promise<DatabaseCheckResult> {
    const started = now();
    query ??= db.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const sent = query;
    void sent.finally(() => {
      if (query === sent) query = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), o.timeoutMs);
    });
    const ok = await Promise.race([sent, deadline]);
    clearTimeout(timer);
    const result = { ok, latencyMs: +(now() - started).toFixed(2) };
    last = { result, at: now() };
    return result;
  }

  return {
    check(): Promise<DatabaseCheckResult> {
      if (last && now() - last.at < o.reuseMs) return Promise.resolve(last.result);
      return run();
    },
  };
}
