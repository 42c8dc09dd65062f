import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type TLang } from '@portal/contract';

/** A lazily loaded feature's own texts: one small file per language, in the feature's chunk. */
export type FeatureTextLoaders = Record<TLang, () => Promise<{ default: Record<string, unknown> }>>;

/** Loads namespace `ns` of the current language from the feature's `loaders`; true once its texts are there. */
export function useFeatureTexts(ns: string, loaders: FeatureTextLoaders): boolean {
  const { i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const [loadedLang, setLoadedLang] = useState<TLang | null>(() => (i18n.hasResourceBundle(lang, ns) ? lang : null));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lang, ns)) {
      setLoadedLang(lang);
      return;
    }
    void loaders[lang]().then((mod) => {
      i18n.addResourceBundle(lang, ns, mod.default, true, true);
      if (live) setLoadedLang(lang);
    });
    return () => {
      live = false;
    };
  }, [i18n, lang, ns, loaders]);
  return loadedLang === lang;
}
