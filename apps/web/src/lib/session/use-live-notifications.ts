import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { afterLoad } from '../ui/after-load';

/**
 * Keeps the unread badge and the notification list live while signed in (see live-notifications.ts).
 * The stream client is fetched only once someone is signed in, so /auth does not download it, and only once the page
 * has loaded and gone idle (afterLoad): the first screen does not share a phone's cores and network with it. What
 * changed meanwhile is caught up when the stream opens (live-notifications.ts).
 */
export function useLiveNotifications(token: string | null): void {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void afterLoad()
      .then(() => (cancelled ? null : import('./live-notifications')))
      .then((m) => {
        if (m && !cancelled) stop = m.startLiveNotifications(dispatch, token);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [dispatch, token]);
}
