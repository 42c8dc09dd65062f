import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';

/**
 * Keeps the unread badge and the notification list live while signed in (see live-notifications.ts).
 * The stream client is fetched only once someone is signed in, so /auth does not download it.
 */
export function useLiveNotifications(token: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./live-notifications').then((m) => {
      if (!cancelled) stop = m.startLiveNotifications(dispatch, token);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [dispatch, token]);
}
