import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANG, isLang, type TLang } from '@portal/contract';
import { storage, STORAGE_KEYS } from '../storage';

export interface LangState {
  lang: TLang;
}

/** The stored language when it is one we speak, ru otherwise. */
export function storedLang(value: string | null = storage.get(STORAGE_KEYS.lang)): TLang {
  return isLang(value) ? value : DEFAULT_LANG;
}

const langSlice = createSlice({
  name: 'lang',
  initialState: (): LangState => ({ lang: storedLang() }),
  reducers: {
    langChanged(state, action: PayloadAction<TLang>) {
      state.lang = isLang(action.payload) ? action.payload : DEFAULT_LANG;
    },
  },
});

export const { langChanged } = langSlice.actions;
export const langReducer = langSlice.reducer;
export const selectLang = (s: { lang: LangState }) => s.lang.lang;

/** Languages offered in the settings menu: code, own name, flag. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: TLang; name: string; flag: TLang }> = [
  { code: 'kk', name: 'Қазақша', flag: 'kk' },
  { code: 'ru', name: 'Русский', flag: 'ru' },
  { code: 'en', name: 'English', flag: 'en' },
];
