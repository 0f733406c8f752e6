/**
 * A fetch to the holder that holds its account list until `release`: a refresh is under way
 * meanwhile; `reached` resolves once the list is asked for.
 */
export function fetchHeldAtAccounts(next: typeof globalThis.fetch) {
  let reach = () => {};
  let release = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (new URL(String(input)).pathname.endsWith('/banking/accounts')) {
      reach();
      await released;
    }
    return next(input, init);
  };
  return { fetch, reached, release };
}
