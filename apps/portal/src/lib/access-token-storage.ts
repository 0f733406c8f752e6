const key = 'waratah.accessToken';

/** The password tenants' bearer token, kept in local storage after sign-in (spec §3, §4). */
export const accessTokenStorage = {
  read: (): string | null => window.localStorage.getItem(key),
  write: (token: string): void => window.localStorage.setItem(key, token),
  clear: (): void => window.localStorage.removeItem(key),
};
