import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../hooks';
import { checkSession } from '../../lib/session/session-api';
import { ErrorState } from '../../components/ui/feedback';

/** Waits before each new try: 3 s, then twice as long each time, at most 30 s. */
export const RETRY_DELAYS_S = [3, 6, 12, 24, 30];

/**
 * A signed-in page while the service cannot be reached (network, timeout, 5xx at the session check): the customer is
 * told so and stays signed in, the check is tried again on its own with a growing wait (or at once with the button),
 * and the page shows as soon as it answers. Signing in again would not help, so the sign-in form is not shown.
 */
export function ServiceUnavailable() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [left, setLeft] = useState(RETRY_DELAYS_S[0]!);
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    const wait = RETRY_DELAYS_S[Math.min(attempt, RETRY_DELAYS_S.length - 1)]!;
    setLeft(wait);
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const retry = setTimeout(() => void tryNow(), wait * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
    };
    // tryNow only moves `attempt`, which restarts this wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  async function tryNow() {
    setTrying(true);
    await dispatch(checkSession());
    setTrying(false);
    setAttempt((n) => n + 1);
  }

  return (
    <div data-testid="service-unavailable" aria-live="polite">
      <ErrorState
        level={1}
        title={t('common:unavailable.title')}
        text={`${t('common:unavailable.text')} ${trying ? t('common:unavailable.retrying') : t('common:unavailable.retry_in', { seconds: left })}`}
        onRetry={trying ? undefined : () => void tryNow()}
      />
    </div>
  );
}
