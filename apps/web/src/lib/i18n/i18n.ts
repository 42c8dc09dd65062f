import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';

type Bundles = Record<string, Record<string, unknown>>;

/**
 * Texts come in two chunks per language (src/locales/<lang>/*.json): `core` (the shell and the
 * sign-in screens: common, errors, breadcrumbs, auth, account) is loaded at start; `rest` (every
 * other namespace) with the signed-in area, so the sign-in page does not download the texts of
 * pages it cannot show. A namespace added to src/locales/<lang>/ lands in `rest` by itself. The contract's validation
 * messages come with `core`, one language's file only (locales/<lang>-core.ts).
 */
export type TextsPart = 'core' | 'rest';
const loaders: Record<TextsPart, Record<TLang, () => Promise<{ default: Bundles }>>> = {
  core: {
    kk: () => import('../../locales/kk-core'),
    ru: () => import('../../locales/ru-core'),
    en: () => import('../../locales/en-core'),
  },
  rest: {
    kk: () => import('../../locales/kk-rest'),
    ru: () => import('../../locales/ru-rest'),
    en: () => import('../../locales/en-rest'),
  },
};

export function namespaceOf(path: string): string {
  const match = /([^/]+)\.json$/.exec(path);
  return match?.[1] ?? path;
}

/**
 * Each namespace comes whole from one part (core or rest), so it is set as it is: no deep merge, and no copy through
 * JSON (i18next's default), which cost a phone ~30 ms of the first render for the signed-in texts.
 */
export function addBundles(instance: I18n, lang: TLang, bundles: Bundles): void {
  const whole = { silent: false, skipCopy: true };
  for (const [path, resources] of Object.entries(bundles))
    instance.addResourceBundle(lang, namespaceOf(path), resources, false, true, whole);
}

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
/** Whether the signed-in area asked for the `rest` texts: a language chosen later loads them too. */
let restWanted = false;

function loadPart(lang: TLang, part: TextsPart, instance: I18n): Promise<void> {
  const key = `${lang}:${part}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[part][lang]().then((mod) => {
      addBundles(instance, lang, mod.default);
      loaded.add(key);
    });
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Loads a language's texts once: the core part, and the rest when the signed-in area has wanted it. */
export async function loadLanguage(lang: TLang, instance: I18n = i18next): Promise<void> {
  await Promise.all([loadPart(lang, 'core', instance), restWanted ? loadPart(lang, 'rest', instance) : undefined]);
}

/**
 * Starts downloading a language's texts before i18next starts (main.tsx: the signed-in texts while the session
 * is checked); the module is kept by the browser, and loadLanguage/loadRestTexts add it when asked.
 */
export function prefetchTexts(lang: TLang, part: TextsPart): void {
  loaders[part][lang]().catch(() => undefined);
}

/** Loads the `rest` texts of the current language (and of any language chosen later). */
export async function loadRestTexts(instance: I18n = i18next, lang?: TLang): Promise<void> {
  restWanted = true;
  await loadPart(lang ?? (isLang(instance.language) ? instance.language : DEFAULT_LANG), 'rest', instance);
}

export function restTextsLoaded(lang: string): boolean {
  return loaded.has(`${lang}:rest`);
}

/**
 * Starts i18next in the stored language with its texts loaded. With `rest` (a token is kept: the first screen is
 * likely a signed-in page) the signed-in texts are added too, so RequireAuth's first render already has them instead
 * of asking for them in an effect, a frame later. Their failure is not the start's: RequireAuth asks again.
 */
export async function initI18n(lang: TLang = DEFAULT_LANG, opts: { rest?: boolean } = {}): Promise<I18n> {
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
  await Promise.all([loadLanguage(lang), opts.rest ? loadRestTexts(i18next, lang).catch(() => undefined) : undefined]);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  return i18next;
}

export { i18next };
