import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPasswordSession, type PasswordSessionOptions } from './password-session.ts';

function session(overrides: Partial<PasswordSessionOptions> = {}) {
  const options = {
    storage: window.localStorage,
    refresh: vi.fn(async () => ({ access_token: 'refreshed', expires_in: 60, refresh_token: 'r2' })),
    revoke: vi.fn(async () => undefined),
    ...overrides,
  };
  return { session: createPasswordSession(options), ...options };
}

describe('createPasswordSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is signed in from the stored token until its expiry, then tells its listeners', () => {
    const { session: s } = session({ refresh: vi.fn().mockRejectedValue(new Error('no')) });
    const listener = vi.fn();
    s.subscribe(listener);

    s.store({ access_token: 'a1', expires_in: 30 });
    expect(s.isSignedIn()).toBe(true);
    expect(s.getAccessToken()).toBe('a1');
    listener.mockClear();

    vi.advanceTimersByTime(30_000);
    expect(s.isSignedIn()).toBe(false);
    expect(s.hasStoredSession()).toBe(true);
    expect(listener).toHaveBeenCalled();
  });

  it('refreshes 10 seconds before the expiry with the refresh token', async () => {
    const { session: s, refresh } = session();
    s.store({ access_token: 'a1', expires_in: 60, refresh_token: 'r1' });

    await vi.advanceTimersByTimeAsync(49_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledWith('r1');
    expect(s.getAccessToken()).toBe('refreshed');

    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).toHaveBeenLastCalledWith('r2');
    expect(s.isSignedIn()).toBe(true);
  });

  it('flips to signed out on expiry when the refresh fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session: s } = session({ refresh: vi.fn().mockRejectedValue(new Error('invalid_grant')) });
    s.store({ access_token: 'a1', expires_in: 20, refresh_token: 'r1' });

    await vi.advanceTimersByTimeAsync(20_000);

    expect(warn).toHaveBeenCalled();
    expect(s.isSignedIn()).toBe(false);
  });

  it('picks up a token stored by an earlier page load', async () => {
    session().session.store({ access_token: 'a1', expires_in: 60, refresh_token: 'r1' });
    const { session: reloaded, refresh } = session();

    expect(reloaded.isSignedIn()).toBe(true);
    reloaded.resume();
    await vi.advanceTimersByTimeAsync(50_000);
    expect(refresh).toHaveBeenCalledWith('r1');
  });

  it('removes the token and revokes it on sign-out', async () => {
    const { session: s, revoke } = session();
    s.store({ access_token: 'a1', expires_in: 60, refresh_token: 'r1' });

    await s.signOut();

    expect(revoke).toHaveBeenCalledWith('a1');
    expect(s.hasStoredSession()).toBe(false);
    expect(window.localStorage.length).toBe(0);
  });

  it('rejects and stays signed in when the revocation fails, so that sign-out can be tried again', async () => {
    const { session: s } = session({ revoke: vi.fn().mockRejectedValue(new Error('offline')) });
    s.store({ access_token: 'a1' });

    await expect(s.signOut()).rejects.toThrow('offline');
    expect(s.isSignedIn()).toBe(true);
  });
});
