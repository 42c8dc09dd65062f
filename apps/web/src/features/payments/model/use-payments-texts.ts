import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TLang } from '@portal/contract';

/** The payments namespace lives in the pay pages' chunk (read by few, on a link or a tap), one small file per language. */
const loaders: Record<TLang, () => Promise<{ default: Record<string, unknown> }>> = {
  kk: () => import('../locales/kk/payments.json'),
  ru: () => import('../locales/ru/payments.json'),
  en: () => import('../locales/en/payments.json'),
};

/** Loads the `payments` texts of the current language; true once they are there. */
export function usePaymentsTexts(): boolean {
  const { i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const [loadedLang, setLoadedLang] = useState<TLang | null>(() => (i18n.hasResourceBundle(lang, 'payments') ? lang : null));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, 'payments')) {
      setLoadedLang(lang);
      return;
    }
    void loaders[lang]().then((mod) => {
      i18n.addResourceBundle(lang, 'payments', mod.default, true, true);
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return loadedLang === lang;
}
