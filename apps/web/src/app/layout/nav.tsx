import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectUnreadCount } from '../../lib/session/auth-slice';
import { BellIcon, BoxIcon, HomeIcon, QrIcon, UserIcon } from '../../components/ui/icons';
import styles from './layout.module.css';

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  end?: boolean;
  badge?: boolean;
}

const TOP: NavItem[] = [
  { to: '/', label: 'nav.home', Icon: HomeIcon, end: true },
  { to: '/orders', label: 'nav.orders', Icon: BoxIcon },
  { to: '/qr', label: 'nav.qr', Icon: QrIcon },
  { to: '/profile', label: 'nav.profile', Icon: UserIcon },
];
export const BOTTOM: NavItem[] = [
  { to: '/', label: 'nav.home', Icon: HomeIcon, end: true },
  { to: '/orders', label: 'nav.orders', Icon: BoxIcon },
  { to: '/qr', label: 'nav.qr', Icon: QrIcon },
  { to: '/notification', label: 'nav.notifications', Icon: BellIcon, badge: true },
  { to: '/profile', label: 'nav.profile', Icon: UserIcon },
];

export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className={styles.badge} data-testid="unread-badge" aria-label={t('common:unread', { count })}>
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** Wide screens, signed in: home, orders, QR, profile. */
export function TopNav() {
  const { t } = useTranslation();
  return (
    <nav className={styles.topNav} aria-label={t('common:nav.main')}>
      {TOP.map(({ to, label, Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={styles.topNavLink}>
          <Icon size={18} />
          {t(`common:${label}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** Up to 768px, signed in: a fixed bar with home, orders, QR, notifications (with the unread badge), profile. */
export function BottomBar() {
  const { t } = useTranslation();
  const unread = useAppSelector(selectUnreadCount);
  return (
    <nav className={styles.bottomBar} aria-label={t('common:nav.main')} data-testid="bottom-bar">
      {BOTTOM.map(({ to, label, Icon, end, badge }) => (
        <NavLink key={to} to={to} end={end} className={styles.bottomLink}>
          <span className={styles.bottomIcon}>
            <Icon size={24} />
            {badge && <UnreadBadge count={unread} />}
          </span>
          <span className={styles.bottomLabel} data-testid="bottom-label">
            {t(`common:${label}`)}
          </span>
        </NavLink>
      ))}
    </nav>
  );
}
