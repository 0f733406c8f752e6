import { describe, expect, it } from 'vitest';
import { createRouteStorage } from './route-storage.ts';

describe('createRouteStorage', () => {
  it('restores a saved entry route once', () => {
    const storage = createRouteStorage(window.localStorage);
    storage.saveEntryRoute({ name: 'UserGoalsPage', params: { id: '7' }, query: { a: '1' }, hash: '#x' });

    expect(storage.takeEntryRoute()).toEqual({
      name: 'UserGoalsPage',
      params: { id: '7' },
      query: { a: '1' },
      hash: '#x',
    });
    expect(storage.takeEntryRoute()).toBeNull();
  });

  it('keeps the post-login route apart from the entry route', () => {
    const storage = createRouteStorage(window.localStorage);
    storage.savePostLoginRoute({ name: 'RegisterCompanyPage' });

    expect(storage.hasPostLoginRoute()).toBe(true);
    expect(storage.takeEntryRoute()).toBeNull();
    expect(storage.takePostLoginRoute()).toEqual({ name: 'RegisterCompanyPage' });
    expect(storage.hasPostLoginRoute()).toBe(false);
  });

  it('ignores a value it cannot read', () => {
    window.localStorage.setItem('waratah.entryRoute', '{not json');
    expect(createRouteStorage(window.localStorage).takeEntryRoute()).toBeNull();
  });
});
