import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_ROUTES } from '@portal/contract';
import { routes } from './router';

/** Every full path the router has, as the manifest writes them. */
function collect(list: RouteObject[], base = ''): string[] {
  const out: string[] = [];
  for (const route of list) {
    const path = route.path === undefined ? base : route.path === '*' ? `${base}/*` : `${base}/${route.path}`.replace(/\/+/g, '/');
    if (route.path !== undefined || route.index) out.push(path || '/');
    if (route.children) out.push(...collect(route.children, path));
  }
  return [...new Set(out)];
}

describe('route manifest', () => {
  it('the server’s page list (packages/contract/src/common/routes.ts) and the router agree', () => {
    const routerPaths = collect(routes).filter((p) => p !== '/*');
    for (const path of routerPaths) {
      const areaCovered = PAGE_ROUTES.some((p) => p.endsWith('/*') && (path === p.slice(0, -2) || path.startsWith(p.slice(0, -1))));
      expect(areaCovered || (PAGE_ROUTES as readonly string[]).includes(path), `router path ${path} missing from PAGE_ROUTES`).toBe(true);
    }
    // Lazy areas (`/manage/*`, `/admin/*`) may arrive later than the manifest names them; every plain page must exist.
    for (const pattern of PAGE_ROUTES.filter((p) => !p.endsWith('/*'))) {
      expect(routerPaths.includes(pattern), `PAGE_ROUTES entry ${pattern} has no route`).toBe(true);
    }
  });

  it('unknown and malformed addresses are not pages', () => {
    expect(isPagePath('/orders/order')).toBe(true);
    expect(isPagePath('/branches/12')).toBe(true);
    expect(isPagePath('/nope')).toBe(false);
    expect(isPagePath('/%')).toBe(false);
    expect(isPagePath('/branches/12/x')).toBe(false);
  });

  it('/robots.txt ships as a real file', () => {
    const text = readFileSync(join(__dirname, '../../public/robots.txt'), 'utf8');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
  });
});
