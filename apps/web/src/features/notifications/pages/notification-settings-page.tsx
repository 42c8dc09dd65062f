import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_EVENTS,
  PREFERENCE_CHANNELS,
  type TChannelState,
  type TNotificationEvent,
  type TPreferenceChannel,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card, PageHeader } from '../../../components/ui/card';
import { ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/ui/toast';
import { useNotificationSettingsQuery, useResetChannelMutation, useUpdatePreferencesMutation } from '../api/notifications-api';
import styles from '../components/notification-settings.module.css';
import { PushConnect } from '../components/push-connect';
import { TelegramConnect } from '../components/telegram-connect';

/** /profile/notifications: each channel's state (an unreachable one can be tried again) and event × channel switches. */
export default function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const [waitingForTelegram, setWaitingForTelegram] = useState(false);
  // While a Telegram link is out, ask every few seconds whether the chat was linked.
  const settings = useNotificationSettingsQuery(undefined, { pollingInterval: waitingForTelegram ? 3000 : 0 });
  const [update] = useUpdatePreferencesMutation();
  const [reset, { isLoading: resetting }] = useResetChannelMutation();

  if (settings.isLoading) return <PageSpinner />;
  if (!settings.data) return <ErrorState title={t('settings.load_failed')} onRetry={() => void settings.refetch()} />;
  const { channels, preferences } = settings.data;
  const enabled = (event: TNotificationEvent, channel: TPreferenceChannel) =>
    preferences.find((p) => p.event === event && p.channel === channel)?.enabled ?? false;
  const toggle = async (event: TNotificationEvent, channel: TPreferenceChannel, value: boolean) => {
    const result = await update({ preferences: [{ event, channel, enabled: value }] });
    if ('error' in result) notify.error(t('settings.failed'));
  };

  return (
    <div className={styles.page} data-testid="notification-settings">
      <PageHeader title={t('settings.title')} lead={t('settings.lead')} />
      <Card>
        <h2 className={styles.sectionTitle}>{t('settings.channels')}</h2>
        <ul className={styles.channels}>
          {channels.map((c: TChannelState) => (
            <li key={c.channel} className={styles.channel} data-testid={`channel-${c.channel}`} data-status={c.status}>
              <span className={styles.channelName}>{t(`settings.channel.${c.channel}`)}</span>
              <span className={`${styles.status} ${styles[c.available ? c.status : 'not_linked']}`}>
                {t(`settings.status.${c.available ? c.status : 'unavailable'}`)}
              </span>
              {c.status === 'unreachable' && (
                <div className={styles.unreachable}>
                  <p>{t('settings.unreachable_hint')}</p>
                  <Button size="sm" variant="secondary" loading={resetting} onClick={() => void reset(c.channel)}>
                    {t('settings.retry')}
                  </Button>
                </div>
              )}
              {c.channel === 'telegram' && c.status !== 'unreachable' && <TelegramConnect state={c} onWaiting={setWaitingForTelegram} />}
              {c.channel === 'push' && c.status !== 'unreachable' && <PushConnect state={c} />}
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className={styles.sectionTitle} id="events-title">
          {t('settings.events_title')}
        </h2>
        <table className={styles.matrix} aria-labelledby="events-title">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('settings.events_title')}</span>
              </th>
              {PREFERENCE_CHANNELS.map((channel) => (
                <th scope="col" key={channel} id={`col-${channel}`} title={t(`settings.channel.${channel}`)}>
                  {t(`settings.channel_short.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENTS.map((event) => (
              <tr key={event}>
                <th scope="row" id={`row-${event}`}>
                  {t(`settings.event.${event}`)}
                </th>
                {PREFERENCE_CHANNELS.map((channel) => (
                  <td key={channel}>
                    <Switch
                      checked={enabled(event, channel)}
                      label={`${t(`settings.event.${event}`)}: ${t(`settings.channel.${channel}`)}`}
                      onChange={(value) => void toggle(event, channel, value)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
