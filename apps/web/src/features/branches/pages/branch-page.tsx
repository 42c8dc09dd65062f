import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useGetSettingsQuery } from '../../../lib/api/common-api';
import { useGetBranchQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { selectUser } from '../../../lib/session/auth-slice';
import { BranchAddress, BranchLinks, BranchStatus, Tariff, useMoney } from '../../../components/content/branch-info';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { PriceCalculator } from '../components/price-calculator';
import { WeekHours } from '../components/week-hours';
import styles from '../components/branches.module.css';

const BranchesMap = lazy(() => import('../components/branches-map'));

/** /branches/{id}: one branch with its week, contacts, a small map and the price calculator. */
export default function BranchPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const { id } = useParams();
  const branchId = Number(id);
  const valid = Number.isInteger(branchId) && branchId > 0;
  const user = useAppSelector(selectUser);
  const settings = useGetSettingsQuery();
  const { data: branch, error, isLoading, refetch } = useGetBranchQuery(branchId, { skip: !valid });

  const notFound = !valid || (error && 'status' in error && error.status === 404);
  if (notFound) {
    return (
      <EmptyState
        level={1}
        title={t('branches:detail.not_found')}
        text={t('branches:detail.not_found_text')}
        actions={<ButtonLink to="/branches">{t('branches:detail.all')}</ButtonLink>}
      />
    );
  }
  if (isLoading) {
    return (
      <div className={styles.page} aria-busy="true">
        <Skeleton width="60%" height={36} />
        <div className={styles.detail}>
          <Skeleton height={420} radius={16} />
          <Skeleton height={320} radius={16} />
        </div>
      </div>
    );
  }
  if (error || !branch)
    return <ErrorState level={1} title={t('branches:error')} text={describeApiError(error, t).message} onRetry={() => void refetch()} />;

  return (
    <div className={styles.page} data-testid="branch-page">
      <header className={styles.detailHead}>
        <div>
          <h1 className={styles.detailTitle}>{branch.name}</h1>
          <BranchAddress branch={branch} />
        </div>
        {branch.id === user?.branch_id && <span className={styles.mineBadge}>{t('content:branch.mine')}</span>}
      </header>
      <div className={styles.detail}>
        <div className={styles.detailMain}>
          <Card className={styles.infoCard}>
            <div className={styles.facts}>
              <div>
                <span className={styles.factLabel}>{t('branches:detail.tariff')}</span>
                <Tariff branch={branch} />
              </div>
              <div>
                <span className={styles.factLabel}>{t('branches:detail.storage')}</span>
                <span className={styles.factValue}>{t('branches:detail.storage_days', { count: branch.storage_days })}</span>
              </div>
            </div>
            <BranchStatus branch={branch} />
            <BranchLinks branch={branch} />
          </Card>
          <Card>
            <h2 className={styles.cardTitle}>{t('branches:detail.hours')}</h2>
            <WeekHours branch={branch} />
            <p className={styles.zoneNote}>{t('branches:detail.time_zone', { zone: branch.time_zone })}</p>
          </Card>
        </div>
        <div className={styles.detailSide}>
          <Card>
            <PriceCalculator branch={branch} />
          </Card>
          <Suspense fallback={<Skeleton height={260} radius={16} />}>
            <BranchesMap
              single
              height={260}
              branches={[branch]}
              tileUrl={settings.data?.map_tile_url ?? ''}
              attribution={settings.data?.map_attribution ?? ''}
              texts={{
                open: t('branches:map.open'),
                tariff: (b) => t('content:per_kg', { price: money(b.tariff, b.currency) }),
                tilesFailed: t('branches:map.tiles_failed_single'),
                you: t('branches:map.you'),
                label: t('branches:map.label_single', { name: branch.name }),
              }}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
