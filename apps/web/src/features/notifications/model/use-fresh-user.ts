import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { checkSession } from '../../../lib/session/session-api';

/** Fetches the signed-in user again on opening a page, so its notifications are the latest; reports how it went. */
export function useFreshUser(): { loading: boolean; failed: boolean; retry: () => void } {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState({ loading: true, failed: false });
  useEffect(() => {
    let alive = true;
    setState({ loading: true, failed: false });
    const request = dispatch(checkSession());
    void request.then((result) => {
      if (alive) setState({ loading: false, failed: Boolean(result.error) });
    });
    return () => {
      alive = false;
    };
  }, [dispatch, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
