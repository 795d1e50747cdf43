/**
 * `npm run bench:graph`: the related-Pins graph alone (decision 091), at the size the goal names: GRAPH_PINS
 * images (default 1,000,000) and GRAPH_EDGES board memberships (default 10,000,000: each a Pin row, the first
 * of each image its original and the rest saves), on GRAPH_BOARDS boards (default 500,000) in themes of 200
 * images and 100 boards; saves pick their image with a skew (a few saved often, most rarely). Built through the same
 * GraphBuilder the server uses, in batches; then GRAPH_WALKS walks (default 2,000) from random Pins with the
 * server's settings. Prints build time, the graph's MB (its arrays; and the process's array buffers), p50/p99
 * of a walk, and the same with 100,000 live saves in the delta.
 */
import { DEFAULT_WALK, GraphBuilder, graphBytes, seededRandom, type GraphRow } from '../../apps/server/src/modules/topics/topics.graph';

const num = (name: string, d: number) => Number(process.env[name] ?? d);
const PINS = num('GRAPH_PINS', 1_000_000);
const EDGES = num('GRAPH_EDGES', 10_000_000);
const BOARDS = num('GRAPH_BOARDS', 500_000);
const WALKS = num('GRAPH_WALKS', 2_000);
/** Images per theme (default 200): a theme's saves go to its boards (BOARDS / themes of them, 100 by default). */
const THEMES = Math.max(1, Math.floor(PINS / num('GRAPH_IMAGES_PER_THEME', 200)));
const BOARDS_PER_THEME = Math.max(1, Math.floor(BOARDS / THEMES));
const MB = 1024 * 1024;

const rnd = seededRandom(2018);
const boardOf = (theme: number) => theme * BOARDS_PER_THEME + Math.floor(rnd() * BOARDS_PER_THEME);
/** Images of a theme are those i with i % THEMES = theme; a skewed pick among them. */
const imagesPerTheme = Math.ceil(PINS / THEMES);

const t0 = performance.now();
const boardIds = new BigInt64Array(BOARDS);
for (let b = 0; b < BOARDS; b++) boardIds[b] = BigInt(b + 1);
const builder = new GraphBuilder(boardIds, EDGES);
const BATCH = 100_000;
let batch: GraphRow[] = [];
const flush = () => {
  builder.add(batch);
  batch = [];
};
// Originals: row id = image + 1.
for (let i = 0; i < PINS; i++) {
  batch.push({ id: BigInt(i + 1), board: BigInt(boardOf(i % THEMES) + 1), parent: null });
  if (batch.length === BATCH) flush();
}
// Saves: row ids after every original; each saves a skewed pick of its theme's images to a board of the theme.
for (let e = PINS; e < EDGES; e++) {
  const theme = Math.floor(rnd() * THEMES);
  const u = rnd();
  const k = Math.min(imagesPerTheme - 1, Math.floor(imagesPerTheme * u * u));
  const image = Math.min(PINS - 1, theme + k * THEMES);
  batch.push({ id: BigInt(e + 1), board: BigInt(boardOf(image % THEMES) + 1), parent: BigInt(image + 1) });
  if (batch.length === BATCH) flush();
}
flush();
const graph = builder.build();
const buildMs = performance.now() - t0;
global.gc?.();
const mem = process.memoryUsage();
const s = graph.size;
console.log(
  `graph: ${s.nodes.toLocaleString('en-US')} Pins, ${s.edges.toLocaleString('en-US')} edges, ${s.boards.toLocaleString('en-US')} boards, ${s.rows.toLocaleString('en-US')} rows; ` +
    `built in ${(buildMs / 1000).toFixed(1)} s (rows generated in the same loop); arrays ${(graph.bytes / MB).toFixed(0)} MB ` +
    `(estimate before reading: ${(graphBytes(s.rows, s.edges, s.rows, s.boards) / MB).toFixed(0)} MB); process: rss ${(mem.rss / MB).toFixed(0)} MB, ` +
    `array buffers ${(mem.arrayBuffers / MB).toFixed(0)} MB, heap ${(mem.heapUsed / MB).toFixed(0)} MB`,
);

function walks(label: string) {
  const pick = seededRandom(7);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < WALKS; i++) {
    const node = graph.nodeOf(String(1 + Math.floor(pick() * PINS)));
    const t = performance.now();
    const out = graph.walk(node, seededRandom(i), DEFAULT_WALK);
    times.push(performance.now() - t);
    found += out.length;
  }
  times.sort((a, b) => a - b);
  const at = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))]!;
  console.log(
    `${label}: ${WALKS} walks, p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${at(1).toFixed(2)} ms; ${(found / WALKS).toFixed(0)} Pins found a walk`,
  );
}

walks('walks');
const t1 = performance.now();
for (let e = 0; e < 100_000; e++) {
  const image = Math.floor(rnd() * PINS);
  graph.insert({ id: BigInt(EDGES + 1 + e), board: BigInt(boardOf(image % THEMES) + 1), parent: BigInt(image + 1) });
}
const insertMs = performance.now() - t1;
walks('walks with 100,000 saves in the delta');
console.log(`100,000 live saves applied in ${insertMs.toFixed(0)} ms`);
