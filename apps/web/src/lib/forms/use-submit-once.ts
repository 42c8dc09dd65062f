import { useCallback, useRef } from 'react';

/**
 * Wraps a submit handler so a double click (or Enter pressed twice) sends one request: calls made
 * while the first is still running are dropped (their default action prevented, so a form never
 * falls back to a native submit).
 */
export function useSubmitOnce<E extends { preventDefault?: () => void } | undefined>(handler: (event?: E) => Promise<unknown>) {
  const busy = useRef(false);
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback(async (event?: E) => {
    if (busy.current) {
      event?.preventDefault?.();
      return;
    }
    busy.current = true;
    try {
      await latest.current(event);
    } finally {
      busy.current = false;
    }
  }, []);
}
