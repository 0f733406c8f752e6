import { describe, expect, it } from 'vitest';
import {
  CLIENT_PAGE_SIZE,
  CLIENT_SEARCH_MAX_LENGTH,
  readClientListParams,
  toClientSearch,
  toListQuery,
  writeClientListParams,
} from './client-list-params.ts';

describe('the client list state in the URL', () => {
  it('reads defaults from an empty query', () => {
    expect(readClientListParams(new URLSearchParams())).toEqual({
      search: '',
      sort: 'name',
      order: 'asc',
      page: 1,
    });
  });

  it('reads search, sort, order and page, and ignores values it does not know', () => {
    expect(readClientListParams(new URLSearchParams('search=+ann+&sort=email&order=desc&page=3'))).toEqual({
      search: 'ann',
      sort: 'email',
      order: 'desc',
      page: 3,
    });
    expect(readClientListParams(new URLSearchParams('sort=password&order=up&page=-2'))).toEqual({
      search: '',
      sort: 'name',
      order: 'asc',
      page: 1,
    });
  });

  it('keeps at most 100 characters of a search, and reads back the search it wrote', () => {
    // Cut at its 100th character, a space: read back, the URL's search would lose it.
    const cut = toClientSearch(` ${'a'.repeat(99)} and more `);
    expect(cut).toBe('a'.repeat(99));
    expect(cut.length).toBeLessThanOrEqual(CLIENT_SEARCH_MAX_LENGTH);
    const written = writeClientListParams(new URLSearchParams(), {
      ...readClientListParams(new URLSearchParams()),
      search: cut,
    });
    expect(readClientListParams(written).search).toBe(cut);
    expect(readClientListParams(new URLSearchParams(`search=${'z'.repeat(150)}`)).search).toBe(
      'z'.repeat(100),
    );
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const written = writeClientListParams(new URLSearchParams('tab=x&page=4'), {
      search: 'lee',
      sort: 'name',
      order: 'desc',
      page: 1,
    });
    expect(written.toString()).toBe('tab=x&search=lee&order=desc');
    expect(readClientListParams(written)).toMatchObject({ search: 'lee', order: 'desc', page: 1 });
  });

  it('asks the platform for one page only', () => {
    expect(toListQuery({ search: '', sort: 'consent_expiry', order: 'asc', page: 2 })).toEqual({
      sort: 'consent_expiry',
      order: 'asc',
      page: 2,
      size: CLIENT_PAGE_SIZE,
    });
  });
});
