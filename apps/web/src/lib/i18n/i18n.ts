import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, VALIDATION_MESSAGES, type TLang } from '@portal/contract';

type Bundles = Record<string, Record<string, unknown>>;

/** One chunk per language, each holding all its namespaces (src/locales/<lang>/*.json). */
const loaders: Record<TLang, () => Promise<{ default: Bundles }>> = {
  kk: () => import('../../locales/kk'),
  ru: () => import('../../locales/ru'),
  en: () => import('../../locales/en'),
};

/** The contract's validation messages (shared with the API) as the `validation` namespace. */
function validationBundle(lang: TLang): Record<string, string> {
  return Object.fromEntries(Object.entries(VALIDATION_MESSAGES[lang]).map(([key, text]) => [key.replace(/^validation\./, ''), text]));
}

export function namespaceOf(path: string): string {
  const match = /([^/]+)\.json$/.exec(path);
  return match?.[1] ?? path;
}

export function addBundles(instance: I18n, lang: TLang, bundles: Bundles): void {
  for (const [path, resources] of Object.entries(bundles)) instance.addResourceBundle(lang, namespaceOf(path), resources, true, true);
  instance.addResourceBundle(lang, 'validation', validationBundle(lang), true, true);
}

const loaded = new Set<TLang>();

/** Loads a language's texts once. */
export async function loadLanguage(lang: TLang, instance: I18n = i18next): Promise<void> {
  if (loaded.has(lang) && instance.hasResourceBundle(lang, 'common')) return;
  const mod = await loaders[lang]();
  addBundles(instance, lang, mod.default);
  loaded.add(lang);
}

/** Starts i18next in the stored language with its texts loaded. */
export async function initI18n(lang: TLang = DEFAULT_LANG): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      defaultNS: 'common',
      ns: ['common'],
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      react: { useSuspense: false },
    });
  }
  await loadLanguage(lang);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  return i18next;
}

export { i18next };
