import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { CONTENT_PATHS } from '../model/content-kinds';
import styles from './content.module.css';

/** The content kinds as a row of links (news, lessons, FAQ, prohibited items, marketplaces, status names). */
export function ContentTabs() {
  const { t } = useTranslation();
  return (
    <nav className={styles.tabs} aria-label={t('admin:nav.content')}>
      {[...CONTENT_PATHS, 'statuses' as const].map((path) => (
        <NavLink key={path} to={`/admin/content/${path}`} className={styles.tab} data-testid={`content-tab-${path}`}>
          {t(`admin:content.kind.${path}`)}
        </NavLink>
      ))}
    </nav>
  );
}
