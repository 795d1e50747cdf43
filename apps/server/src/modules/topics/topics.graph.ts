/**
 * The Pin–board graph of related Pins (decision 091): Pixie-style random walks with restarts
 * (Eksombatchai et al., WWW 2018) over the bipartite graph of Pins and boards, in compact typed
 * arrays. Pure: no database, no clock; what it is given (rows, changes, a seed) decides what it answers.
 *
 * - A Pin of the graph is one image: a Pin row and every save of it (rows whose `parent_pin_id`
 *   leads back to it) are one node; its edges are the boards those rows are on (one edge per row).
 * - Both sides are CSR: offsets (Int32Array) into edge arrays (Int32Array), each segment with a
 *   live length (`deg`), so a removed edge is swapped to the end of its segment and forgotten in O(degree).
 *   Added edges wait in small per-node lists (the delta) until `compact()` folds everything into new arrays.
 * - The id ↔ index maps are sorted BigInt64Arrays searched by bisection (8 bytes an id), with a Map for
 *   the ids added since the last compaction.
 */

/** A row of `pins` as the graph needs it: id, board (null: saved to the profile) and the Pin it was saved from. */
export interface GraphRow {
  id: bigint;
  board: bigint | null;
  parent: bigint | null;
}

/** What a walk does (decision 091 records the values the server uses). */
export interface WalkOptions {
  /** Steps (board visits) at most, summed over every walk from the query Pin. */
  maxSteps: number;
  /** The chance of going back to the query Pin after each Pin → board → Pin step (a walk's mean length is 1 / restart). */
  restart: number;
  /** Visits at which a Pin counts as found (Pixie's n_v). */
  visitThreshold: number;
  /** Walking stops once this many Pins are found (Pixie's n_p). */
  enoughPins: number;
  /** Boards with more live Pins than this are stepped over while the Pin has a smaller one (Pixie's degree pruning). */
  maxBoardDegree: number;
  /** How many Pins to answer, most visited first. */
  top: number;
}

export const DEFAULT_WALK: WalkOptions = {
  maxSteps: 20_000,
  restart: 0.5,
  visitThreshold: 4,
  enoughPins: 250,
  maxBoardDegree: 2_000,
  top: 200,
};

/** One found Pin: its node and visits. */
export interface Visited {
  node: number;
  visits: number;
}

/** The walks' generator: seeded, so that a walk from the same Pin on the same graph answers the same. */
export { seededRandom } from '../../lib/seeded-random';

/** A 32-bit seed from an id (FNV-1a over its decimal digits). */
export function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function bisect(sorted: BigInt64Array, n: number, id: bigint): number {
  let lo = 0;
  let hi = n - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v < id) lo = mid + 1;
    else if (v > id) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Bytes the arrays of a graph of `rows` Pin rows (`edges` of them on a board), `nodes` Pins and `boards` boards take. */
export function graphBytes(rows: number, edges: number, nodes: number, boards: number): number {
  // rows: id (8) + node (4) + board (4); edges: both sides (4 + 4) + each Pin-side edge's row (4);
  // nodes and boards: offset + live degree (4 + 4), boards their id (8).
  return rows * 16 + edges * 12 + nodes * 8 + boards * 16;
}

/**
 * Builds a graph from rows in ascending id order (a save comes after the Pin it was saved from, as ids are
 * made from the clock), and from the board ids in ascending order. Rows can be added in batches, so that
 * the caller may yield between them.
 */
export class GraphBuilder {
  private rowIds: BigInt64Array;
  private rowNode: Int32Array;
  private rowBoard: Int32Array;
  private n = 0;
  private nodes = 0;
  /** Rows on boards the builder was not given (made while it was read): added when built. */
  private readonly late: { id: bigint; board: bigint }[] = [];

  constructor(
    private readonly boardIds: BigInt64Array,
    capacity: number,
  ) {
    this.rowIds = new BigInt64Array(capacity);
    this.rowNode = new Int32Array(capacity);
    this.rowBoard = new Int32Array(capacity);
  }

  add(rows: readonly GraphRow[]) {
    for (const r of rows) {
      if (this.n === this.rowIds.length) this.grow();
      if (this.n > 0 && r.id <= this.rowIds[this.n - 1]!) throw new Error('rows must come in ascending id order');
      const parent = r.parent === null ? -1 : bisect(this.rowIds, this.n, r.parent);
      this.rowIds[this.n] = r.id;
      this.rowNode[this.n] = parent >= 0 ? this.rowNode[parent]! : this.nodes++;
      const board = r.board === null ? -1 : bisect(this.boardIds, this.boardIds.length, r.board);
      if (r.board !== null && board < 0) this.late.push({ id: r.id, board: r.board });
      this.rowBoard[this.n] = board;
      this.n++;
    }
  }

  private grow() {
    const size = Math.max(16, this.rowIds.length * 2);
    const ids = new BigInt64Array(size);
    ids.set(this.rowIds);
    const node = new Int32Array(size);
    node.set(this.rowNode);
    const board = new Int32Array(size);
    board.set(this.rowBoard);
    this.rowIds = ids;
    this.rowNode = node;
    this.rowBoard = board;
  }

  build(): PinGraph {
    const n = this.n;
    const g = PinGraph.fromArrays(this.rowIds.subarray(0, n), this.rowNode.subarray(0, n), this.rowBoard.subarray(0, n), this.nodes, this.boardIds);
    for (const r of this.late) g.move(r.id, r.board);
    return g;
  }
}

export class PinGraph {
  // rows: sorted ids, their node and board index (-1: none, or a removed row's node)
  private rowIds!: BigInt64Array;
  private rowNode!: Int32Array;
  private rowBoard!: Int32Array;
  private rowCount = 0;
  // boards: sorted ids
  private boardIds!: BigInt64Array;
  private baseBoards = 0;
  // Pin side: node → (board, row) edges
  private pinOff!: Int32Array;
  private pinDeg!: Int32Array;
  private pinBoard!: Int32Array;
  private pinRow!: Int32Array;
  private baseNodes = 0;
  // board side: board → node edges
  private boardOff!: Int32Array;
  private boardDeg!: Int32Array;
  private boardPin!: Int32Array;
  // the delta since the last compaction
  private readonly newRows = new Map<bigint, { node: number; board: number; key: number }>();
  private readonly newBoards = new Map<bigint, number>();
  private readonly addedPin = new Map<number, number[]>(); // node → [board, rowKey, board, rowKey, …]
  private readonly addedBoard = new Map<number, number[]>(); // board → nodes
  private readonly newRowKeys: bigint[] = []; // rowKey ≥ rowCount names newRowKeys[rowKey - rowCount]
  private nodeCount = 0;
  private boardCount = 0;
  private deltaEdges = 0;
  private liveEdges = 0;
  // which base nodes and boards have edges in the delta (a step elsewhere reads the typed arrays alone)
  private pinAdded: Uint8Array = new Uint8Array(0);
  private boardAdded: Uint8Array = new Uint8Array(0);
  // a walk's scratch: visits per node, and which nodes it touched
  private visits: Int32Array = new Int32Array(0);
  private touched: Int32Array = new Int32Array(0);

  static fromArrays(rowIds: BigInt64Array, rowNode: Int32Array, rowBoard: Int32Array, nodes: number, boardIds: BigInt64Array): PinGraph {
    const g = new PinGraph();
    g.load(rowIds, rowNode, rowBoard, nodes, boardIds);
    return g;
  }

  private load(rowIds: BigInt64Array, rowNode: Int32Array, rowBoard: Int32Array, nodes: number, boardIds: BigInt64Array) {
    const boards = boardIds.length;
    const rows = rowIds.length;
    const pinOff = new Int32Array(nodes + 1);
    const boardOff = new Int32Array(boards + 1);
    let edges = 0;
    for (let i = 0; i < rows; i++) {
      const b = rowBoard[i]!;
      const n = rowNode[i]!;
      if (b < 0 || n < 0) continue;
      pinOff[n + 1]!++;
      boardOff[b + 1]!++;
      edges++;
    }
    for (let i = 0; i < nodes; i++) pinOff[i + 1]! += pinOff[i]!;
    for (let i = 0; i < boards; i++) boardOff[i + 1]! += boardOff[i]!;
    const pinDeg = new Int32Array(nodes);
    const boardDeg = new Int32Array(boards);
    const pinBoard = new Int32Array(edges);
    const pinRow = new Int32Array(edges);
    const boardPin = new Int32Array(edges);
    for (let i = 0; i < rows; i++) {
      const b = rowBoard[i]!;
      const n = rowNode[i]!;
      if (b < 0 || n < 0) continue;
      const pe = pinOff[n]! + pinDeg[n]!++;
      pinBoard[pe] = b;
      pinRow[pe] = i;
      boardPin[boardOff[b]! + boardDeg[b]!++] = n;
    }
    Object.assign(this, { rowIds, rowNode, rowBoard, boardIds, pinOff, pinDeg, pinBoard, pinRow, boardOff, boardDeg, boardPin });
    this.rowCount = rows;
    this.baseBoards = boards;
    this.baseNodes = nodes;
    this.nodeCount = nodes;
    this.boardCount = boards;
    this.liveEdges = edges;
    this.deltaEdges = 0;
    this.newRows.clear();
    this.newBoards.clear();
    this.addedPin.clear();
    this.addedBoard.clear();
    this.newRowKeys.length = 0;
    this.visits = new Int32Array(nodes);
    this.pinAdded = new Uint8Array(nodes);
    this.boardAdded = new Uint8Array(boards);
    this.touched = new Int32Array(Math.min(nodes, 1 << 16));
  }

  get size() {
    return { rows: this.rowCount + this.newRows.size, nodes: this.nodeCount, boards: this.boardCount, edges: this.liveEdges, delta: this.deltaEdges };
  }

  /** Bytes of the arrays (the delta's lists not counted: compaction folds them in). */
  get bytes(): number {
    const arrays = [
      this.rowIds,
      this.rowNode,
      this.rowBoard,
      this.boardIds,
      this.pinOff,
      this.pinDeg,
      this.pinBoard,
      this.pinRow,
      this.pinAdded,
      this.boardAdded,
    ];
    return [...arrays, this.boardOff, this.boardDeg, this.boardPin, this.visits, this.touched].reduce((s, a) => s + a.byteLength, 0);
  }

  /** The delta is worth folding in (it slows walks a little and holds ids in Maps). */
  get wantsCompaction(): boolean {
    return this.deltaEdges > 10_000 + this.liveEdges / 200;
  }

  private rowRef(id: bigint): { key: number; node: number; board: number } | null {
    const i = bisect(this.rowIds, this.rowCount, id);
    if (i >= 0) return this.rowNode[i]! < 0 ? null : { key: i, node: this.rowNode[i]!, board: this.rowBoard[i]! };
    const r = this.newRows.get(id);
    if (!r || r.node < 0) return null;
    return { key: r.key, node: r.node, board: r.board };
  }

  /** The node of a Pin row, or -1 when the graph does not know it. */
  nodeOf(id: string | bigint): number {
    return this.rowRef(BigInt(id))?.node ?? -1;
  }

  private boardIndex(id: bigint, create: boolean): number {
    const i = bisect(this.boardIds, this.baseBoards, id);
    if (i >= 0) return i;
    const k = this.newBoards.get(id);
    if (k !== undefined || !create) return k ?? -1;
    this.newBoards.set(id, this.boardCount);
    return this.boardCount++;
  }

  private boardDegree(b: number): number {
    return (b < this.baseBoards ? this.boardDeg[b]! : 0) + (this.addedBoard.get(b)?.length ?? 0);
  }

  /** How many boards a Pin (node) is on. */
  degree(node: number): number {
    return (node < this.baseNodes ? this.pinDeg[node]! : 0) + (this.addedPin.get(node)?.length ?? 0) / 2;
  }

  private addEdge(node: number, board: number, rowKey: number) {
    const p = this.addedPin.get(node) ?? [];
    p.push(board, rowKey);
    this.addedPin.set(node, p);
    const b = this.addedBoard.get(board) ?? [];
    b.push(node);
    this.addedBoard.set(board, b);
    if (node < this.baseNodes) this.pinAdded[node] = 1;
    if (board < this.baseBoards) this.boardAdded[board] = 1;
    this.deltaEdges++;
    this.liveEdges++;
  }

  private removeEdge(node: number, board: number, rowKey: number) {
    let found = false;
    const p = this.addedPin.get(node);
    if (p) {
      for (let i = 0; i < p.length; i += 2) {
        if (p[i + 1] === rowKey) {
          p.splice(i, 2);
          found = true;
          break;
        }
      }
    }
    if (!found && node < this.baseNodes) {
      const off = this.pinOff[node]!;
      const deg = this.pinDeg[node]!;
      for (let e = off; e < off + deg; e++) {
        if (this.pinRow[e] === rowKey) {
          const last = off + deg - 1;
          this.pinBoard[e] = this.pinBoard[last]!;
          this.pinRow[e] = this.pinRow[last]!;
          this.pinBoard[last] = board;
          this.pinRow[last] = rowKey;
          this.pinDeg[node] = deg - 1;
          found = true;
          break;
        }
      }
    }
    if (!found) return;
    this.liveEdges--;
    const added = this.addedBoard.get(board);
    const at = added ? added.indexOf(node) : -1;
    if (added && at >= 0) {
      added.splice(at, 1);
      return;
    }
    if (board < this.baseBoards) {
      const off = this.boardOff[board]!;
      const deg = this.boardDeg[board]!;
      for (let e = off; e < off + deg; e++) {
        if (this.boardPin[e] === node) {
          this.boardPin[e] = this.boardPin[off + deg - 1]!;
          this.boardPin[off + deg - 1] = node;
          this.boardDeg[board] = deg - 1;
          return;
        }
      }
    }
  }

  /** A Pin row was made (a new Pin, or a save of `parent`). Known rows are left as they are. */
  insert(row: GraphRow) {
    if (bisect(this.rowIds, this.rowCount, row.id) >= 0 || this.newRows.has(row.id)) return;
    const parent = row.parent === null ? null : this.rowRef(row.parent);
    const node = parent ? parent.node : this.nodeCount++;
    const board = row.board === null ? -1 : this.boardIndex(row.board, true);
    const key = this.rowCount + this.newRowKeys.length;
    this.newRows.set(row.id, { node, board, key });
    this.newRowKeys.push(row.id);
    if (board >= 0) this.addEdge(node, board, key);
  }

  /** A Pin row moved to another board (or to none). */
  move(id: bigint, to: bigint | null) {
    const ref = this.rowRef(id);
    if (!ref) return;
    const board = to === null ? -1 : this.boardIndex(to, true);
    if (board === ref.board) return;
    if (ref.board >= 0) this.removeEdge(ref.node, ref.board, ref.key);
    this.setRow(id, ref.key, ref.node, board);
    if (board >= 0) this.addEdge(ref.node, board, ref.key);
  }

  /** A Pin row was deleted. */
  remove(id: bigint) {
    const ref = this.rowRef(id);
    if (!ref) return;
    if (ref.board >= 0) this.removeEdge(ref.node, ref.board, ref.key);
    this.setRow(id, ref.key, -1, -1);
  }

  private setRow(id: bigint, key: number, node: number, board: number) {
    if (key < this.rowCount) {
      this.rowNode[key] = node;
      this.rowBoard[key] = board;
    } else {
      this.newRows.set(id, { node, board, key });
    }
  }

  /** Folds the delta into new arrays: rows sorted again, removed rows dropped, nodes and boards kept (no id changes meaning). */
  compact() {
    const rows: { id: bigint; node: number; board: number }[] = [];
    for (const [id, r] of this.newRows) if (r.node >= 0) rows.push({ id, node: r.node, board: r.board });
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let live = 0;
    for (let i = 0; i < this.rowCount; i++) if (this.rowNode[i]! >= 0) live++;
    const total = live + rows.length;
    const ids = new BigInt64Array(total);
    const node = new Int32Array(total);
    const boardOfRow = new Int32Array(total);
    // boards: the old ones and the new ones, sorted; a map from old index to new
    const newBoardList = [...this.newBoards].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const boardIds = new BigInt64Array(this.boardCount);
    const remap = new Int32Array(this.boardCount);
    let bi = 0;
    let ni = 0;
    for (let k = 0; k < this.boardCount; k++) {
      const takeOld = bi < this.baseBoards && (ni >= newBoardList.length || this.boardIds[bi]! < newBoardList[ni]![0]);
      if (takeOld) {
        boardIds[k] = this.boardIds[bi]!;
        remap[bi++] = k;
      } else {
        boardIds[k] = newBoardList[ni]![0];
        remap[newBoardList[ni++]![1]] = k;
      }
    }
    let i = 0;
    let j = 0;
    let out = 0;
    while (i < this.rowCount || j < rows.length) {
      if (i < this.rowCount && this.rowNode[i]! < 0) {
        i++;
        continue;
      }
      const takeOld = j >= rows.length || (i < this.rowCount && this.rowIds[i]! < rows[j]!.id);
      if (takeOld) {
        ids[out] = this.rowIds[i]!;
        node[out] = this.rowNode[i]!;
        const b = this.rowBoard[i++]!;
        boardOfRow[out++] = b < 0 ? -1 : remap[b]!;
      } else {
        const r = rows[j++]!;
        ids[out] = r.id;
        node[out] = r.node;
        boardOfRow[out++] = r.board < 0 ? -1 : remap[r.board]!;
      }
    }
    this.load(ids, node, boardOfRow, this.nodeCount, boardIds);
  }

  /**
   * Random walks with restarts from `start` (Pixie, Algorithm 2 with early stopping): each walk goes
   * Pin → a random board of it → a random Pin of that board, and after each such step goes back to
   * the start with probability `restart`. Boards above `maxBoardDegree` are stepped over while the Pin
   * is on a smaller one. Answers the most visited Pins (not the start), most first, ties by node.
   */
  walk(start: number, random: () => number, o: WalkOptions = DEFAULT_WALK): Visited[] {
    if (start < 0 || start >= this.nodeCount || this.degree(start) === 0) return [];
    if (this.visits.length < this.nodeCount) {
      const v = new Int32Array(this.nodeCount + 1024);
      v.set(this.visits);
      this.visits = v;
    }
    const visits = this.visits;
    let touched = this.touched;
    let nTouched = 0;
    let found = 0;
    let current = start;
    // A step from a Pin, or to a board, that has no edge in the delta reads the typed arrays alone (the same draws, in the
    // same order, as randomBoard and randomPin).
    const { pinOff, pinDeg, pinBoard, boardOff, boardDeg, boardPin, pinAdded, boardAdded, baseNodes, baseBoards } = this;
    for (let step = 0; step < o.maxSteps && found < o.enoughPins; step++) {
      let board: number;
      if (current < baseNodes && pinAdded[current] === 0) {
        const deg = pinDeg[current]!;
        if (deg === 0) {
          current = start;
          continue;
        }
        board = pinBoard[pinOff[current]! + Math.floor(random() * deg)]!;
        if (deg > 1) {
          const bd = board < baseBoards && boardAdded[board] === 0 ? boardDeg[board]! : this.boardDegree(board);
          if (bd > o.maxBoardDegree) board = this.smallBoard(current, board, random, o.maxBoardDegree);
        }
      } else {
        board = this.randomBoard(current, random, o.maxBoardDegree);
        if (board < 0) {
          current = start;
          continue;
        }
      }
      let next: number;
      if (board < baseBoards && boardAdded[board] === 0) {
        const bDeg = boardDeg[board]!;
        next = bDeg === 0 ? -1 : boardPin[boardOff[board]! + Math.floor(random() * bDeg)]!;
      } else {
        next = this.randomPin(board, random);
      }
      if (next < 0) {
        current = start;
        continue;
      }
      if (next !== start) {
        const v = ++visits[next]!;
        if (v === 1) {
          if (nTouched === touched.length) {
            const t = new Int32Array(touched.length * 2);
            t.set(touched);
            touched = this.touched = t;
          }
          touched[nTouched++] = next;
        }
        if (v === o.visitThreshold) found++;
      }
      current = random() < o.restart ? start : next;
    }
    const out: Visited[] = [];
    for (let k = 0; k < nTouched; k++) {
      const node = touched[k]!;
      out.push({ node, visits: visits[node]! });
      visits[node] = 0;
    }
    out.sort((a, b) => b.visits - a.visits || a.node - b.node);
    return out.length > o.top ? out.slice(0, o.top) : out;
  }

  private randomBoard(node: number, random: () => number, maxDegree: number): number {
    const baseDeg = node < this.baseNodes ? this.pinDeg[node]! : 0;
    const added = this.addedPin.get(node);
    const deg = baseDeg + (added ? added.length / 2 : 0);
    if (deg === 0) return -1;
    const board = this.boardAt(node, baseDeg, added, Math.floor(random() * deg));
    if (deg === 1 || this.boardDegree(board) <= maxDegree) return board;
    return this.smallBoard(node, board, random, maxDegree);
  }

  private boardAt(node: number, baseDeg: number, added: number[] | undefined, k: number): number {
    return k < baseDeg ? this.pinBoard[this.pinOff[node]! + k]! : added![(k - baseDeg) * 2]!;
  }

  /** Too big a board was drawn: one of the Pin's small boards instead, if it has any. */
  private smallBoard(node: number, board: number, random: () => number, maxDegree: number): number {
    const baseDeg = node < this.baseNodes ? this.pinDeg[node]! : 0;
    const added = this.addedPin.get(node);
    const deg = baseDeg + (added ? added.length / 2 : 0);
    const boardAt = (k: number) => this.boardAt(node, baseDeg, added, k);
    let small = 0;
    for (let k = 0; k < deg; k++) if (this.boardDegree(boardAt(k)) <= maxDegree) small++;
    if (small === 0) return board;
    let pick = Math.floor(random() * small);
    for (let k = 0; k < deg; k++) {
      const b = boardAt(k);
      if (this.boardDegree(b) <= maxDegree && pick-- === 0) return b;
    }
    return board;
  }

  private randomPin(board: number, random: () => number): number {
    const baseDeg = board < this.baseBoards ? this.boardDeg[board]! : 0;
    const added = this.addedBoard.get(board);
    const deg = baseDeg + (added ? added.length : 0);
    if (deg === 0) return -1;
    const k = Math.floor(random() * deg);
    return k < baseDeg ? this.boardPin[this.boardOff[board]! + k]! : added![k - baseDeg]!;
  }

  /**
   * The Pin rows of a node, each once, as decimal ids, lowest first: the original first. `limit`: only that many
   * of the lowest, without writing out the others (a much saved picture has thousands of rows). Rows come mostly
   * in ascending order (the graph is read by id, and live saves are newer), so each lands at the end at once.
   */
  rowsOf(node: number, limit = Number.POSITIVE_INFINITY): string[] {
    const lowest: bigint[] = []; // ascending, at most `limit`
    const take = (id: bigint) => {
      if (lowest.length >= limit) {
        if (id >= lowest[lowest.length - 1]!) return;
        lowest.pop();
      }
      let i = lowest.length;
      while (i > 0 && lowest[i - 1]! > id) i--;
      lowest.splice(i, 0, id);
    };
    if (node < this.baseNodes) {
      const off = this.pinOff[node]!;
      for (let e = off; e < off + this.pinDeg[node]!; e++) take(this.keyToId(this.pinRow[e]!));
    }
    const added = this.addedPin.get(node);
    if (added) for (let i = 1; i < added.length; i += 2) take(this.keyToId(added[i]!));
    return lowest.map(String);
  }

  private keyToId(key: number): bigint {
    return key < this.rowCount ? this.rowIds[key]! : this.newRowKeys[key - this.rowCount]!;
  }
}
