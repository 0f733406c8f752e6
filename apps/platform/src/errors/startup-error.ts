/**
 * Start-up cannot go on (a database out of reach, a data directory that cannot be written).
 * The message names the variable to fix; the server prints it without a stack trace.
 */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}
