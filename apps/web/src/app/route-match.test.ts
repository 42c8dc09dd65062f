import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { routes } from './router';
import { matchRoutesKept } from './route-match';

const ids = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => [m.route.path ?? (m.route.index ? '(index)' : ''), m.pathname, m.params]);

describe('matchRoutesKept', () => {
  it("answers what React Router's matchRoutes answers, params and decoded pathnames included", () => {
    for (const path of [
      '/',
      '/orders',
      '/orders/order',
      '/branches/7',
      '/free-lessons/3',
      '/auth/register-code',
      '/no/such/page',
      '/branches/%D0%B0%20b',
    ]) {
      expect(ids(matchRoutesKept(routes, path))).toEqual(ids(matchRoutes(routes, path)));
    }
  });

  it('works a pathname out once: the same matches come back for it, other tables have their own', () => {
    const first = matchRoutesKept(routes, '/branches/12');
    expect(matchRoutesKept(routes, '/branches/12')).toBe(first);
    const other = [{ path: 'branches/:id' }];
    expect(matchRoutesKept(other, '/branches/12')).not.toBe(first);
    expect(matchRoutesKept(other, '/branches/12')?.[0]?.params).toEqual({ id: '12' });
  });

  it('keeps at most 200 pathnames a table, dropping the oldest first', () => {
    const table = [{ path: 'x/:n' }];
    const oldest = matchRoutesKept(table, '/x/0');
    for (let n = 1; n <= 200; n++) matchRoutesKept(table, `/x/${n}`);
    expect(matchRoutesKept(table, '/x/0')).not.toBe(oldest);
    const kept = matchRoutesKept(table, '/x/200');
    expect(matchRoutesKept(table, '/x/200')).toBe(kept);
  });
});
