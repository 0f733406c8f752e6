import type { Paging } from '@waratah/contracts';
import type { FastifyRequest } from 'fastify';
import { WrittenJson, writtenAnswer } from '../../db/wire-json.ts';

/** Query keys that say where a page starts: replaced by the cursor of the page a link goes to. */
const positionKeys = new Set(['before', 'after', 'page']);

/**
 * A validated query value as a query string writes it: id and tag lists comma-joined (reference §1).
 * A value of another kind (an object, a date a contract made of the text) throws: left out, the
 * link would go to a page of the list without that filter, every other row looking as if it matched.
 */
export function queryText(key: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const written = (item: unknown) => {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
      return String(item);
    throw new Error(`A paging link cannot carry the query's ${key}: its contract made it a ${typeof item}`);
  };
  return Array.isArray(value) ? value.map(written).join(',') : written(value);
}

/** `key=value`, percent-encoded but for the commas of a list, which a query may carry as they are. */
function queryPair(key: string, value: string): string {
  return `${encodeURIComponent(key)}=${encodeURIComponent(value).replaceAll('%2C', ',')}`;
}

/** A page's paging as a list answers it: its cursors, and its total where the list counts one. */
interface Cursors {
  cursors: { before?: string; after?: string };
  total?: number;
}

/**
 * The `previous` and `next` links of a page (reference §1): the route's path and the request's
 * validated query, in the contract's order, with the page's position (`before`, `after`, `page`)
 * replaced by the cursor of the page each goes to; each left out where its cursor is (at its end
 * of the list). Relative to the API's origin: the host a request names is not always the one its
 * caller used (a proxy), and a kept answer (`keptAnswer`) is shared by every request of its route
 * and validated query whatever their host, so nothing of the request but its route and validated
 * query may enter the answer. A list that counts no total (the audit log) answers none.
 */
export function pagingLinks<P extends Cursors>(
  request: FastifyRequest,
  paging: P,
): P & { previous?: string; next?: string } {
  const path = request.routeOptions.url ?? request.url.split('?')[0];
  const kept: string[] = [];
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const text = positionKeys.has(key) ? undefined : queryText(key, value);
    if (text !== undefined) kept.push(queryPair(key, text));
  }
  const link = (cursor: 'before' | 'after', position: string) =>
    `${path}?${[...kept, queryPair(cursor, position)].join('&')}`;
  const { before, after } = paging.cursors;
  // In the contract's order (`pagingSchema`): a written answer must equal what the contract writes.
  return {
    cursors: paging.cursors,
    ...(before === undefined ? {} : { previous: link('before', before) }),
    ...(after === undefined ? {} : { next: link('after', after) }),
    ...(paging.total === undefined ? {} : { total: paging.total }),
  } as P & { previous?: string; next?: string };
}

/**
 * A list answer with its paging links (`pagingLinks`) added. A page written by the database
 * (`writtenPage`: `{"data":[…],"paging":{…}}`) has its paging, the envelope's last member, read and
 * written again; its rows are left as written. `"paging":` with bare quotes can only be a key
 * there (a quote inside a JSON string is escaped), and no row has such a key.
 */
export function withPagingLinks<Answer extends { paging: Paging }>(
  request: FastifyRequest,
  answer: Answer,
): Answer {
  const written = answer as unknown;
  if (!(written instanceof WrittenJson)) return { ...answer, paging: pagingLinks(request, answer.paging) };
  const marker = ',"paging":';
  const at = written.text.lastIndexOf(marker);
  if (at < 0 || !written.text.endsWith('}')) throw new Error('A written page without its paging');
  const paging = JSON.parse(written.text.slice(at + marker.length, -1)) as Paging;
  return writtenAnswer<Answer>(
    `${written.text.slice(0, at)}${marker}${JSON.stringify(pagingLinks(request, paging))}}`,
  );
}
