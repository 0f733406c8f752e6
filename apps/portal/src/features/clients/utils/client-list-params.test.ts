import { describe, expect, it } from 'vitest';
import {
  CLIENT_PAGE_SIZE,
  readClientListParams,
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
