import { createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../lib/api/base-api';
import { loggedOut } from '../lib/session/auth-slice';
import { storage, STORAGE_KEYS } from '../lib/storage';
import type { AuthState } from '../lib/session/auth-slice';
import type { LangState } from '../lib/preferences/lang-slice';
import type { ThemeState } from '../lib/preferences/theme-slice';

interface PersistedState {
  auth: AuthState;
  lang: LangState;
  theme: ThemeState;
}

/** Session effects: drops cached server data at logout. Keeps `token`, `lang` and `theme` in localStorage, and the theme and language on <html>, in step with the store. */
export function createPersistenceMiddleware() {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (_action, current, previous) => (current as PersistedState).auth.token !== (previous as PersistedState).auth.token,
    effect: (_action, api) => {
      const token = (api.getState() as PersistedState).auth.token;
      if (token) storage.set(STORAGE_KEYS.token, token);
      else storage.remove(STORAGE_KEYS.token);
    },
  });
  listener.startListening({
    predicate: (_action, current, previous) => (current as PersistedState).lang.lang !== (previous as PersistedState).lang.lang,
    effect: (_action, api) => {
      const { lang } = (api.getState() as PersistedState).lang;
      storage.set(STORAGE_KEYS.lang, lang);
      if (typeof document !== 'undefined') document.documentElement.lang = lang;
    },
  });
  listener.startListening({
    predicate: (_action, current, previous) => (current as PersistedState).theme.theme !== (previous as PersistedState).theme.theme,
    effect: (_action, api) => {
      const { theme } = (api.getState() as PersistedState).theme;
      storage.set(STORAGE_KEYS.theme, theme);
      if (typeof document !== 'undefined') applyTheme(theme);
    },
  });
  // Whoever signs in next must not see the previous user's cached data.
  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });
  return listener.middleware;
}

export function applyTheme(theme: string): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'light' ? '#ffffff' : '#16181d');
}
