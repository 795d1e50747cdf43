/**
 * Test support: how the time of some work grows with its input. Runs `work`
 * on inputs of size n and 16n (best of `runs` each, to shed noise) and
 * returns the ratio: about 16 for linear work, 256 for quadratic. Tests of
 * patterns applied to outside input assert a ratio under 64: four times
 * linear, a quarter of quadratic, so a busy machine's noise cannot flip the
 * answer either way. Nothing in the server imports this.
 */
export function growthOn16xInput(work: (n: number) => unknown, n: number, runs = 5): number {
  const best = (size: number) => {
    let fastest = Infinity;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      work(size);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return fastest;
  };
  best(n); // warm up
  // A floor of 0.5 ms keeps a near-zero base from inflating the ratio.
  return best(16 * n) / Math.max(best(n), 0.5);
}
