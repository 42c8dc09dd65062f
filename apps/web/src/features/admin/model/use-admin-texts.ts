import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TLang } from '@portal/contract';

/** The admin namespace lives in the admin chunk (customers and staff never download it), one file per language. */
const loaders: Record<TLang, () => Promise<{ default: Record<string, unknown> }>> = {
  kk: () => import('../locales/kk/admin.json'),
  ru: () => import('../locales/ru/admin.json'),
  en: () => import('../locales/en/admin.json'),
};

/** Loads the `admin` texts of the current language; true once they are there. */
export function useAdminTexts(): boolean {
  const { i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const [loadedLang, setLoadedLang] = useState<TLang | null>(() => (i18n.hasResourceBundle(lang, 'admin') ? lang : null));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, 'admin')) {
      setLoadedLang(lang);
      return;
    }
    void loaders[lang]().then((mod) => {
      i18n.addResourceBundle(lang, 'admin', mod.default, true, true);
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return loadedLang === lang;
}
