import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChannelState, TTelegramLink } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { TelegramIcon } from '../../../components/ui/icons';
import { notify } from '../../../lib/ui/toast';
import { useCreateTelegramLinkMutation, useUnlinkTelegramMutation } from '../api/notifications-api';
import styles from './notification-settings.module.css';

/**
 * Telegram in the profile: "Connect" asks for a one-time t.me link and shows it (opening it starts the bot, which
 * links the chat); while the link is out, the page asks the server every few seconds (`onWaiting`) until the
 * channel is linked. Linked: "Disconnect".
 */
export function TelegramConnect({ state, onWaiting }: { state: TChannelState; onWaiting: (waiting: boolean) => void }) {
  const { t } = useTranslation('notifications');
  const [createLink, { isLoading: creating }] = useCreateTelegramLinkMutation();
  const [unlink, { isLoading: unlinking }] = useUnlinkTelegramMutation();
  const [link, setLink] = useState<TTelegramLink | null>(null);

  const linked = state.status === 'linked';
  useEffect(() => {
    if (!link) return;
    if (linked) {
      setLink(null);
      notify.success(t('settings.telegram.connected'));
      return;
    }
    // The link lives 15 minutes: stop asking when it is gone.
    const left = Date.parse(link.expires_at) - Date.now();
    const expire = setTimeout(() => setLink(null), Math.max(0, left));
    return () => clearTimeout(expire);
  }, [link, linked, t]);
  useEffect(() => {
    onWaiting(link !== null);
  }, [link, onWaiting]);

  if (!state.available) return null;
  const connect = async () => {
    const result = await createLink();
    if ('error' in result) notify.error(t('settings.telegram.link_failed'));
    else setLink(result.data);
  };
  const disconnect = async () => {
    const result = await unlink();
    if ('error' in result) notify.error(t('settings.failed'));
  };

  if (linked)
    return (
      <div className={styles.channelActions}>
        <Button size="sm" variant="ghost" loading={unlinking} onClick={() => void disconnect()} data-testid="telegram-disconnect">
          {t('settings.telegram.disconnect')}
        </Button>
      </div>
    );
  if (link)
    return (
      <div className={styles.channelActions} data-testid="telegram-link">
        <p className={styles.hint}>{t('settings.telegram.link_hint')}</p>
        <a className={styles.telegramLink} href={link.url} target="_blank" rel="noopener noreferrer" data-testid="telegram-open">
          <TelegramIcon size={18} />
          {t('settings.telegram.open')}
        </a>
        <span className={styles.waiting} role="status">
          {t('settings.telegram.waiting')}
        </span>
      </div>
    );
  return (
    <div className={styles.channelActions}>
      <Button size="sm" variant="secondary" loading={creating} onClick={() => void connect()} data-testid="telegram-connect">
        <TelegramIcon size={16} />
        {t('settings.telegram.connect')}
      </Button>
    </div>
  );
}
