import { describe, expect, it } from 'vitest';
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
