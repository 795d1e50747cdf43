#!/usr/bin/env node
// `npm start`: builds the web app and the server when they are missing or
// older than their sources, then runs the compiled server in this process
// (it starts the embedded PostgreSQL, migrates and, on first start, seeds
// demo content).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
const stale = (output, sources) => !existsSync(output) || Math.max(...sources.map((p) => newestMtime(join(root, p)))) > statSync(output).mtimeMs;

const web = join(root, 'apps/web/dist/index.html');
if (stale(web, ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/shared/src'])) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = join(root, 'apps/server/dist/main.js');
if (stale(server, ['apps/server/src', 'apps/server/package.json', 'packages/shared/src', 'scripts/build-server.mjs'])) {
  console.log('Building the server…');
  await buildServer();
}

// The demo shows collages, an experiment, unless EXPERIMENT_GROUPS says otherwise.
process.env.EXPERIMENT_GROUPS ??= 'collages:enabled';
process.setSourceMapsEnabled(true);
// Traces: the OpenTelemetry SDK and its instrumentations first, so that they see the server's modules load (decision 105).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import(pathToFileURL(join(root, 'apps/server/dist/tracing.js')).href);
await import(pathToFileURL(server).href);
