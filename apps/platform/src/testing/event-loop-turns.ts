/**
 * Tests only: whether long work lets the event loop turn while it runs, counted rather than
 * timed. `rows` reads as the array given, and records how many turns had passed when each of its
 * rows was last read; `stop` ends the count.
 */
export function watchTurns<Rows extends readonly unknown[]>(rows: Rows) {
  let turns = 0;
  let handle = setImmediate(function tick() {
    turns += 1;
    handle = setImmediate(tick);
  });
  const turnsAtRead = new Map<number, number>();
  const watched = new Proxy(rows, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) turnsAtRead.set(Number(key), turns);
      return Reflect.get(target, key, receiver);
    },
  });
  return {
    rows: watched,
    /** The turns between the last reads of the first and the last row. */
    turnsWhileRead: () => (turnsAtRead.get(rows.length - 1) ?? 0) - (turnsAtRead.get(0) ?? 0),
    stop: () => clearImmediate(handle),
  };
}
