import { defineConfig } from 'vitest/config';
import { compiledCatalogues } from './apps/web/catalogues.plugin.ts';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const postgres = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Two files at a time even on two cores: the server tests mostly wait on PostgreSQL, the
    // media tools and Redis, so a second worker cuts the run by a quarter; a third adds nothing.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      { plugins: [compiledCatalogues()], test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      // The web's components in a DOM with Testing Library (decision 083).
      { plugins: [compiledCatalogues()], test: { name: 'web:dom', include: ['apps/web/src/**/*.test.tsx'], environment: 'happy-dom' } },
      // The browser extension's logic (decision 101): page pictures in a DOM, the board list, PKCE.
      { test: { name: 'extension', include: ['apps/extension/src/**/*.test.ts'], environment: 'happy-dom' } },
      {
        test: {
          name: 'server:embedded',
          include: serverTests,
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
          env: { TEST_DB: 'embedded' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server:external',
                // Each file on a database of its own, copied from a template migrated once.
                globalSetup: ['apps/server/test/global-setup-external.ts'],
                include: serverTests,
                // What the database does not change is tested once, on the embedded one: the media tools, the
                // configuration, and the fuzzing of inputs and access with random cases (the access matrix's
                // fixed cases run here too).
                exclude: [
                  'apps/server/src/media-pipeline/**',
                  'apps/server/src/modules/pin-builder/**',
                  'apps/server/src/db/open.test.ts',
                  'apps/server/src/config.test.ts',
                  'apps/server/src/lib/**',
                  'apps/server/test/multi-server.test.ts',
                  'apps/server/test/read-replica.test.ts',
                  'apps/server/test/resource-fuzz.test.ts',
                  'apps/server/test/access-matrix/fuzz.test.ts',
                  'apps/server/test/video-pins.test.ts',
                  'apps/server/test/media-migrate.test.ts',
                  'apps/server/test/demo-videos.test.ts',
                  'apps/server/test/deploys/traces.test.ts',
                ],
                isolate: false,
                env: { TEST_DB: 'external', TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? '' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
