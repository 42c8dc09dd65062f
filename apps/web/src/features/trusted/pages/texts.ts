import type { FeatureTextLoaders } from '../../../lib/i18n/use-feature-texts';

/** The trusted feature's lazy namespace (kk, ru, en). */
export const TRUSTED_TEXTS: FeatureTextLoaders = {
  kk: () => import('../locales/kk/trusted.json'),
  ru: () => import('../locales/ru/trusted.json'),
  en: () => import('../locales/en/trusted.json'),
};
