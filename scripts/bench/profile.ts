/**
 * Summary of a V8 CPU profile (.cpuprofile, as `node --cpu-prof` or the
 * inspector's Profiler.stop writes it): self time per function and per area
 * (the app's code, each npm package, Node's internals, GC), idle left out.
 *
 * `npx tsx scripts/bench/profile.ts <file.cpuprofile> [top]` prints one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time, ms: busy (everything but idle) and idle. */
  busyMs: number;
  idleMs: number;
  /** Self time per function, most first. */
  top: { fn: string; where: string; selfMs: number; pct: number }[];
  /** Self time per area: `app` (apps/ and packages/), an npm package, `node` (node: internals), or V8's own entries. */
  areas: { area: string; selfMs: number; pct: number }[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function where(url: string, line: number) {
  if (!url) return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = path.lastIndexOf('/node_modules/');
  const short = nm >= 0 ? path.slice(nm + '/node_modules/'.length) : path.startsWith(ROOT) ? path.slice(ROOT.length) : path;
  return `${short}:${line + 1}`;
}

function area(frame: CallFrame) {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  if (url.startsWith('node:')) return 'node';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const [a, b] = path.slice(nm + '/node_modules/'.length).split('/');
    return a!.startsWith('@') ? `${a}/${b}` : a!;
  }
  if (path.startsWith(ROOT)) return path.slice(ROOT.length).startsWith('scripts/') ? 'bench' : 'app';
  return 'other';
}

export function summariseProfile(file: string, topN = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Samples taken inside the inspector's own calls (starting the profiler) are the measurement, not the app.
  const inInspector = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)!.callFrame.url === 'node:inspector') return true;
    return false;
  };
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time from sample i-1 to sample i; it is charged to sample i's node.
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[i] ?? 0));
  }
  const fns = new Map<string, { fn: string; where: string; us: number }>();
  const areas = new Map<string, number>();
  let idleUs = 0;
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    if (inInspector(id)) continue;
    const f = byId.get(id)!.callFrame;
    if (f.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const w = where(f.url, f.lineNumber);
    const key = `${f.functionName}|${w}`;
    const e = fns.get(key) ?? { fn: f.functionName || '(anonymous)', where: w, us: 0 };
    e.us += us;
    fns.set(key, e);
    const a = area(f);
    areas.set(a, (areas.get(a) ?? 0) + us);
  }
  const pct = (us: number) => +((100 * us) / Math.max(1, busyUs)).toFixed(1);
  return {
    busyMs: Math.round(busyUs / 1000),
    idleMs: Math.round(idleUs / 1000),
    top: [...fns.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, topN)
      .map((e) => ({ fn: e.fn, where: e.where, selfMs: Math.round(e.us / 1000), pct: pct(e.us) })),
    areas: [...areas].sort((a, b) => b[1] - a[1]).map(([a, us]) => ({ area: a, selfMs: Math.round(us / 1000), pct: pct(us) })),
  };
}

export function formatProfile(s: ProfileSummary, indent = '    '): string {
  const lines = [
    `${indent}busy ${s.busyMs} ms, idle ${s.idleMs} ms; self time by area: ${s.areas
      .slice(0, 8)
      .map((a) => `${a.area} ${a.pct}%`)
      .join(', ')}`,
  ];
  for (const t of s.top) lines.push(`${indent}${t.pct.toFixed(1).padStart(5)}%  ${String(t.selfMs).padStart(6)} ms  ${t.fn}  ${t.where}`);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx scripts/bench/profile.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(formatProfile(summariseProfile(file, Number(process.argv[3] ?? 25)), ''));
}
