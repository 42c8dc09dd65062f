import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';

/** Addresses kept per route table; an app visit sees a few dozen, a crawler of ids more (the oldest go first). */
const KEPT = 200;
const kept = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * React Router's matchRoutes, kept per route table and pathname. Each call of the library's flattens and ranks the
 * whole table and compiles a pattern per route (5–15 ms for this app's table, several times that on a phone); the
 * first screen matched the same address three times (preloading its page, rendering the routes, the breadcrumbs).
 * The tables are built once at start and never changed, so the answer for a pathname never changes either.
 */
export function matchRoutesKept(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = kept.get(routes);
  if (!byPath) kept.set(routes, (byPath = new Map()));
  if (byPath.has(pathname)) return byPath.get(pathname)!;
  const matches = matchRoutes(routes, pathname);
  if (byPath.size >= KEPT) byPath.delete(byPath.keys().next().value!);
  byPath.set(pathname, matches);
  return matches;
}
