import { useTranslation } from 'react-i18next';
import type { TOwnUser } from '@portal/contract';
import { missingCustomsId, useCustomsNeed } from '../../../components/customs-need';
import { ButtonLink } from '../../../components/ui/button';
import styles from './home.module.css';

/** "Add your IIN so your parcels can leave China": while the customer's branch country needs a number they lack (ADR 084). */
export function CustomsBanner({ user }: { user: TOwnUser }) {
  const { t } = useTranslation();
  const missing = missingCustomsId(user, useCustomsNeed(user.branch_id));
  if (!missing || user.role !== 'customer') return null;
  return (
    <section className={styles.customsBanner} role="status" data-testid="customs-banner">
      <div>
        <strong className={styles.customsTitle}>{t(`customs:banner.${missing}`)}</strong>
        <p className={styles.customsText}>{t('customs:banner.text')}</p>
      </div>
      <ButtonLink to="/profile/account#customs" size="sm" data-testid="customs-banner-action">
        {t('customs:banner.action')}
      </ButtonLink>
    </section>
  );
}
