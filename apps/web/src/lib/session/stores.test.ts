import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { langChanged, storedLang } from '../preferences/lang-slice';
import { storedTheme, themeChanged, themeToggled } from '../preferences/theme-slice';
import { progressHidden, progressShown, selectProgressVisible } from '../ui/ui-slice';
import {
  codeFlowStarted,
  codeVerified,
  initialAuthState,
  loggedOut,
  notificationsReplaced,
  selectUnreadCount,
  sessionStarted,
  userLoaded,
} from './auth-slice';

const USER = {
  id: 7,
  phone_number: '+77010000009',
  first_name: 'Dana',
  last_name: 'A',
  branch_id: 2,
  gender: 'female' as const,
  date_of_birth: '1990-01-01',
  client_code: 'KZ-10007',
  role: 'customer' as const,
  language: 'kk' as const,
  place: null,
  created_at: '2026-01-01T00:00:00Z',
  iin: null,
  personal_number: null,
  notifications: {},
};

const note = (id: number, read: boolean) => ({
  id,
  type: 'orders' as const,
  title: 't',
  body: 'b',
  link: null,
  read,
  new: !read,
  created_at: '2026-01-01T00:00:00Z',
  iin: null,
  personal_number: null,
});

describe('auth slice', () => {
  it('starts signed out and not initialised, with the stored token', () => {
    localStorage.setItem('token', 'stored');
    expect(initialAuthState()).toEqual({
      isInitialized: false,
      isAuthenticated: false,
      user: null,
      notifications: {},
      token: 'stored',
      data: null,
      unavailable: false,
    });
    localStorage.removeItem('token');
    expect(initialAuthState().token).toBeNull();
  });

  it('login keeps token and user and persists the token; logout clears them and the stored token', () => {
    const store = makeStore();
    store.dispatch(sessionStarted({ token: 'abc', user: { ...USER, notifications: { orders: { data: [note(1, false)], unread: 1 } } } }));
    let auth = store.getState().auth;
    expect(auth).toMatchObject({ token: 'abc', isAuthenticated: true, isInitialized: true });
    expect(auth.user?.id).toBe(7);
    expect(localStorage.getItem('token')).toBe('abc');
    store.dispatch(loggedOut());
    auth = store.getState().auth;
    expect(auth).toMatchObject({ token: null, user: null, notifications: {}, isAuthenticated: false, isInitialized: true });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a user fetch signs in only with a token', () => {
    const withToken = makeStore({ auth: initialAuthState('t') });
    withToken.dispatch(userLoaded(USER));
    expect(withToken.getState().auth).toMatchObject({ isAuthenticated: true, isInitialized: true });
  });

  it('counts unread notifications across every group; the read call replaces the list', () => {
    const store = makeStore({ auth: { ...initialAuthState('t'), user: USER, isAuthenticated: true } });
    store.dispatch(
      notificationsReplaced({
        orders: { data: [note(1, false), note(2, false)], unread: 2 },
        news: { data: [note(3, false)], unread: 1 },
        system: { data: [], unread: 0 },
      }),
    );
    expect(selectUnreadCount(store.getState())).toBe(3);
    store.dispatch(notificationsReplaced({ orders: { data: [note(1, true), note(2, true)], unread: 0 } }));
    expect(selectUnreadCount(store.getState())).toBe(0);
    expect(store.getState().auth.user?.notifications).toEqual({ orders: { data: [note(1, true), note(2, true)], unread: 0 } });
  });

  it('carries a code flow for the tab only (never in localStorage), and a failed session does not drop it', () => {
    const store = makeStore();
    store.dispatch(codeFlowStarted({ purpose: 'register', phone_number: '+77010000009', resend_at: 1 }));
    store.dispatch(codeVerified({ verification_token: 'vt' }));
    store.dispatch(loggedOut());
    expect(store.getState().auth.data).toMatchObject({
      purpose: 'register',
      phone_number: '+77010000009',
      resend_at: 1,
      verification_token: 'vt',
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain('vt');
  });
});

describe('language', () => {
  it('defaults to ru and falls back to ru for an unknown stored value', () => {
    expect(storedLang(null)).toBe('ru');
    expect(storedLang('de')).toBe('ru');
    expect(storedLang('kk')).toBe('kk');
    localStorage.setItem('lang', 'xx');
    expect(makeStore().getState().lang.lang).toBe('ru');
    localStorage.setItem('lang', 'en');
    expect(makeStore().getState().lang.lang).toBe('en');
  });

  it('stores a change under `lang` and on <html lang>', () => {
    const store = makeStore();
    store.dispatch(langChanged('kk'));
    expect(store.getState().lang.lang).toBe('kk');
    expect(localStorage.getItem('lang')).toBe('kk');
    expect(document.documentElement.lang).toBe('kk');
  });
});

describe('theme', () => {
  it('defaults to dark and falls back to dark for an unknown stored value', () => {
    expect(storedTheme(null)).toBe('dark');
    expect(storedTheme('sepia')).toBe('dark');
    expect(storedTheme('light')).toBe('light');
    localStorage.setItem('theme', 'blue');
    expect(makeStore().getState().theme.theme).toBe('dark');
  });

  it('stores a change under `theme` and applies it to <html data-theme>', () => {
    const store = makeStore();
    store.dispatch(themeChanged('light'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    store.dispatch(themeToggled());
    expect(store.getState().theme.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('ui', () => {
  it('shows the global progress bar while anything asks for it', () => {
    const store = makeStore();
    store.dispatch(progressShown());
    store.dispatch(progressShown());
    store.dispatch(progressHidden());
    expect(selectProgressVisible(store.getState())).toBe(true);
    store.dispatch(progressHidden());
    store.dispatch(progressHidden());
    expect(selectProgressVisible(store.getState())).toBe(false);
  });
});
