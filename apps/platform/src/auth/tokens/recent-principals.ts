import type { AdminUserPrincipal } from '../principal.ts';

export interface RecentPrincipalsOptions {
  /** How many tokens are remembered at most; the least recently remembered go first. */
  capacity: number;
  /** How long a lookup is remembered. */
  ttlMs: number;
  now?: () => number;
}

export type RecentPrincipals = ReturnType<typeof createRecentPrincipals>;

/**
 * The admin user a bearer token named when it was last looked up, by the token's hash. Never a
 * proof on its own: a request that starts from it is confirmed against the database before anything
 * is answered (`confirm-principal.ts`), so revoking a token or suspending its user still takes effect
 * on the next request. It saves the separate lookup where the confirmation can ride along in a
 * statement the request runs anyway (the client access check).
 */
export function createRecentPrincipals({ capacity, ttlMs, now = Date.now }: RecentPrincipalsOptions) {
  // A Map keeps insertion order: the first key is the one remembered longest ago.
  const entries = new Map<string, { principal: AdminUserPrincipal; until: number }>();
  return {
    find(tokenHash: string): AdminUserPrincipal | undefined {
      const entry = entries.get(tokenHash);
      if (entry === undefined) return undefined;
      if (entry.until <= now()) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.principal;
    },
    remember(tokenHash: string, principal: AdminUserPrincipal): void {
      entries.delete(tokenHash);
      entries.set(tokenHash, { principal, until: now() + ttlMs });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    forget(tokenHash: string): void {
      entries.delete(tokenHash);
    },
    get size(): number {
      return entries.size;
    },
  };
}
