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
  // A kept session is checked first; one the server refused gives way to Telegram's signature.
  if (insideTelegram()) {
    const [{ startInTelegram }] = await Promise.all([
      import('../features/telegram/model/telegram-start'),
      store.getState().auth.token ? store.dispatch(checkSession()) : null,
    ]);
    await startInTelegram(store);
    if (!store.getState().auth.isInitialized) store.dispatch(initialized());
    return;
  }
  if (!store.getState().auth.token) {
    store.dispatch(initialized());
    return;
  }
  await store.dispatch(checkSession());
  if (!store.getState().auth.isInitialized) store.dispatch(initialized());
}
