import type { RouteTarget } from '../config/route-href.ts';

const keys = {
  entryRoute: 'waratah.entryRoute',
  postLoginRoute: 'waratah.postLoginRoute',
} as const;

/**
 * The two routes the portal remembers across a sign-in (spec §3 local storage): the entry route a
 * visitor meant to open before being sent to sign in, and the post-login route a registration step
 * asks to come back to.
 */
export interface RouteStorage {
  saveEntryRoute(target: RouteTarget): void;
  /** Reads and forgets it, so a route is restored once. */
  takeEntryRoute(): RouteTarget | null;
  /** Forgets it unread: the adviser signed out, and whoever signs in next starts afresh. */
  forgetEntryRoute(): void;
  savePostLoginRoute(target: RouteTarget): void;
  takePostLoginRoute(): RouteTarget | null;
  hasPostLoginRoute(): boolean;
}

export function createRouteStorage(storage: Storage): RouteStorage {
  const save = (key: string, target: RouteTarget) => storage.setItem(key, JSON.stringify(target));
  const take = (key: string): RouteTarget | null => {
    const raw = storage.getItem(key);
    storage.removeItem(key);
    return parseTarget(raw);
  };
  return {
    saveEntryRoute: (target) => save(keys.entryRoute, target),
    takeEntryRoute: () => take(keys.entryRoute),
    forgetEntryRoute: () => storage.removeItem(keys.entryRoute),
    savePostLoginRoute: (target) => save(keys.postLoginRoute, target),
    takePostLoginRoute: () => take(keys.postLoginRoute),
    hasPostLoginRoute: () => parseTarget(storage.getItem(keys.postLoginRoute)) !== null,
  };
}

// Local storage is outside input: a value another version wrote, or a hand edit, is ignored.
function parseTarget(raw: string | null): RouteTarget | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || typeof (value as RouteTarget).name !== 'string') {
      return null;
    }
    return value as RouteTarget;
  } catch {
    return null;
  }
}
