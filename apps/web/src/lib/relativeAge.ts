const UNITS: readonly [number, string][] = [
  [365 * 24 * 3600, 'y'],
  [7 * 24 * 3600, 'w'],
  [24 * 3600, 'd'],
  [3600, 'h'],
  [60, 'm'],
];

/** Short age such as '5m', '3h', '2d', '6w', '1y' ('now' under a minute). */
export function relativeAge(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (!Number.isFinite(then)) return '';
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  for (const [size, suffix] of UNITS) {
    if (seconds >= size) return `${Math.floor(seconds / size)}${suffix}`;
  }
  return 'now';
}
