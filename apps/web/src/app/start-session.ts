import { insideTelegram } from '../lib/telegram/detect';
import { checkSession } from '../lib/session/session-api';
import { initialized } from '../lib/session/auth-slice';
import type { AppStore } from './store';

/**
 * Start (spec section 4): with a stored token the current user is fetched (success signs in;
 * failure only marks the session initialised); without one the session is signed out and initialised.
 */
export async function startSession(store: AppStore): Promise<void> {
  // Inside Telegram (ADR 078) its chunk starts first and, without a kept token, signs in with Telegram's signature.
  if (insideTelegram()) {
    const { startInTelegram } = await import('../features/telegram/model/telegram-start');
    await startInTelegram(store).catch(() => 'failed');
    if (store.getState().auth.isAuthenticated) return;
  }
  if (!store.getState().auth.token) {
    store.dispatch(initialized());
    return;
  }
  await store.dispatch(checkSession());
  if (!store.getState().auth.isInitialized) store.dispatch(initialized());
}
