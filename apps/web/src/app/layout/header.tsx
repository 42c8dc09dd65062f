import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import type { TSettings } from '@portal/contract';
import { useAppSelector } from '../hooks';
import { selectIsAuthenticated, selectUnreadCount } from '../../lib/session/auth-slice';
import { selectScrolled } from '../../lib/ui/ui-slice';
import { pageBrand } from '../../lib/brand';
import { BellIcon } from '../../components/ui/icons';
import { TopNav, UnreadBadge } from './nav';
import { SettingsMenu } from './settings-menu';
import styles from './layout.module.css';

/** Logo and site name from settings; the top navigation and the bell when signed in; the settings menu. */
export function Header({ settings }: { settings: TSettings | undefined }) {
  const { t } = useTranslation();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const scrolled = useAppSelector(selectScrolled);
  const unread = useAppSelector(selectUnreadCount);
  const name = settings?.site_name || pageBrand().site_name;
  return (
    <header className={[styles.header, scrolled && styles.headerScrolled].filter(Boolean).join(' ')}>
      <div className={`${styles.container} ${styles.headerInner}`}>
        <Link to="/" className={styles.brand} aria-label={t('common:go_home', { name })}>
          <img src={settings?.logo || pageBrand().logo} alt="" width={36} height={36} />
          <span className={styles.brandName} data-testid="site-name">
            {name}
          </span>
        </Link>
        {signedIn && <TopNav />}
        <div className={styles.headerEnd}>
          {signedIn && (
            <NavLink to="/notification" className={`${styles.iconButton} ${styles.desktopOnly}`} aria-label={t('common:nav.notifications')}>
              <BellIcon size={24} />
              <UnreadBadge count={unread} />
            </NavLink>
          )}
          <SettingsMenu />
        </div>
      </div>
    </header>
  );
}
