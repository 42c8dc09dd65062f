import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './next-path';

const ORIGIN = 'https://cargo.example';

describe('safeNextPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeNextPath('/orders/order?id=17', ORIGIN)).toBe('/orders/order?id=17');
    expect(safeNextPath('/notifications?group=orders#top', ORIGIN)).toBe('/notifications?group=orders#top');
  });

  it('refuses anything that leaves the site or loops back to sign-in', () => {
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'orders',
      '',
      '/auth',
      '/auth/register-code',
      '/\u0000x',
      null,
      42,
    ]) {
      expect(safeNextPath(bad, ORIGIN)).toBeNull();
    }
  });

  it('puts the page in /auth’s address (home needs none)', () => {
    expect(signInPath('/orders/order?id=17')).toBe('/auth?next=%2Forders%2Forder%3Fid%3D17');
    expect(signInPath('/')).toBe('/auth');
    expect(signInPath(null)).toBe('/auth');
  });
});
