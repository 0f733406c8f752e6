import { isClientGone } from './is-client-gone.ts';

/**
 * What a client page shows of one of its queries: the data it has, kept when a background refetch
 * fails (the page stays as it was and the adviser can go on), but none once the platform says the
 * client is out of reach (their consent ended: nothing of theirs is shown any more). Undefined
 * while there is nothing to show: a first load still pending, or failed (its error, then, is what
 * the page shows).
 */
export function dataToShow<T>(query: { data: T | undefined; error: unknown }): T | undefined {
  return isClientGone(query.error) ? undefined : query.data;
}
