import { describe, expect, it } from 'vitest';
import { DEFAULT_WALK, GraphBuilder, seededRandom, type GraphRow, type PinGraph } from './topics.graph';

/**
 * A small known graph (ids are small numbers): boards 100 and 101 share Pins 1 and 2 (Pin 2 is on both,
 * through its save 20); board 102 holds Pin 3 and Pin 1's save 10; board 103 holds Pin 4 alone with Pin 5;
 * Pin 6 is saved to the profile only.
 *
 *   board 100: 1, 2, 7     board 101: 20 (save of 2), 8     board 102: 10 (save of 1), 3     board 103: 4, 5
 */
const ROWS: GraphRow[] = [
  { id: 1n, board: 100n, parent: null },
  { id: 2n, board: 100n, parent: null },
  { id: 3n, board: 102n, parent: null },
  { id: 4n, board: 103n, parent: null },
  { id: 5n, board: 103n, parent: null },
  { id: 6n, board: null, parent: null },
  { id: 7n, board: 100n, parent: null },
  { id: 8n, board: 101n, parent: null },
  { id: 10n, board: 102n, parent: 1n },
  { id: 20n, board: 101n, parent: 2n },
];

function build(rows = ROWS): PinGraph {
  const b = new GraphBuilder(BigInt64Array.from([100n, 101n, 102n, 103n]), 4);
  b.add(rows);
  return b.build();
}

const rowIdsOf = (g: PinGraph, walk: { node: number }[]) => walk.map((v) => g.rowsOf(v.node)[0]);

describe('the Pin–board graph', () => {
  it('folds saves into the Pin they came from, and answers its rows original first', () => {
    const g = build();
    expect(g.nodeOf('10')).toBe(g.nodeOf('1'));
    expect(g.nodeOf('20')).toBe(g.nodeOf('2'));
    expect(g.rowsOf(g.nodeOf('1'))).toEqual(['1', '10']);
    expect(g.degree(g.nodeOf('1'))).toBe(2);
    expect(g.size).toMatchObject({ rows: 10, nodes: 8, boards: 4, edges: 9 });
  });

  it('answers only the lowest rows when asked for a few, whatever order they came in', () => {
    const g = build([...ROWS, ...[52n, 55n, 60n, 70n].map((id, i) => ({ id, board: 100n + BigInt(i), parent: 1n }))]);
    g.insert({ id: 71n, board: 103n, parent: 1n });
    g.insert({ id: 11n, board: 101n, parent: 1n });
    const node = g.nodeOf('1');
    expect(g.rowsOf(node)).toEqual(['1', '10', '11', '52', '55', '60', '70', '71']);
    expect(g.rowsOf(node, 3)).toEqual(['1', '10', '11']);
    expect(g.rowsOf(node, 1)).toEqual(['1']);
    expect(g.rowsOf(node, 20)).toEqual(g.rowsOf(node));
  });

  it('walks the same way with the same seed, and reaches only Pins connected through boards', () => {
    const g = build();
    const a = g.walk(g.nodeOf('1'), seededRandom(42));
    const b = g.walk(g.nodeOf('1'), seededRandom(42));
    expect(a).toEqual(b);
    // From Pin 1: board 100 (2, 7), board 102 (3), and through Pin 2's save board 101 (8). Never 4, 5 or 6.
    expect(new Set(rowIdsOf(g, a))).toEqual(new Set(['2', '7', '3', '8']));
    // Pins one step away are visited more than the one two steps away (8, through Pin 2).
    const visits = new Map(a.map((v) => [g.rowsOf(v.node)[0], v.visits]));
    expect(visits.get('2')!).toBeGreaterThan(visits.get('8')!);
    expect(visits.get('7')!).toBeGreaterThan(visits.get('8')!);
  });

  it('stops early once enough Pins reached the visit threshold', () => {
    const g = build();
    let calls = 0;
    const rng = seededRandom(7);
    const counting = () => {
      calls++;
      return rng();
    };
    g.walk(g.nodeOf('1'), counting, { ...DEFAULT_WALK, maxSteps: 100_000, visitThreshold: 3, enoughPins: 2 });
    expect(calls).toBeLessThan(200);
  });

  it('steps over boards above the degree limit while the Pin is on a smaller one', () => {
    const rows: GraphRow[] = [{ id: 1n, board: 100n, parent: null }];
    for (let i = 0; i < 50; i++) rows.push({ id: BigInt(1000 + i), board: 100n, parent: null });
    rows.push({ id: 2000n, board: 101n, parent: 1n }, { id: 2001n, board: 101n, parent: null });
    const g = build(rows);
    const pruned = g.walk(g.nodeOf('1'), seededRandom(3), { ...DEFAULT_WALK, maxBoardDegree: 10, maxSteps: 500 });
    expect(rowIdsOf(g, pruned)).toEqual(['2001']);
    const unpruned = g.walk(g.nodeOf('1'), seededRandom(3), { ...DEFAULT_WALK, maxSteps: 500 });
    expect(unpruned.length).toBeGreaterThan(10);
  });

  it('follows saves, moves and deletions, before and after compaction', () => {
    const g = build();
    expect(g.walk(g.nodeOf('4'), seededRandom(1)).map((v) => g.rowsOf(v.node)[0])).toEqual(['5']);
    // Pin 4 saved to board 100: Pins 1, 2, 7 become related to it.
    g.insert({ id: 30n, board: 100n, parent: 4n });
    expect(new Set(rowIdsOf(g, g.walk(g.nodeOf('4'), seededRandom(1))))).toEqual(new Set(['1', '2', '7', '3', '5', '8']));
    // A new board: Pin 6 (profile only) saved with Pin 5 on board 104.
    g.insert({ id: 31n, board: 104n, parent: 6n });
    g.insert({ id: 32n, board: 104n, parent: 5n });
    expect(rowIdsOf(g, g.walk(g.nodeOf('6'), seededRandom(1)))).toContain('4');
    // Pin 7 moved away to board 104, and the save of 4 on board 100 deleted.
    g.move(7n, 104n);
    g.remove(30n);
    const before = g.walk(g.nodeOf('4'), seededRandom(9));
    expect(new Set(rowIdsOf(g, before))).toEqual(new Set(['5', '31', '7'])); // Pin 6 shows as its row on a board
    g.compact();
    expect(g.size.delta).toBe(0);
    const after = g.walk(g.nodeOf('4'), seededRandom(9));
    expect(new Set(rowIdsOf(g, after))).toEqual(new Set(['5', '31', '7']));
    expect(g.nodeOf('30')).toBe(-1);
    expect(g.nodeOf('6')).toBe(g.nodeOf('31'));
    expect(g.rowsOf(g.nodeOf('6'))).toEqual(['31']);
    // Repeated notices change nothing.
    g.insert({ id: 32n, board: 104n, parent: 5n });
    g.remove(30n);
    expect(g.size.delta).toBe(0);
  });
});
