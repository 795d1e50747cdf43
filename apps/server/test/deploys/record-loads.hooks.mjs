// The loader hooks of record-loads.mjs: every resolved import of an OpenTelemetry module, written down.
import { appendFileSync } from 'node:fs';

/** OpenTelemetry's packages and the module hooks its instrumentations bring. */
const WATCHED = /\/node_modules\/(@opentelemetry\/|import-in-the-middle\/|require-in-the-middle\/)/;
let file = '';
export function initialize(data) {
  file = data.file;
}
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (WATCHED.test(resolved.url)) appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}
