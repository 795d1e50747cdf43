/**
 * The bench's processes: its two children (the server process with the app,
 * the floor process), and what /proc says about the PostgreSQL server's
 * processes (CPU time, memory) and the machine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * A forked child that talks over IPC, one request at a time: it first sends `{ type: 'ready' }`, then
 * answers each message with one message (`{ type: 'error', message }` to refuse).
 */
export class Child<To, From extends { type: string }> {
  private waiting: { type: string; resolve: (m: From) => void; reject: (e: Error) => void } | null = null;
  private exited: Error | null = null;

  private constructor(
    private readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (m: From) => {
      const w = this.waiting;
      if (!w) return;
      this.waiting = null;
      if (m.type === 'error') w.reject(new Error(`${name}: ${(m as unknown as { message: string }).message}`));
      else if (m.type !== w.type) w.reject(new Error(`${name} answered ${m.type}, expected ${w.type}`));
      else w.resolve(m);
    });
    child.on('exit', (code, signal) => {
      this.exited = new Error(`${name} exited (code ${code}, signal ${signal})`);
      this.waiting?.reject(this.exited);
      this.waiting = null;
    });
  }

  get pid() {
    return this.child.pid ?? 0;
  }

  /**
   * fork() reuses this process's execArgv, i.e. tsx's loader: the child runs TypeScript too. `nodeFlags`: Node's
   * own flags for the child alone (the server gets those `npm start` gives it).
   */
  static async start<To, From extends { type: string }>(
    name: string,
    script: string,
    env: Record<string, string>,
    nodeFlags: string[] = [],
    readyWithinMs = 180_000,
    /** A file the child's standard output is appended to (a log collector's file), instead of this process's. */
    stdoutFile?: string,
  ) {
    const stdout = stdoutFile ? openSync(stdoutFile, 'a') : 'inherit';
    const child = fork(script, [], {
      env: { ...process.env, ...env },
      execArgv: [...process.execArgv, ...nodeFlags],
      stdio: ['ignore', stdout, 'inherit', 'ipc'],
    });
    if (typeof stdout === 'number') closeSync(stdout);
    const c = new Child<To, From>(name, child);
    const ready = await c.expect('ready', readyWithinMs);
    return { child: c, ready: ready as Extract<From, { type: 'ready' }> };
  }

  private expect(type: string, timeoutMs = 120_000): Promise<From> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = {
        type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  call<T extends From['type']>(msg: To, answer: T): Promise<Extract<From, { type: T }>> {
    const p = this.expect(answer);
    this.child.send(msg as object);
    return p as Promise<Extract<From, { type: T }>>;
  }

  /** Sends `shutdown` and waits for the exit (SIGKILL after 15 s). */
  async stop() {
    if (this.exited) return;
    const gone = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.send({ type: 'shutdown' });
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  }

  kill() {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}

// ---- /proc ----------------------------------------------------------------------------

function readStat(pid: string | number): { comm: string; ppid: number; cpuMs: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' '); // f[0] is field 3 (state); ppid is field 4; utime, stime are 14, 15
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(f[1]), cpuMs: (Number(f[11]) + Number(f[12])) * 10 }; // USER_HZ is 100
  } catch {
    return null; // ended meanwhile, or no /proc
  }
}

/** Resident and proportional set size of one process, kB (0 where unreadable). */
function memoryKb(pid: string) {
  let rss = 0;
  let pss = 0;
  try {
    const m = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    rss = Number(m?.[1] ?? 0);
  } catch {
    /* ended */
  }
  try {
    const m = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    pss = Number(m?.[1] ?? 0);
  } catch {
    /* ended, or a kernel without smaps_rollup */
  }
  return { rss, pss };
}

/**
 * One PostgreSQL server's processes: the postmaster and its children (backends, checkpointer, WAL
 * writer…), found again at every look since backends come and go.
 */
export class PgProcesses {
  constructor(readonly postmasterPid: number | null) {}

  static none() {
    return new PgProcesses(null);
  }

  /** The postmaster of this backend, if it runs on this machine. */
  static ofBackend(backendPid: number) {
    const st = readStat(backendPid);
    const pm = st && readStat(st.ppid);
    return new PgProcesses(st?.comm === 'postgres' && pm?.comm === 'postgres' ? st.ppid : null);
  }

  pids(): string[] {
    if (!this.postmasterPid) return [];
    const root = String(this.postmasterPid);
    const out = [root];
    let dirs: string[];
    try {
      dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    } catch {
      return [];
    }
    for (const d of dirs) if (readStat(d)?.ppid === this.postmasterPid) out.push(d);
    return out;
  }

  /** CPU time by pid, ms. */
  cpuMs(): Map<string, number> {
    const out = new Map<string, number>();
    for (const pid of this.pids()) {
      const st = readStat(pid);
      if (st) out.set(pid, st.cpuMs);
    }
    return out;
  }

  /** Total RSS (shared memory counted in every process that maps it) and total PSS (shared memory counted once), MB. */
  memoryMb() {
    let rss = 0;
    let pss = 0;
    for (const pid of this.pids()) {
      const m = memoryKb(pid);
      rss += m.rss;
      pss += m.pss;
    }
    return { rssMb: +(rss / 1024).toFixed(1), pssMb: +(pss / 1024).toFixed(1) };
  }

  /** Samples memoryMb every `everyMs` until stop(), which answers the peaks. */
  sampleMemory(everyMs = 500) {
    let rssPeak = 0;
    let pssPeak = 0;
    const take = () => {
      const m = this.memoryMb();
      rssPeak = Math.max(rssPeak, m.rssMb);
      pssPeak = Math.max(pssPeak, m.pssMb);
    };
    if (!this.postmasterPid) return { stop: () => null };
    take();
    const timer = setInterval(take, everyMs);
    return {
      stop: () => {
        clearInterval(timer);
        take();
        return { rssPeakMb: rssPeak, pssPeakMb: pssPeak };
      },
    };
  }
}

/** CPU the processes used between two snapshots (processes that ended meanwhile are left out), ms. */
export function cpuDelta(before: Map<string, number>, after: Map<string, number>) {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
}

/** CPU time of one process, ms (0 if gone). */
export function processCpuMs(pid: number) {
  return readStat(pid)?.cpuMs ?? 0;
}

/** CPU time all cores spent busy since boot, ms. */
export function machineBusyMs() {
  return os.cpus().reduce((sum, c) => sum + c.times.user + c.times.nice + c.times.sys + c.times.irq, 0);
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGb: +(os.totalmem() / 1024 ** 3).toFixed(1),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage: os.loadavg().map((n) => +n.toFixed(2)),
  };
}
