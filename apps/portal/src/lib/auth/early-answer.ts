/**
 * A request made before the code that needs it has loaded (at start-up, beside the app config),
 * handed over once. Whoever takes it later gets the answer already on its way instead of asking
 * again; once taken, dropped, or older than its age limit it is gone, so a later caller always
 * asks afresh and never reads an answer from before a sign-in, a sign-out or a change on the server.
 */
export interface EarlyAnswer<T> {
  /** The early answer the first time, while young enough; afterwards undefined: ask afresh. */
  take(): Promise<T> | undefined;
  /** Forgets the answer, e.g. because the session it was asked for has changed. */
  drop(): void;
}

export interface EarlyAnswerOptions {
  /** Longer than a first page takes to load; a page opened later asks again. */
  maxAgeMs?: number;
  now?: () => number;
}

/** Long enough for the first page's chunks on a slow connection, short enough not to be stale. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

export function requestEarly<T>(
  request: () => Promise<T>,
  { maxAgeMs = EARLY_ANSWER_MAX_AGE_MS, now = Date.now }: EarlyAnswerOptions = {},
): EarlyAnswer<T> {
  const askedAt = now();
  let answer: Promise<T> | undefined = request();
  // Its failure is the taker's to see; nobody taking it is not an unhandled rejection.
  answer.catch(() => undefined);
  return {
    take() {
      const taken = now() - askedAt <= maxAgeMs ? answer : undefined;
      answer = undefined;
      return taken;
    },
    drop() {
      answer = undefined;
    },
  };
}

/** Nothing asked early: every caller asks for itself. */
export const noEarlyAnswer: EarlyAnswer<never> = {
  take: () => undefined,
  drop: () => undefined,
};
