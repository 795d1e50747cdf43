/**
 * A start-up failure a person can fix: main prints its message as one line,
 * with no stack trace, and exits with status 1.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
