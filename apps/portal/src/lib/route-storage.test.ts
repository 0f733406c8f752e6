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

  it('ignores a saved route this version cannot open: an unknown name, a param missing', () => {
    const storage = createRouteStorage(window.localStorage);
    for (const saved of [
      { name: 'Nope' },
      { name: 'UserGoalsPage' },
      { name: 'UserGoalsPage', params: { client: '7' } },
      { name: 'UserGoalsPage', params: { id: 7 } },
      { name: 'DashboardPage', query: ['search'] },
    ]) {
      window.localStorage.setItem('waratah.entryRoute', JSON.stringify(saved));
      window.localStorage.setItem('waratah.postLoginRoute', JSON.stringify(saved));

      // Before 2026-12-03 each was handed back, and building its URL after sign-in threw.
      expect(storage.takeEntryRoute()).toBeNull();
      expect(storage.hasPostLoginRoute()).toBe(false);
      expect(storage.takePostLoginRoute()).toBeNull();
    }
    expect(window.localStorage.getItem('waratah.entryRoute')).toBeNull();
  });
});
