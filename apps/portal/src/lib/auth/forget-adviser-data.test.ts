import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app-state.tsx';
import { forgetAdviserData, forgetAdviserDataWhenSessionEnds } from './forget-adviser-data.ts';
import { createPasswordSession } from './password-session.ts';

describe('forgetAdviserDataWhenSessionEnds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-30T00:00:00Z'));
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  const passwordSession = () =>
    createPasswordSession({
      storage: window.localStorage,
      // The first refresh works; any later one fails (the sign-in was ended elsewhere).
      refresh: vi
        .fn()
        .mockResolvedValueOnce({ access_token: 'refreshed', expires_in: 60 })
        .mockRejectedValue(new Error('invalid_grant')),
      revoke: vi.fn(async () => undefined),
      withLock: (_name, run) => run(),
      watchOtherTabs: () => () => undefined,
    });

  it('forgets when the session ends without the sign-out button, not when it is refreshed', async () => {
    const session = passwordSession();
    session.store({ access_token: 'adviser-a', expires_in: 60 });
    const forget = vi.fn();
    forgetAdviserDataWhenSessionEnds(session, forget);

    // Refreshed 10 s before its expiry: the same adviser, nothing forgotten.
    await vi.advanceTimersByTimeAsync(55_000);
    expect(session.getAccessToken()).toBe('refreshed');
    expect(forget).not.toHaveBeenCalled();

    // A 401 ("Session timed out") clears the session: forgotten once.
    session.clear();
    expect(forget).toHaveBeenCalledTimes(1);
    // The next adviser signs in: nothing more to forget.
    session.store({ access_token: 'adviser-b', expires_in: 30 });
    expect(forget).toHaveBeenCalledTimes(1);
    // Their token expires unrefreshed (the refresh failed): forgotten again.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(session.isSignedIn()).toBe(false);
    expect(forget).toHaveBeenCalledTimes(2);
  });
});

describe('forgetAdviserDataWhenSessionEnds, across tabs', () => {
  it('forgets when another tab signs in over the session, not when another tab refreshes it', async () => {
    window.localStorage.clear();
    // This tab's session and another tab's, over one storage, as two tabs of the portal share it.
    let otherTabChanged: () => void = () => undefined;
    const tab = (watch?: (listener: () => void) => () => void) =>
      createPasswordSession({
        storage: window.localStorage,
        refresh: vi.fn(async () => ({ access_token: 'refreshed', expires_in: 600 })),
        revoke: vi.fn(async () => undefined),
        withLock: (_name, run) => run(),
        watchOtherTabs: watch ?? (() => () => undefined),
      });
    const thisTab = tab((listener) => {
      otherTabChanged = listener;
      return () => undefined;
    });
    const otherTab = tab();
    thisTab.resume();
    await thisTab.signIn(async () => ({ access_token: 'adviser-x', expires_in: 600 }));
    const forget = vi.fn();
    forgetAdviserDataWhenSessionEnds(thisTab, forget);

    // The other tab refreshes the token: the same sign-in.
    otherTab.store({ access_token: 'adviser-x-refreshed', expires_in: 600 });
    otherTabChanged();
    expect(forget).not.toHaveBeenCalled();
    // The other tab signs in (perhaps as adviser Y) over it: this tab keeps nothing of X's.
    await otherTab.signIn(async () => ({ access_token: 'adviser-y', expires_in: 600 }));
    otherTabChanged();
    expect(forget).toHaveBeenCalledTimes(1);
    thisTab.dispose();
    otherTab.dispose();
  });
});

describe('forgetAdviserData', () => {
  it('drops every query but the app config, and who the adviser was', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['app-config'], { features: [] });
    queryClient.setQueryData(['clients', 'list', {}], { clients: ['Ann'] });
    queryClient.setQueryData(['client', '123', 'transactions'], { transactions: [] });
    const appStore = createAppStore({
      userDetails: { id: 7 },
      authProviderUser: null,
    } as unknown as Parameters<typeof createAppStore>[0]);
    forgetAdviserData(queryClient, appStore);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['app-config']]);
    expect(appStore.getState().userDetails).toBeNull();
  });
});
