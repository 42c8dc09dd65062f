import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { codeFlowEnded } from './auth-slice';
import { browserPushSubscription } from './push-subscription';
import { useLogoutMutation } from './session-api';

/**
 * Logs out (server and local session, and this browser's push subscription of the account) and returns the user to /
 * (spec: logout returns to /).
 */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, state] = useLogoutMutation();
  const run = useCallback(async () => {
    const push = await browserPushSubscription();
    await logout(push ? { push_endpoint: push.endpoint } : undefined)
      .unwrap()
      .catch(() => undefined);
    await push?.unsubscribe().catch(() => false);
    dispatch(codeFlowEnded());
    navigate('/', { replace: true });
  }, [dispatch, logout, navigate]);
  return [run, state] as const;
}
