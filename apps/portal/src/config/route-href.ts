import { type RouteDefinition, type RouteName, routes } from './routes.ts';

/** A route as the spec saves it (§4 session timeout): its name, params, query and hash. */
export interface RouteTarget {
  name: RouteName;
  params?: Record<string, string>;
  query?: Record<string, string>;
  hash?: string;
}

function collectPatterns(table: readonly RouteDefinition[], parent = ''): [RouteName, string][] {
  return table.flatMap(({ path, meta, children = [] }) => {
    const pattern = path.startsWith('/') || path === '*' ? path : `${parent}/${path}`;
    return [[meta.name, pattern] as [RouteName, string], ...collectPatterns(children, pattern)];
  });
}

const patterns = new Map(collectPatterns(routes));
// The catch-all has no URL of its own; any path outside the table shows it.
patterns.set('PageNotFound', '/not-found');

/** The URL of a named route, with its params filled in and its query and hash appended. */
export function routeHref({ name, params = {}, query = {}, hash = '' }: RouteTarget): string {
  const pattern = patterns.get(name);
  if (!pattern) throw new Error(`No route is named ${name}`);
  const path = pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`The route ${name} needs the param ${key}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query).toString();
  const fragment = hash && !hash.startsWith('#') ? `#${hash}` : hash;
  return `${path}${search ? `?${search}` : ''}${fragment}`;
}
