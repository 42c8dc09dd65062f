import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TLang } from '@portal/contract';

/** The telegram namespace lives in this lazy chunk (the ordinary site never downloads it), one small file per language. */
const loaders: Record<TLang, () => Promise<{ default: Record<string, unknown> }>> = {
  kk: () => import('../locales/kk/telegram.json'),
  ru: () => import('../locales/ru/telegram.json'),
  en: () => import('../locales/en/telegram.json'),
};

/** Loads the `telegram` texts of the current language; true once they are there. */
export function useTelegramTexts(): boolean {
  const { i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const [loadedLang, setLoadedLang] = useState<TLang | null>(() => (i18n.hasResourceBundle(lang, 'telegram') ? lang : null));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, 'telegram')) {
      setLoadedLang(lang);
      return;
    }
    void loaders[lang]().then((mod) => {
      i18n.addResourceBundle(lang, 'telegram', mod.default, true, true);
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang]);
  return loadedLang === lang;
}
