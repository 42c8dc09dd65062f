import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isLang, type TLang } from '@portal/contract';
import { PageHeader } from '../../../components/ui/card';
import { Alert, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { useAdminBranchQuery } from '../api/admin-branches-api';
import { BranchForm } from '../components/branch-form';
import { BranchOpenOrClose } from '../components/branch-open-or-close';
import { PaymentProviders } from '../components/payment-providers';
import { SlotRulesSection } from '../components/slot-rules-section';
import { errorText } from '../model/api-error';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

/** /admin/branches/new and /admin/branches/:id: every field of a branch; close or open it again. */
export default function BranchPage() {
  const { t, i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const param = useParams().id;
  const isNew = param === 'new';
  const id = Number(param);
  const detail = useAdminBranchQuery(id, { skip: isNew || !Number.isInteger(id) || id <= 0 });
  const created = new URLSearchParams(window.location.search).has('created');
  const [savedVersion, setSavedVersion] = useState<number | null>(null);

  if (isNew) {
    return (
      <section className={adminStyles.main} data-testid="admin-branch">
        <PageHeader title={t('admin:branches.new')} lead={t('admin:branches.new_lead')} />
        <BranchForm />
      </section>
    );
  }
  if (detail.isLoading) return <PageSpinner />;
  const branch = detail.data;
  if (!branch) return <ErrorState title={t('errors:unknown')} text={errorText(detail.error, t)} onRetry={() => void detail.refetch()} />;
  return (
    <section className={adminStyles.main} data-testid="admin-branch">
      <PageHeader
        title={branch.name[lang] || branch.name.ru}
        lead={`${branch.city[lang] || branch.city.ru} · ${branch.address[lang] || branch.address.ru}`}
      />
      {!branch.is_active && <span className={styles.closed}>{t('admin:branches.state_closed')}</span>}
      {created && <Alert kind="success">{t('admin:branches.created')}</Alert>}
      {/* Keyed by version: a save or close reloads the form with what the server has. */}
      <BranchForm key={branch.version} branch={branch} saved={savedVersion === branch.version} onSaved={setSavedVersion} />
      <p>
        <Link to={`/admin/branches/${branch.id}/locations`} data-testid="branch-locations-link">
          {t('admin:locations.link')}
        </Link>
      </p>
      <SlotRulesSection branchId={branch.id} />
      <PaymentProviders branchId={branch.id} />
      <BranchOpenOrClose branch={branch} />
    </section>
  );
}
