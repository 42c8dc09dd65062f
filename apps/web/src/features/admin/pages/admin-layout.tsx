import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/feedback';
import { ADMIN_NAV } from '../model/admin-nav';
import { useAdminTexts } from '../model/use-admin-texts';
import styles from '../admin.module.css';

/** /admin/*: the admin area's frame: its navigation beside the open page. Loaded only by admins (its own chunk). */
export default function AdminLayout() {
  const { t } = useTranslation();
  const ready = useAdminTexts();
  if (!ready) return <PageSpinner />;
  return (
    <div className={styles.area} data-testid="admin-area">
      <nav className={styles.nav} aria-label={t('admin:nav.label')}>
        <p className={styles.navTitle}>{t('admin:nav.label')}</p>
        {ADMIN_NAV.map(({ to, label, Icon }) => (
          <NavLink
            key={to}
            to={to ? `/admin/${to}` : '/admin'}
            end={!to}
            className={styles.navLink}
            data-testid={`admin-nav-${to || 'overview'}`}
          >
            <Icon size={18} />
            <span>{t(`admin:${label}`)}</span>
          </NavLink>
        ))}
      </nav>
      <div className={styles.main}>
        <Outlet />
      </div>
    </div>
  );
}
