import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChannelState } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/ui/toast';
import { useLazyPushKeyQuery, useSubscribePushMutation, useUnsubscribePushMutation } from '../api/notifications-api';
import styles from './notification-settings.module.css';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The base64url VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/**
 * Web push in the profile, per browser: "Turn on in this browser" asks the browser's permission, subscribes
 * through the service worker (the portal's VAPID key) and hands the subscription to the portal; "Turn off"
 * undoes both. Browsers without push (iPhone Safari outside the Home Screen) get a hint instead.
 */
export function PushConnect({ state }: { state: TChannelState }) {
  const { t } = useTranslation('notifications');
  const [getKey] = useLazyPushKeyQuery();
  const [subscribe, { isLoading: subscribing }] = useSubscribePushMutation();
  const [unsubscribe, { isLoading: unsubscribing }] = useUnsubscribePushMutation();
  const [here, setHere] = useState<PushSubscription | null | undefined>(undefined);

  useEffect(() => {
    if (!supported()) return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration('/')
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then((sub) => live && setHere(sub ?? null))
      .catch(() => live && setHere(null));
    return () => {
      live = false;
    };
  }, [state.status]);

  if (!state.available) return null;
  if (!supported())
    return (
      <div className={styles.channelActions}>
        <p className={styles.hint}>{t('settings.push.unsupported')}</p>
      </div>
    );

  const turnOn = async () => {
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        notify.warn(t('settings.push.denied'));
        return;
      }
      const key = await getKey().unwrap();
      const reg = await registration();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
      const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const result = await subscribe({ endpoint: json.endpoint, keys: json.keys });
      if ('error' in result) throw new Error('subscribe failed');
      setHere(sub);
      notify.success(t('settings.push.on'));
    } catch {
      notify.error(t('settings.push.failed'));
    }
  };
  const turnOff = async () => {
    if (!here) return;
    const result = await unsubscribe({ endpoint: here.endpoint });
    if ('error' in result) {
      notify.error(t('settings.failed'));
      return;
    }
    await here.unsubscribe().catch(() => false);
    setHere(null);
  };

  return (
    <div className={styles.channelActions}>
      {here ? (
        <Button size="sm" variant="ghost" loading={unsubscribing} onClick={() => void turnOff()} data-testid="push-off">
          {t('settings.push.turn_off')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          loading={subscribing}
          disabled={here === undefined && state.status === 'linked'}
          onClick={() => void turnOn()}
          data-testid="push-on"
        >
          {t('settings.push.turn_on')}
        </Button>
      )}
    </div>
  );
}
