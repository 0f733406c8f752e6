/** Runs `task` holding the lock of the page's origin (the Web Locks API), or at once where there is none. */
export type WithLock = (name: string, task: () => Promise<void>) => Promise<void>;

/**
 * The portal's tabs share one sign-in, and a refresh token works once: a refresh runs under a lock
 * of the origin, so two tabs never spend it together.
 */
export const withWebLock: WithLock = async (name, task) => {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(name, task);
  else await task();
};
