import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { addBundles } from './i18n';

describe('addBundles', () => {
  it('sets each namespace as it came (no copy, no deep merge) and beside the ones already there', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'en', resources: {}, partialBundledLanguages: true });
    const common = { hello: 'Hello', nested: { deep: 'Deep' } };
    const orders = { title: 'My orders' };
    addBundles(instance, 'en', { './en/common.json': common });
    addBundles(instance, 'en', { './en/orders.json': orders });
    // The texts chunk's own objects (i18next's default copies each bundle through JSON first, and merges deeply).
    expect((instance.store.data.en!.common as typeof common).nested).toBe(common.nested);
    expect(instance.store.data.en!.orders).toEqual(orders);
    expect(instance.t('common:nested.deep')).toBe('Deep');
    expect(instance.t('orders:title')).toBe('My orders');
    expect(instance.t('validation:required')).not.toBe('validation:required');
  });
});

describe('initI18n with a kept token', () => {
  // A fresh copy of the module: nothing loaded, the signed-in texts not yet wanted (test/setup.ts wanted them).
  const fresh = async () => {
    vi.resetModules();
    return import('./i18n');
  };
  afterEach(() => {
    vi.doUnmock('../../locales/kk-rest');
    vi.resetModules();
  });

  it('adds the signed-in texts before it resolves, so the guard has them at its first render', async () => {
    const { initI18n, restTextsLoaded } = await fresh();
    await initI18n('kk', { rest: true });
    expect(restTextsLoaded('kk')).toBe(true);
  });

  it('without one, starts with the core texts only', async () => {
    const { initI18n, restTextsLoaded } = await fresh();
    await initI18n('kk');
    expect(restTextsLoaded('kk')).toBe(false);
  });

  it('still starts when the signed-in texts fail to load (the guard asks again)', async () => {
    vi.doMock('../../locales/kk-rest', () => {
      throw new Error('offline');
    });
    const { initI18n, restTextsLoaded } = await fresh();
    await expect(initI18n('kk', { rest: true })).resolves.toBeDefined();
    expect(restTextsLoaded('kk')).toBe(false);
  });
});
