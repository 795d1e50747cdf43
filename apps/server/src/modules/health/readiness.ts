/**
 * Whether this server should be sent traffic, for /readyz (decision 054):
 * `starting` until main.ts has it listening with everything in place,
 * `ready`, then `draining` from SIGTERM on (and in the moments before it
 * stops). /healthz does not read it: it keeps meaning "this process is alive".
 */
type ReadinessState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  readonly state: ReadinessState;
  ready(): void;
  drain(): void;
  /** What the servers module knows: servers alive, and warnings for the operator (several servers without Redis). */
  cluster(): { servers: number; warnings: string[] };
}

export function createReadiness(cluster: () => { servers: number; warnings: string[] } = () => ({ servers: 1, warnings: [] })): Readiness & {
  setCluster(fn: () => { servers: number; warnings: string[] }): void;
} {
  let state: ReadinessState = 'starting';
  let clusterOf = cluster;
  return {
    get state() {
      return state;
    },
    ready() {
      if (state === 'starting') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
    cluster: () => clusterOf(),
    setCluster(fn) {
      clusterOf = fn;
    },
  };
}
