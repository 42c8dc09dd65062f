import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { TLang } from '@portal/contract';
import { API_TAGS, baseApi } from '../api/base-api';
import { i18next, loadLanguage } from '../i18n/i18n';
import { notify } from '../ui/toast';
import { langChanged, type LangState } from './lang-slice';

/**
 * Switches the language: loads its texts, stores it, refetches server texts in it, and says so
 * ('Language successfully changed!') only when it actually changed. Resolves to whether it changed.
 */
export function changeLanguage(lang: TLang): ThunkAction<Promise<boolean>, { lang: LangState }, unknown, UnknownAction> {
  return async (dispatch, getState) => {
    if (getState().lang.lang === lang) return false;
    await loadLanguage(lang);
    await i18next.changeLanguage(lang);
    dispatch(langChanged(lang));
    dispatch(baseApi.util.invalidateTags([...API_TAGS]));
    notify.success(i18next.t('common:language_changed'));
    return true;
  };
}
