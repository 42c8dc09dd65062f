import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TLang } from '@portal/contract';

/** The manage namespace lives in this lazy chunk (customers never download it), one small file per language. */
const loaders: Record<TLang, () => Promise<{ default: Record<string, unknown> }>> = {
  kk: () => import('../locales/kk/manage.json'),
  ru: () => import('../locales/ru/manage.json'),
  en: () => import('../locales/en/manage.json'),
};

/** Loads the `manage` texts of the current language; true once they are there. */
export function useManageTexts(): boolean {
  const { i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const [loadedLang, setLoadedLang] = useState<TLang | null>(() => (i18n.hasResourceBundle(lang, 'manage') ? lang : null));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, 'manage')) {
      setLoadedLang(lang);
      return;
    }
    void loaders[lang]().then((mod) => {
      i18n.addResourceBundle(lang, 'manage', mod.default, true, true);
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return loadedLang === lang;
}
