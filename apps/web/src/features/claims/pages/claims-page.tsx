import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/card';
import { EmptyState, ErrorState, PageSpinner } from '../../../components/ui/feedback';
import { describeApiError } from '../../../lib/api/errors';
import { useMyClaimsQuery } from '../api/claims-api';
import { ClaimState, day, money, useLang } from '../components/claim-bits';
import styles from '../components/claims.module.css';

/** /claims: the customer's claims, newest first. */
export default function ClaimsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useMyClaimsQuery();
  if (q.isLoading) return <PageSpinner />;
  if (q.error || !q.data)
    return (
      <ErrorState level={1} title={t('claims:error_title')} text={describeApiError(q.error, t).message} onRetry={() => void q.refetch()} />
    );
  return (
    <div className={styles.page} data-testid="claims-page">
      <PageHeader title={t('claims:list_title')} lead={t('claims:list_lead')} />
      {q.data.length === 0 ? (
        <EmptyState level={2} title={t('claims:none_title')} text={t('claims:none_text')} />
      ) : (
        <ul className={styles.list}>
          {q.data.map((c) => (
            <li key={c.id}>
              <Link to={`/claims/${c.id}`} className={styles.row} data-testid="claim-row">
                <span className={styles.rowMain}>
                  <span className={styles.title}>{t(`claims:kind.${c.kind}`)}</span>
                  <span className={styles.code}>{c.track_code}</span>
                  <span className={styles.muted}>
                    {t('claims:opened_on', { date: day(c.created_at, lang) })}
                    {c.amount_approved !== null && ` · ${money(c.amount_approved, c.currency, lang)}`}
                  </span>
                </span>
                <ClaimState state={c.state} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
