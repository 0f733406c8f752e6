/** Whether migrations and seeding have finished; the server listens before they do (/healthz answers at once). */
export interface Readiness {
  isReady(): boolean;
  markReady(): void;
  /** Settles once `markReady` has been called: work that needs the schema (the job queue) waits for it. */
  whenReady(): Promise<void>;
}

export function createReadiness(): Readiness {
  let ready = false;
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
  };
}
