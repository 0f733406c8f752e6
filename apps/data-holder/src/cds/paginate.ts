import { CdsError } from './cds-error.ts';

export interface Paging {
  page: number;
  pageSize: number;
}

export interface PaginatedLinks {
  self: string;
  first?: string;
  prev?: string;
  next?: string;
  last?: string;
}

export interface Page<T> {
  items: T[];
  links: PaginatedLinks;
  meta: { totalRecords: number; totalPages: number };
}

const maxPageSize = 1000;
const integer = /^\d{1,9}$/;

function readQueryValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? String(value[0]) : String(value);
}

/** `page` and `page-size` with the standard's defaults (1, 25) and its maximum page size (1000). */
export function readPaging(query: Record<string, unknown>): Paging {
  const page = readQueryValue(query.page) ?? '1';
  const pageSize = readQueryValue(query['page-size']) ?? '25';
  if (!integer.test(page) || Number(page) < 1)
    throw new CdsError('invalidField', `page must be a positive integer`);
  if (!integer.test(pageSize) || Number(pageSize) < 1 || Number(pageSize) > maxPageSize) {
    throw new CdsError('invalidPageSize', `page-size must be an integer from 1 to ${maxPageSize}`);
  }
  return { page: Number(page), pageSize: Number(pageSize) };
}

/** Cuts one page and builds LinksPaginated/MetaPaginated from the request's own absolute URL. */
export function paginate<T>(items: readonly T[], { page, pageSize }: Paging, selfUrl: URL): Page<T> {
  const totalRecords = items.length;
  const totalPages = Math.ceil(totalRecords / pageSize);
  if (page > Math.max(totalPages, 1)) {
    throw new CdsError('invalidPage', `page ${page} is past the last page (${totalPages})`);
  }
  const linkTo = (target: number): string => {
    const url = new URL(selfUrl);
    url.searchParams.set('page', String(target));
    url.searchParams.set('page-size', String(pageSize));
    return url.toString();
  };
  const lastPage = Math.max(totalPages, 1);
  const links: PaginatedLinks = { self: selfUrl.toString(), first: linkTo(1), last: linkTo(lastPage) };
  if (page > 1) links.prev = linkTo(page - 1);
  if (page < lastPage) links.next = linkTo(page + 1);
  const start = (page - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), links, meta: { totalRecords, totalPages } };
}
