const keys = {
  accessToken: 'waratah.accessToken',
  expiresAt: 'waratah.accessTokenExpiresAt',
  refreshToken: 'waratah.refreshToken',
} as const;

/** The token answer of the password and refresh grants, as far as the session needs it. */
export interface SessionToken {
  access_token: string;
  expires_in?: number | undefined;
  refresh_token?: string | undefined;
}

export interface PasswordSessionOptions {
  storage: Storage;
  /** The refresh_token grant; resolves with the new token. */
  refresh: (refreshToken: string) => Promise<SessionToken>;
  /** Revokes the access token with the tenant's client id and domain. */
  revoke: (accessToken: string) => Promise<void>;
  /** Spec §4: the token refreshes this long before it expires. */
  refreshBeforeMs?: number;
  now?: () => number;
}

export interface PasswordSession {
  getAccessToken(): string | null;
  /** True while a token is stored and its expiry is still ahead. */
  isSignedIn(): boolean;
  /** A token is stored, expired or not: a 401 then means the session ended. */
  hasStoredSession(): boolean;
  store(token: SessionToken): void;
  /** Revokes the token on the server, then forgets it here; a failed revocation keeps the session. */
  signOut(): Promise<void>;
  clear(): void;
  /** Told whenever the signed-in state may have changed: stored, refreshed, expired, cleared. */
  subscribe(listener: () => void): () => void;
  /** Picks up a token stored by an earlier page load and schedules its refresh and expiry. */
  resume(): void;
  dispose(): void;
}

/** The login state of the password tenants (spec §4), derived from the stored access token's expiry. */
export function createPasswordSession({
  storage,
  refresh,
  revoke,
  refreshBeforeMs = 10_000,
  now = Date.now,
}: PasswordSessionOptions): PasswordSession {
  const listeners = new Set<() => void>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const expiresAt = () => Number(storage.getItem(keys.expiresAt)) || null;

  function clearTimers() {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  }

  function schedule() {
    clearTimers();
    const expiry = expiresAt();
    if (expiry === null || storage.getItem(keys.accessToken) === null) return;
    const refreshToken = storage.getItem(keys.refreshToken);
    if (refreshToken) {
      const delay = Math.max(expiry - refreshBeforeMs - now(), 0);
      timers.push(setTimeout(() => void refreshNow(refreshToken), delay));
    }
    timers.push(setTimeout(emit, Math.max(expiry - now(), 0)));
  }

  async function refreshNow(refreshToken: string) {
    try {
      session.store(await refresh(refreshToken));
    } catch (error) {
      // The expiry timer still flips the state to signed out; the visitor signs in again.
      console.warn('The access token could not be refreshed', error);
    }
  }

  const session: PasswordSession = {
    getAccessToken: () => storage.getItem(keys.accessToken),
    isSignedIn() {
      if (storage.getItem(keys.accessToken) === null) return false;
      const expiry = expiresAt();
      return expiry === null || expiry > now();
    },
    hasStoredSession: () => storage.getItem(keys.accessToken) !== null,
    store(token) {
      storage.setItem(keys.accessToken, token.access_token);
      if (token.expires_in) storage.setItem(keys.expiresAt, String(now() + token.expires_in * 1000));
      else storage.removeItem(keys.expiresAt);
      if (token.refresh_token) storage.setItem(keys.refreshToken, token.refresh_token);
      schedule();
      emit();
    },
    async signOut() {
      const accessToken = storage.getItem(keys.accessToken);
      if (accessToken) await revoke(accessToken);
      session.clear();
    },
    clear() {
      clearTimers();
      for (const key of Object.values(keys)) storage.removeItem(key);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    resume: schedule,
    dispose: clearTimers,
  };
  return session;
}
