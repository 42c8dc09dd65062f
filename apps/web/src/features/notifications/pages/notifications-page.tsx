import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NOTIFICATION_TYPES } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { ErrorState, Skeleton } from '../../../components/ui/feedback';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { selectAuth, selectUnreadCount } from '../../../lib/session/auth-slice';
import { notify } from '../../../lib/ui/toast';
import { useReadNotificationsMutation } from '../api/notifications-api';
import { GroupIcon } from '../components/notification-icons';
import { useFreshUser } from '../model/use-fresh-user';
import styles from '../components/notifications.module.css';

/** /notification: the groups (orders, news, system) with their unread counts and newest item. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const { notifications } = useAppSelector(selectAuth);
  const unread = useAppSelector(selectUnreadCount);
  const fresh = useFreshUser();
  const [readAll, readState] = useReadNotificationsMutation();
  const types = [
    ...NOTIFICATION_TYPES,
    ...Object.keys(notifications).filter((k) => !(NOTIFICATION_TYPES as readonly string[]).includes(k)),
  ];
  const hasAny = types.some((type) => (notifications[type]?.data.length ?? 0) > 0);

  const markAll = async () => {
    const result = await readAll();
    if ('error' in result) notify.error(t('notifications:read_failed'));
  };

  let body;
  if (fresh.loading && !hasAny) {
    body = (
      <ul className={styles.groups} aria-busy="true">
        {NOTIFICATION_TYPES.map((type) => (
          <li key={type} className={styles.group}>
            <Skeleton width={48} height={48} radius={12} />
            <div className={styles.groupMain}>
              <Skeleton width="30%" height={16} />
              <Skeleton width="70%" height={14} />
            </div>
          </li>
        ))}
      </ul>
    );
  } else if (fresh.failed && !hasAny) {
    body = <ErrorState title={t('notifications:error_title')} onRetry={fresh.retry} />;
  } else {
    body = (
      <ul className={styles.groups} data-testid="notification-groups">
        {types.map((type) => {
          const group = notifications[type] ?? { data: [], unread: 0 };
          const latest = group.data[0];
          return (
            <li key={type}>
              <Link className={styles.group} to={`/notification/${type}`} data-testid={`group-${type}`}>
                <span className={styles.groupIcon}>
                  <GroupIcon type={type} />
                </span>
                <span className={styles.groupMain}>
                  <span className={styles.groupTitle} data-testid="group-title">
                    {t(`notifications:groups.${type}`, { defaultValue: type })}
                  </span>
                  <span className={styles.groupPreview}>{latest ? latest.title : t('notifications:empty_group')}</span>
                </span>
                {group.unread > 0 ? (
                  <span className={styles.count} data-testid="group-unread" aria-label={t('common:unread', { count: group.unread })}>
                    {group.unread > 99 ? '99+' : group.unread}
                  </span>
                ) : (
                  latest && <span className={styles.read}>{t('notifications:all_read')}</span>
                )}
                <ChevronRightIcon size={18} />
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.page} data-testid="notifications-page">
      <div className={styles.headRow}>
        <PageHeader
          title={t('notifications:title')}
          lead={unread > 0 ? t('notifications:lead_unread', { count: unread }) : t('notifications:lead_none')}
        />
        {unread > 0 && (
          <Button variant="secondary" size="sm" loading={readState.isLoading} onClick={() => void markAll()}>
            {t('notifications:mark_all')}
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
