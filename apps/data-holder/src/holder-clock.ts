export interface HolderClock {
  now(): Date;
  /** Fixes the simulated time (tests, demos of pending → posted); undefined follows the real clock. */
  set(time: Date | undefined): void;
}

export function createHolderClock(initial?: Date): HolderClock {
  let fixed = initial;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set: (time) => {
      fixed = time;
    },
  };
}
