/**
 * Each app server's own related-Pins graph (decision 091): built from PostgreSQL at start, in batches,
 * yielding to the event loop between them; then kept up to date by the `pin_graph` notices that triggers on
 * `pins` send at commit to every server (migration 0049): new Pins and saves, moves, deletions, whichever
 * server or statement made them. A lost listening connection may have missed notices: the graph is read
 * again in the background (the old one answers meanwhile; what is shown is filtered by the rule anyway).
 *
 * Memory: before reading, the graph's size is estimated from the counts of Pins and boards; over the limit
 * (RELATED_GRAPH_MAX_MB, and at most half of the memory the process may have) the server logs so and related
 * Pins come from the topic ranker alone. The same check runs when the graph is folded together again.
 */
import os from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { topicsRepo } from './topics.repo';
import { DEFAULT_WALK, GraphBuilder, graphBytes, seedOf, seededRandom, type PinGraph, type WalkOptions } from './topics.graph';

interface GraphLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RelatedGraphOptions {
  /** The most the graph may take (MB); 0: no graph, related Pins from the topic ranker alone. */
  maxMb: number;
  log: GraphLog;
  /** Rows read per batch (default 50,000). */
  batch?: number;
  /** The memory the process may have (bytes); by default the container's limit, else the machine's. */
  memoryBytes?: number;
  walk?: Partial<WalkOptions>;
}

type GraphState = 'off' | 'loading' | 'ready' | 'fallback';

/** A walk's answer: for each Pin of the graph found, most visited first, its rows (saves of one image; the lowest `rowsPerPin` of them) and visits. */
export interface GraphCandidates {
  /** Boards the query Pin is on. */
  degree: number;
  found: { rows: string[]; visits: number }[];
}

const MB = 1024 * 1024;

function memoryOfProcess(): number {
  const constrained = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  return constrained && constrained > 0 && constrained < os.totalmem() ? constrained : os.totalmem();
}

export function createRelatedGraph(db: Db, o: RelatedGraphOptions) {
  const batch = o.batch ?? 50_000;
  const walkOptions: WalkOptions = { ...DEFAULT_WALK, ...o.walk };
  const limitBytes = Math.min(o.maxMb * MB, (o.memoryBytes ?? memoryOfProcess()) / 2);
  let state: GraphState = o.maxMb > 0 ? 'loading' : 'off';
  let reason = o.maxMb > 0 ? 'loading' : 'RELATED_GRAPH_MAX_MB is 0';
  let graph: PinGraph | null = null;
  let pending: string[] | null = []; // notices heard while a load runs
  let missed = false;
  let closed = false;
  let loadMs = 0;
  let loading: Promise<void> = Promise.resolve();
  let stopListening: (() => Promise<void>) | null = null;
  const heard = new Set<() => void>();

  function apply(g: PinGraph, payload: string) {
    for (const line of payload.split(' ')) {
      const kind = line[0];
      const [id, board, parent] = line.slice(1).split(':');
      if (!id || !/^\d+$/.test(id)) continue;
      if (kind === '+') g.insert({ id: BigInt(id), board: board ? BigInt(board) : null, parent: parent ? BigInt(parent) : null });
      else if (kind === '~') g.move(BigInt(id), board ? BigInt(board) : null);
      else if (kind === '-') g.remove(BigInt(id));
    }
  }

  let reloading = false;
  /**
   * A large delta is folded in by reading the graph again from PostgreSQL, in batches that yield to the event loop
   * (the old graph answers meanwhile): folding 10,000,000 edges in place held the loop for seconds (bench:graph).
   */
  function compactSoon() {
    if (reloading || pending || !graph?.wantsCompaction || closed) return;
    reloading = true;
    o.log.info({ ...graph.size }, 'related Pins graph: reading it again to fold its changes in');
    void loading
      .then(() => (closed ? undefined : startLoad()))
      .finally(() => {
        reloading = false;
      });
  }

  async function load() {
    const t0 = performance.now();
    pending = [];
    const counts = await topicsRepo.graphCounts(db);
    // Every row its own Pin at most: the estimate is an upper bound.
    const estimate = graphBytes(counts.rows, counts.edges, counts.rows, counts.boards);
    if (estimate > limitBytes) {
      state = 'fallback';
      reason = `the graph would take ${Math.ceil(estimate / MB)} MB, over the ${Math.round(limitBytes / MB)} MB it may have`;
      graph = null;
      pending = null;
      o.log.warn(
        { ...counts, estimateMb: Math.ceil(estimate / MB), limitMb: Math.round(limitBytes / MB) },
        `related Pins graph not built: ${reason}; related Pins from the topic ranker`,
      );
      return;
    }
    const boardIds = new BigInt64Array(counts.boards + 1024);
    let nBoards = 0;
    for (let after = '0'; !closed;) {
      const ids = await topicsRepo.graphBoards(db, after, batch);
      if (ids.length === 0) break;
      // Boards made since the count join as their Pins do (GraphBuilder: a board it was not given).
      for (const id of ids) if (nBoards < boardIds.length) boardIds[nBoards++] = BigInt(id);
      after = ids[ids.length - 1]!;
      await yieldToLoop();
    }
    const builder = new GraphBuilder(boardIds.subarray(0, nBoards), counts.rows + 1024);
    for (let after = '0'; !closed;) {
      const rows = await topicsRepo.graphPins(db, after, batch);
      if (rows.length === 0) break;
      builder.add(
        rows.map((r) => ({
          id: BigInt(r.id),
          board: r.board_id === null ? null : BigInt(r.board_id),
          parent: r.parent_pin_id === null ? null : BigInt(r.parent_pin_id),
        })),
      );
      after = rows[rows.length - 1]!.id;
      await yieldToLoop();
    }
    if (closed) return;
    const g = builder.build();
    // What was heard while reading: applied again, repeats change nothing.
    for (const p of pending ?? []) apply(g, p);
    pending = null;
    graph = g;
    state = 'ready';
    reason = 'ready';
    loadMs = Math.round(performance.now() - t0);
    o.log.info({ ...g.size, mb: Math.round(g.bytes / MB), ms: loadMs }, 'related Pins graph built');
    compactSoon();
  }

  function startLoad() {
    loading = load().catch((err: unknown) => {
      state = 'fallback';
      reason = `the graph could not be read: ${(err as Error).message}`;
      pending = null;
      if (!closed) o.log.warn({ err }, 'related Pins graph not built; related Pins from the topic ranker');
    });
    return loading;
  }

  async function start() {
    if (state === 'off') {
      o.log.info({}, 'related Pins graph off (RELATED_GRAPH_MAX_MB=0): related Pins from the topic ranker');
      return;
    }
    stopListening = await db.listen('pin_graph', {
      onNotify(payload) {
        if (pending) pending.push(payload);
        else if (graph) {
          apply(graph, payload);
          compactSoon();
        }
        for (const h of heard) h();
      },
      onListening(listening) {
        if (!listening) missed = true;
        else if (missed && !closed) {
          missed = false;
          // Notices may have been lost: read it all again (the old graph answers meanwhile).
          if (state === 'ready' || state === 'loading')
            void loading.then(() => {
              if (!closed && state === 'ready') void startLoad();
            });
        }
      },
    });
    await startLoad();
  }

  const started = start().catch((err: unknown) => {
    state = 'fallback';
    reason = `the graph's notices could not be heard: ${(err as Error).message}`;
    o.log.warn({ err }, 'related Pins graph not built; related Pins from the topic ranker');
  });

  return {
    /** Resolves once the first load ended (ready, or fallen back). */
    ready: async () => {
      await started;
      await loading;
    },

    status() {
      return { state, reason, loadMs, size: graph?.size ?? null, mb: graph ? graph.bytes / MB : 0, limitMb: limitBytes / MB };
    },

    /** Resolves after the next notice is applied (tests: a change made elsewhere has arrived). */
    nextNotice(): Promise<void> {
      return new Promise((done) => {
        const h = () => {
          heard.delete(h);
          done();
        };
        heard.add(h);
      });
    },

    /** The graph's Pin (node) of a Pin row; -1 when it has none. */
    nodeOf(pinId: string): number {
      return graph ? graph.nodeOf(pinId) : -1;
    },

    /** The walk from a Pin row (seeded by its id: the same graph answers the same); null without a graph or for a Pin it does not know. */
    candidates(pinId: string, rowsPerPin?: number): GraphCandidates | null {
      if (!graph) return null;
      const node = graph.nodeOf(pinId);
      if (node < 0) return null;
      const g = graph;
      const found = g.walk(node, seededRandom(seedOf(pinId)), walkOptions);
      return { degree: g.degree(node), found: found.map((v) => ({ rows: g.rowsOf(v.node, rowsPerPin), visits: v.visits })) };
    },

    async close() {
      closed = true;
      await stopListening?.();
      await loading;
      graph = null;
    },
  };
}

export type RelatedGraph = ReturnType<typeof createRelatedGraph>;
