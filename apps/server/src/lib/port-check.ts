/** Whether the server's port is free, checked before the database starts (decision 055). */
import { createServer } from 'node:net';

/** The one line that says why the app cannot listen, the same as after a failed listen. */
export function listenProblem(port: number, host: string, err: NodeJS.ErrnoException): string {
  return err.code === 'EADDRINUSE'
    ? `Port ${port} is taken: stop what uses it, or set PORT to another port.`
    : `Pinboard cannot listen on ${host}:${port}: ${err.message}`;
}

/**
 * Null when `host:port` can be listened on now; else the line to print. Listening and closing at once, so nothing is
 * held; another program may still take the port before the app listens, and the app's own listen then says so.
 */
export function portFree(port: number, host: string): Promise<string | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(listenProblem(port, host, err)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}
