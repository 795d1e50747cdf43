/**
 * The router serves exactly the app's pages of the shared list (APP_PATHS), which
 * the server's first HTML answers 200 for: the two cannot disagree on a path again.
 */
import { APP_PATHS } from '@pinboard/shared/constants/appPaths';
import { describe, expect, it } from 'vitest';
import source from './router.tsx?raw';

/** The `path: '...'` of every route in router.tsx, but the profile patterns and the catch-all. */
function routerPaths(): string[] {
  const paths = [...source.matchAll(/\bpath: '([^']*)'/g)].map((m) => m[1]!);
  return paths.filter((path) => path !== '*' && !path.startsWith(':username'));
}

describe('router paths', () => {
  it('are the shared APP_PATHS, no more and no fewer', () => {
    expect(routerPaths().sort()).toEqual([...APP_PATHS].sort());
  });
});
