import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/card';
import { ADMIN_NAV } from '../model/admin-nav';
import styles from '../admin.module.css';

/** /admin: where each part of the back office is, with what it is for. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <section data-testid="admin-home">
      <PageHeader title={t('admin:home.title')} lead={t('admin:home.lead')} />
      <div className={styles.cards}>
        {ADMIN_NAV.filter((e) => e.to).map(({ to, label, Icon }) => (
          <Link key={to} to={`/admin/${to}`} className={styles.card}>
            <Icon size={22} />
            <span>
              <span className={styles.cardTitle}>{t(`admin:${label}`)}</span>
              <br />
              <span className={styles.muted}>{t(`admin:home.hint.${to}`, { defaultValue: '' })}</span>
            </span>
          </Link>
        ))}
      </div>
    </section>
  );
}
