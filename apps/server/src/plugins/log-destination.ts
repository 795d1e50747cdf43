/**
 * Where the app's log lines go (decision 062): standard output, written
 * asynchronously. pino's default destination writes each line with its own
 * synchronous write(2), which cost about 40 µs a request when the output went
 * to a file or a pipe, as a log collector takes it. Here a line joins a buffer
 * that sonic-boom writes in the background, several lines to one write while
 * the previous one is under way. pino writes out what is still buffered when
 * the process exits (a normal exit, `process.exit`, the end of a SIGTERM
 * shutdown; log-destination.test.ts); only a `kill -9` can lose the last lines.
 */
import pino from 'pino';

/** Lines are written together once this many bytes wait (about 20 request lines), or every FLUSH_EVERY_MS. */
const BUFFER_BYTES = 4096;
const FLUSH_EVERY_MS = 250;

let stdout: pino.DestinationStream | undefined;

/** One asynchronous destination on standard output per process, however many apps the process builds. */
export function asyncStdout(): pino.DestinationStream {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFER_BYTES });
    // A quiet server's last lines do not wait for the buffer to fill.
    setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
    stdout = destination;
  }
  return stdout;
}
