import { type ListManagedUsersQuery, managedUserSorts } from '@waratah/contracts';

/** Rows per page of the dashboard's client list. */
export const CLIENT_PAGE_SIZE = 20;

/** The longest search the platform takes (`listManagedUsersQuerySchema`); the search box takes no more. */
export const CLIENT_SEARCH_MAX_LENGTH = 100;

/**
 * A search as the list asks for it and keeps it in the URL: trimmed and cut to
 * CLIENT_SEARCH_MAX_LENGTH (then trimmed again, so that reading it back gives the same).
 */
export function toClientSearch(text: string): string {
  return text.trim().slice(0, CLIENT_SEARCH_MAX_LENGTH).trim();
}

export type ClientSort = ListManagedUsersQuery['sort'];
export type ClientOrder = ListManagedUsersQuery['order'];

/** What the dashboard's client list shows, as kept in the URL so a view can be shared and restored. */
export interface ClientListParams {
  search: string;
  sort: ClientSort;
  order: ClientOrder;
  page: number;
}

const isSort = (value: string | null): value is ClientSort => managedUserSorts.some((sort) => sort === value);

/** Reads the list's state from the query string; anything unknown falls back to the default. */
export function readClientListParams(query: URLSearchParams): ClientListParams {
  const sort = query.get('sort');
  const page = Number(query.get('page'));
  return {
    search: toClientSearch(query.get('search') ?? ''),
    sort: isSort(sort) ? sort : 'name',
    order: query.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the list's state into the query string, leaving defaults out and other parameters alone. */
export function writeClientListParams(query: URLSearchParams, params: ClientListParams): URLSearchParams {
  const next = new URLSearchParams(query);
  const set = (key: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('search', params.search, '');
  set('sort', params.sort, 'name');
  set('order', params.order, 'asc');
  set('page', String(params.page), '1');
  return next;
}

/** The platform query for one page of the list. */
export function toListQuery(params: ClientListParams) {
  return {
    ...(params.search ? { search: params.search } : {}),
    sort: params.sort,
    order: params.order,
    page: params.page,
    size: CLIENT_PAGE_SIZE,
  };
}
