import { sessionApi } from '../lib/session/session-api';
import { initialized } from '../lib/session/auth-slice';
import type { AppStore } from './store';

/**
 * Start (spec section 4): with a stored token the current user is fetched (success signs in;
 * failure only marks the session initialised); without one the session is signed out and initialised.
 */
export async function startSession(store: AppStore): Promise<void> {
  if (!store.getState().auth.token) {
    store.dispatch(initialized());
    return;
  }
  const request = store.dispatch(sessionApi.endpoints.getAuthUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  await request;
  if (!store.getState().auth.isInitialized) store.dispatch(initialized());
}
