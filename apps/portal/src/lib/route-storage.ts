import { type RouteTarget, routeHref } from '../config/route-href.ts';

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

// Local storage is outside input: a value another version wrote, or a hand edit, is ignored. So is
// one this version cannot build a URL for (a route it does not know, a param missing): restored
// after sign-in, it threw, and a signed-in adviser was told the server could not be reached, or left
// on the spinner (before 2026-12-03 only a string `name` was asked for).
function parseTarget(raw: string | null): RouteTarget | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isTarget(value)) return null;
    routeHref(value);
    return value;
  } catch {
    return null;
  }
}

function isTarget(value: unknown): value is RouteTarget {
  if (typeof value !== 'object' || value === null) return false;
  const { name, params, query, hash } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    (params === undefined || isStringRecord(params)) &&
    (query === undefined || isStringRecord(query)) &&
    (hash === undefined || typeof hash === 'string')
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
