import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storage, STORAGE_KEYS } from '../storage';

export const THEMES = ['dark', 'light'] as const;
export type TTheme = (typeof THEMES)[number];
export const DEFAULT_THEME: TTheme = 'dark';

export interface ThemeState {
  theme: TTheme;
}

export function storedTheme(value: string | null = storage.get(STORAGE_KEYS.theme)): TTheme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ theme: storedTheme() }),
  reducers: {
    themeChanged(state, action: PayloadAction<TTheme>) {
      state.theme = storedTheme(action.payload);
    },
    themeToggled(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
  },
});

export const { themeChanged, themeToggled } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;
export const selectTheme = (s: { theme: ThemeState }) => s.theme.theme;
