/**
 * The one line that says why the server cannot listen on its port: main.ts says it when its first listen (the
 * start-up answerer, before the database starts) fails, and the same after the app's own listen (decision 055).
 */
export function listenProblem(port: number, host: string, err: NodeJS.ErrnoException): string {
  return err.code === 'EADDRINUSE'
    ? `Port ${port} is taken: stop what uses it, or set PORT to another port.`
    : `Pinboard cannot listen on ${host}:${port}: ${err.message}`;
}
