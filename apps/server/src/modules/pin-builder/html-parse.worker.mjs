/**
 * Worker entry for reading fetched HTML off the main thread (see
 * html-parse.ts, which starts it, and docs/decisions/018). Plain JavaScript
 * that imports only htmlparser2 through html-extract.mjs, so it runs the same
 * under tsx, under the test runner and from a bundle.
 *
 * The protocol of lib/worker-pool.ts: { ready: true } once loaded; then for
 * each { id, input: { html, wants } } one { id, ok: true, value } or
 * { id, ok: false, error }.
 */
import { parentPort } from 'node:worker_threads';
import { extractFromHtml } from './html-extract.mjs';

if (!parentPort) throw new Error('html-parse.worker.mjs runs as a worker thread only');
const port = parentPort;

port.on('message', ({ id, input }) => {
  try {
    port.postMessage({ id, ok: true, value: extractFromHtml(input.html, input.wants) });
  } catch (err) {
    port.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
port.postMessage({ ready: true });
