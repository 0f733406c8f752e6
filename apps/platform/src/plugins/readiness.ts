/** Whether migrations and seeding have finished; the server listens before they do (/healthz answers at once). */
export interface Readiness {
  isReady(): boolean;
  markReady(): void;
  /** Settles once `markReady` has been called: work that needs the schema (the job queue) waits for it. */
  whenReady(): Promise<void>;
  /**
   * Runs `task` (once ready: see whenDatabaseReady) unless the app has begun to close; `close`
   * waits for it. Settles with the task, or at once when it is not run.
   */
  track(task: () => Promise<void>): Promise<void>;
  /** The app is closing (its onClose hook): no task starts any more; settles when the running ones are done. */
  close(): Promise<void>;
}

export function createReadiness(): Readiness {
  let ready = false;
  let closing = false;
  const running = new Set<Promise<void>>();
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return {
    isReady: () => ready,
    markReady: () => {
      ready = true;
      settle();
    },
    whenReady: () => settled,
    track(task) {
      if (closing) return Promise.resolve();
      const run = task();
      running.add(run);
      const forget = () => running.delete(run);
      run.then(forget, forget);
      return run;
    },
    async close() {
      closing = true;
      await Promise.allSettled([...running]);
    },
  };
}
