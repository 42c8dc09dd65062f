import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TCodePurpose, TNotificationGroups, TUser } from '@portal/contract';
import { VERIFICATION_TOKEN_TTL_SECONDS } from '@portal/contract';
import { storage, STORAGE_KEYS, TAB_KEYS, tabStorage } from '../storage';

/**
 * A multi-step flow in progress (register, forgot password, phone change): the phone the code went to,
 * when another code may be asked for, and the verification token once the code is right.
 * Kept for the life of the tab (sessionStorage, never localStorage), so a reload mid-flow keeps its step.
 */
export interface TCodeFlow {
  purpose: TCodePurpose;
  phone_number: string;
  /** Masked number shown to the user (phone change: the API tells where the code went). */
  phone_hint?: string;
  /** Epoch ms after which "send again" is allowed. */
  resend_at: number;
  verification_token?: string;
  /** Epoch ms of the last change; a kept flow older than a verification token's life is dropped. */
  saved_at?: number;
  /** Registration inside Telegram: the phone came from Telegram's signed contact (no code; shown, not editable). */
  via?: 'telegram';
}

const PURPOSES = new Set(['register', 'forgot', 'update_phone']);

/** The flow this tab kept, when it is still usable. */
export function readKeptCodeFlow(now = Date.now()): TCodeFlow | null {
  const v = tabStorage.read(TAB_KEYS.codeFlow) as Partial<TCodeFlow> | null;
  if (
    !v ||
    typeof v !== 'object' ||
    !PURPOSES.has(v.purpose as string) ||
    typeof v.phone_number !== 'string' ||
    typeof v.resend_at !== 'number'
  )
    return null;
  if (typeof v.saved_at !== 'number' || now - v.saved_at > VERIFICATION_TOKEN_TTL_SECONDS * 1000) return null;
  if (v.verification_token !== undefined && typeof v.verification_token !== 'string') return null;
  return v as TCodeFlow;
}

export interface AuthState {
  isInitialized: boolean;
  isAuthenticated: boolean;
  user: TUser | null;
  notifications: TNotificationGroups;
  token: string | null;
  /** The code flow in progress (spec: auth state `data`). */
  data: TCodeFlow | null;
  /** A token is kept but the session check could not reach the service (network, timeout, 5xx): not signed out. */
  unavailable: boolean;
}

export function initialAuthState(token: string | null = storage.get(STORAGE_KEYS.token)): AuthState {
  return {
    isInitialized: false,
    isAuthenticated: false,
    user: null,
    notifications: {},
    token: token || null,
    data: readKeptCodeFlow(),
    unavailable: false,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState: () => initialAuthState(),
  reducers: {
    /** Login or register answered: token and user kept, signed in. */
    sessionStarted(state, action: PayloadAction<{ token: string; user: TUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.notifications = action.payload.user.notifications;
      state.isAuthenticated = true;
      state.isInitialized = true;
      state.data = null;
      state.unavailable = false;
    },
    /** A user fetch (or update) answered. */
    userLoaded(state, action: PayloadAction<TUser>) {
      state.user = action.payload;
      state.notifications = action.payload.notifications;
      state.isAuthenticated = state.token !== null;
      state.isInitialized = true;
      state.unavailable = false;
    },
    /** Start-up finished without a user (no token, or the fetch failed). */
    initialized(state) {
      state.isInitialized = true;
    },
    /** The session check found the service away (the token is kept: the shell says so and tries again). */
    sessionUnavailable(state) {
      state.isInitialized = true;
      state.unavailable = state.token !== null;
    },
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    /** Logout, a failed refresh, or a request made with no token: the session is gone. */
    loggedOut(state) {
      state.token = null;
      state.user = null;
      state.notifications = {};
      state.isAuthenticated = false;
      state.isInitialized = true;
      state.unavailable = false;
    },
    /** The read call answers the whole grouped list, which replaces ours. */
    notificationsReplaced(state, action: PayloadAction<TNotificationGroups>) {
      state.notifications = action.payload;
      if (state.user) state.user.notifications = action.payload;
    },
    codeFlowStarted(state, action: PayloadAction<TCodeFlow>) {
      state.data = { ...action.payload, saved_at: Date.now() };
    },
    codeResent(state, action: PayloadAction<{ resend_at: number }>) {
      if (state.data) Object.assign(state.data, { resend_at: action.payload.resend_at, saved_at: Date.now() });
    },
    codeVerified(state, action: PayloadAction<{ verification_token: string }>) {
      if (state.data) Object.assign(state.data, { verification_token: action.payload.verification_token, saved_at: Date.now() });
    },
    codeFlowEnded(state) {
      state.data = null;
    },
  },
});

export const {
  sessionStarted,
  userLoaded,
  initialized,
  sessionUnavailable,
  tokenRefreshed,
  loggedOut,
  notificationsReplaced,
  codeFlowStarted,
  codeResent,
  codeVerified,
  codeFlowEnded,
} = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (s: WithAuth) => s.auth;
export const selectToken = (s: WithAuth) => s.auth.token;
export const selectUser = (s: WithAuth) => s.auth.user;
export const selectIsAuthenticated = (s: WithAuth) => s.auth.isAuthenticated;
export const selectCodeFlow = (s: WithAuth) => s.auth.data;
export const selectSessionUnavailable = (s: WithAuth) => s.auth.unavailable && !s.auth.isAuthenticated;
/** Unread notifications across every group (the bottom bar badge). */
export const selectUnreadCount = (s: WithAuth) =>
  Object.values(s.auth.notifications).reduce((sum, group) => sum + Math.max(0, group.unread), 0);
export const selectIsStaff = (s: WithAuth) => s.auth.user?.role === 'staff' || s.auth.user?.role === 'admin';
export const selectIsAdmin = (s: WithAuth) => s.auth.user?.role === 'admin';
