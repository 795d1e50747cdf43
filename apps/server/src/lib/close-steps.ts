/**
 * The shutdown sequence as an ordered list of named steps (decision 054),
 * run one after another, each given its own time: a step that fails or takes
 * too long is logged and the next one runs, so the database is always closed
 * last. main.ts lists them; a part that must let go of something at a given
 * point (the job queue giving back its claimed jobs) adds its step with
 * `before('presence', …)` or `after('http', …)`.
 */
export interface CloseStep {
  name: string;
  run: () => Promise<unknown> | unknown;
  /** How long it may take before the next step runs anyway, ms (default 10 s). */
  timeoutMs?: number;
}

export class CloseSteps {
  private readonly steps: CloseStep[] = [];

  add(step: CloseStep) {
    this.steps.push(step);
    return this;
  }

  before(name: string, step: CloseStep) {
    return this.insert(name, 0, step);
  }

  after(name: string, step: CloseStep) {
    return this.insert(name, 1, step);
  }

  names() {
    return this.steps.map((s) => s.name);
  }

  private insert(name: string, offset: 0 | 1, step: CloseStep) {
    const at = this.steps.findIndex((s) => s.name === name);
    if (at < 0) throw new Error(`No close step is called ${name}`);
    this.steps.splice(at + offset, 0, step);
    return this;
  }

  /** Runs every step in order; `log` hears of each that failed or ran out of time. */
  async run(log: (message: string, err?: unknown) => void = () => {}) {
    for (const step of this.steps) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), step.timeoutMs ?? 10_000);
        timer.unref();
      });
      try {
        const outcome = await Promise.race([Promise.resolve().then(step.run), late]);
        if (outcome === 'late') log(`shutdown: ${step.name} took longer than ${step.timeoutMs ?? 10_000} ms; going on`);
      } catch (err) {
        log(`shutdown: ${step.name} failed`, err);
      } finally {
        clearTimeout(timer);
      }
    }
  }
}
