/** Whether migrations and seeding have finished; the server listens before they do (/healthz answers at once). */
export interface Readiness {
  isReady(): boolean;
  markReady(): void;
}

export function createReadiness(): Readiness {
  let ready = false;
  return {
    isReady: () => ready,
    markReady: () => {
      ready = true;
    },
  };
}
