import type { Middleware } from '@reduxjs/toolkit';
import { baseApi } from '../lib/api/base-api';
import { loggedOut, type AuthState } from '../lib/session/auth-slice';
import type { LangState } from '../lib/preferences/lang-slice';
import type { ThemeState } from '../lib/preferences/theme-slice';
import { storage, STORAGE_KEYS, TAB_KEYS, tabStorage } from '../lib/storage';

interface PersistedState {
  auth: AuthState;
  lang: LangState;
  theme: ThemeState;
}

export function applyTheme(theme: string): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'light' ? '#ffffff' : '#16181d');
}

/**
 * Keeps `token`, `lang` and `theme` in localStorage, the code flow in progress in sessionStorage, and the theme and language on <html>, in step
 * with the store; at logout drops the cached server data, so whoever signs in next never sees it.
 */
export function createPersistenceMiddleware(): Middleware {
  return (api) => (next) => (action) => {
    const before = api.getState() as PersistedState;
    const result = next(action);
    const after = api.getState() as PersistedState;
    if (after.auth.token !== before.auth.token) {
      if (after.auth.token) storage.set(STORAGE_KEYS.token, after.auth.token);
      else storage.remove(STORAGE_KEYS.token);
    }
    // The code flow in progress lives as long as the tab (a reload mid-registration keeps its step).
    if (after.auth.data !== before.auth.data) {
      tabStorage.write(TAB_KEYS.codeFlow, after.auth.data);
      if (!after.auth.data) tabStorage.write(TAB_KEYS.registerForm, null);
    }
    if (after.lang.lang !== before.lang.lang) {
      storage.set(STORAGE_KEYS.lang, after.lang.lang);
      if (typeof document !== 'undefined') document.documentElement.lang = after.lang.lang;
    }
    if (after.theme.theme !== before.theme.theme) {
      storage.set(STORAGE_KEYS.theme, after.theme.theme);
      if (typeof document !== 'undefined') applyTheme(after.theme.theme);
    }
    if (loggedOut.match(action)) {
      api.dispatch(baseApi.util.resetApiState());
      // The QR code kept for offline use identifies the customer at hand-over: it leaves with the session.
      storage.remove(STORAGE_KEYS.qr);
    }
    return result;
  };
}
