import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { codeFlowEnded } from './auth-slice';
import { useLogoutMutation } from './session-api';

/** Logs out (server and local session) and returns the user to / (spec: logout returns to /). */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, state] = useLogoutMutation();
  const run = useCallback(async () => {
    await logout()
      .unwrap()
      .catch(() => undefined);
    dispatch(codeFlowEnded());
    navigate('/', { replace: true });
  }, [dispatch, logout, navigate]);
  return [run, state] as const;
}
