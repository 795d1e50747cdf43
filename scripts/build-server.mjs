#!/usr/bin/env node
// Compiles the server to plain JavaScript in apps/server/dist: one ES module
// per entry point, our workspace code bundled in, npm packages left to Node.
// `npm start` runs the result; tests and `npm run dev` run the sources.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const server = join(root, 'apps/server');
const outdir = join(server, 'dist');
const dependencies = Object.keys(JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')).dependencies);

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // tracing.js is loaded before main.js (`node --import`), when traces are asked for (decision 105).
    entryPoints: { main: join(server, 'src/main.ts'), seed: join(server, 'src/cli/seed.ts'), tracing: join(server, 'src/tracing.ts') },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Packages stay external (native modules, and Node caches them); the shared workspace package is TypeScript, so it is compiled in.
    external: dependencies.filter((d) => !d.startsWith('@pinboard/')),
    logLevel: 'warning',
  });
  // Worker threads start from files of their own, found next to the code that starts them.
  await build({
    entryPoints: { 'html-parse.worker': join(server, 'src/modules/pin-builder/html-parse.worker.mjs') },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: dependencies,
    logLevel: 'warning',
  });
  // The migrations are read from disk next to the code that applies them.
  cpSync(join(server, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
