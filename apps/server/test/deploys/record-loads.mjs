// Loaded with `--import` before anything else (traces.test.ts): writes the file of every OpenTelemetry
// module the process resolves, imported (a loader hook, on its own thread) or required, one a line, to
// the file PINBOARD_TEST_LOADS names.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

/** OpenTelemetry's packages and the module hooks its instrumentations bring. */
const WATCHED = /\/node_modules\/(@opentelemetry\/|import-in-the-middle\/|require-in-the-middle\/)/;
const file = process.env.PINBOARD_TEST_LOADS;
if (file) {
  register('./record-loads.hooks.mjs', import.meta.url, { data: { file } });
  // require() does not pass the loader hooks on this Node: its resolution is watched here.
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (...args) {
    const resolved = resolveFilename.apply(this, args);
    if (WATCHED.test(resolved)) appendFileSync(file, `${resolved}\n`);
    return resolved;
  };
}
