import type { z } from 'zod';
import type { CdsGetOptions, CdsHttpClient } from './cds-http-client.ts';
import { CdsRequestError } from './cds-request-error.ts';

interface PagedBody {
  links: { next?: string | undefined };
  meta: { totalPages: number };
}

/**
 * The most items one list may hold: a busy account's two years of transactions (100 a day) are
 * about 73,000; held as objects, 100,000 take some 100 MB.
 */
export const maxCdsListItems = 100_000;

/**
 * Walks a paged CDS list from page 1 along links.next. Each page is checked against the schema; a
 * holder whose links run past meta.totalPages is stopped rather than followed for ever, and so is
 * one whose pages hold more than `maxCdsListItems` items in all (its totalPages is its own word).
 */
export async function listAllPages<Body extends PagedBody, Item>(
  client: CdsHttpClient,
  request: {
    path: string;
    options: CdsGetOptions;
    schema: z.ZodType<Body>;
    items: (body: Body) => Item[];
    pageSize?: number;
    /** The most items in all (default `maxCdsListItems`). */
    maxItems?: number;
  },
): Promise<Item[]> {
  const pageSize = request.pageSize ?? 1000;
  const maxItems = request.maxItems ?? maxCdsListItems;
  // Pages as many as the most items take at the size asked for, and a few more for items that
  // arrive while the list is read (which may raise `totalPages` as it goes): a holder answering a
  // few items a page, each page raising its count, is stopped there.
  const maxPages = Math.ceil(maxItems / pageSize) + 10;
  const all: Item[] = [];
  let link: string | undefined = request.path;
  let options: CdsGetOptions = {
    ...request.options,
    query: { ...request.options.query, page: 1, 'page-size': pageSize },
  };
  for (let pages = 1; link; pages += 1) {
    const response = await client.get(link, options);
    const parsed = request.schema.safeParse(response.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `${request.path}: ${issue?.path.join('.')} ${issue?.message}`,
        interactionId: response.interactionId,
      });
    }
    const items = request.items(parsed.data);
    all.push(...items);
    if (all.length > maxItems) {
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `${request.path}: more than ${maxItems} items`,
        interactionId: response.interactionId,
      });
    }
    if (parsed.data.links.next && pages >= Math.max(parsed.data.meta.totalPages, 1)) {
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `${request.path}: links.next runs past the last page`,
        interactionId: response.interactionId,
      });
    }
    if (parsed.data.links.next && pages >= maxPages) {
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `${request.path}: more than ${maxPages} pages of ${pageSize}`,
        interactionId: response.interactionId,
      });
    }
    // An empty page that links on: only pages that hold items may lead to more (before 2026-11-30
    // a holder could answer empty pages, each linking on, for as many pages as it claimed).
    if (parsed.data.links.next && items.length === 0) {
      throw new CdsRequestError({
        kind: 'invalid_response',
        message: `${request.path}: an empty page links to another`,
        interactionId: response.interactionId,
      });
    }
    link = parsed.data.links.next;
    // The link carries the query already; sending it again would repeat parameters.
    options = { ...request.options, query: {} };
  }
  return all;
}
