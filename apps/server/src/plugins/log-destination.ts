/**
 * Where the app's log lines go (decision 062): standard output, written
 * asynchronously: a slow reader of the pipe (a log collector) never makes a
 * request wait for its write(2); sonic-boom writes in the background, several
 * lines to one write while the previous one is under way. pino writes out what
 * is still waiting when
 * the process exits (a normal exit, `process.exit`, the end of a SIGTERM
 * shutdown; log-destination.test.ts); only a `kill -9` can lose the last lines.
 */
import pino from 'pino';

let stdout: pino.DestinationStream | undefined;

/** One asynchronous destination on standard output per process, however many apps the process builds. */
export function asyncStdout(): pino.DestinationStream {
  // No minimum length: a warning is on its way at once (a buffer of 4 KB saved no measurable CPU; decision 062).
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
}
