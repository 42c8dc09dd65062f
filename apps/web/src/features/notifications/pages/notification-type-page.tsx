import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ZNotificationType, type TNotification, type TNotificationType } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { formatDate, formatTime } from '../../../lib/content/format';
import { selectLang } from '../../../lib/preferences/lang-slice';
import { selectAuth } from '../../../lib/session/auth-slice';
import { useReadNotificationsMutation } from '../api/notifications-api';
import { GroupIcon } from '../components/notification-icons';
import styles from '../components/notifications.module.css';

function When({ iso }: { iso: string }) {
  const lang = useAppSelector(selectLang);
  const date = new Date(iso);
  const today = new Date().toDateString() === date.toDateString();
  const text = today ? formatTime(date, lang) : formatDate(iso, lang);
  return <time dateTime={iso}>{text}</time>;
}

function Item({ item, fresh }: { item: TNotification; fresh: boolean }) {
  const { t } = useTranslation();
  const internal = item.link?.startsWith('/') ?? false;
  return (
    <li className={styles.item} data-fresh={fresh} data-testid="notification-item">
      <div className={styles.itemHead}>
        <h2 className={styles.itemTitle}>{item.title}</h2>
        {fresh && <span className={styles.newTag}>{t('notifications:new')}</span>}
      </div>
      <p className={styles.itemBody}>{item.body}</p>
      <div className={styles.itemFoot}>
        <When iso={item.created_at} />
        {item.link &&
          (internal ? (
            <Link className={styles.itemLink} to={item.link}>
              {t('notifications:open')}
            </Link>
          ) : (
            <a className={styles.itemLink} href={item.link} target="_blank" rel="noreferrer">
              {t('notifications:open')}
            </a>
          ))}
      </div>
    </li>
  );
}

/**
 * /notification/{type}: one group's notifications, marked read as the page opens. The read call answers the
 * whole grouped list, which replaces the one in the store, so the bottom-bar badge drops at once. Items that
 * were unread when the page opened stay highlighted during the visit.
 */
export default function NotificationTypePage() {
  const { t } = useTranslation();
  const params = useParams();
  const parsed = ZNotificationType.safeParse(params.type);
  const type: TNotificationType | null = parsed.success ? parsed.data : null;
  const { notifications } = useAppSelector(selectAuth);
  const [read, readState] = useReadNotificationsMutation();
  const [freshIds, setFreshIds] = useState<Set<number>>(new Set());
  const opened = useRef<string | null>(null);

  useEffect(() => {
    if (!type || opened.current === type) return;
    opened.current = type;
    setFreshIds(new Set((notifications[type]?.data ?? []).filter((n) => !n.read).map((n) => n.id)));
    void read({ type });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mark read once per opened group; the list it reads changes because of that call
  }, [type]);

  if (!type) {
    return (
      <EmptyState
        level={1}
        title={t('notifications:unknown_title')}
        actions={<ButtonLink to="/notification">{t('notifications:back')}</ButtonLink>}
      />
    );
  }

  const items = notifications[type]?.data ?? [];
  let body;
  if (readState.isLoading && !items.length) {
    body = (
      <ul className={styles.items} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.item}>
            <Skeleton width="50%" height={18} />
            <Skeleton height={14} />
            <Skeleton width="30%" height={12} />
          </li>
        ))}
      </ul>
    );
  } else if (readState.isError && !items.length) {
    body = <ErrorState title={t('notifications:error_title')} onRetry={() => void read({ type })} />;
  } else if (!items.length) {
    body = (
      <EmptyState
        icon={<GroupIcon type={type} size={30} />}
        title={t('notifications:empty_group')}
        text={t(`notifications:empty_text.${type}`)}
      />
    );
  } else {
    body = (
      <ul className={styles.items} data-testid="notification-items">
        {items.map((item) => (
          <Item key={item.id} item={item} fresh={freshIds.has(item.id)} />
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.page} data-testid="notification-type-page">
      <div className={styles.headRow}>
        <PageHeader title={t(`notifications:groups.${type}`)} />
        <ButtonLink variant="secondary" size="sm" to="/notification">
          {t('notifications:back')}
        </ButtonLink>
      </div>
      {body}
    </div>
  );
}
