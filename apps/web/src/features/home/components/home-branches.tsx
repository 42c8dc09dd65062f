import { useTranslation } from 'react-i18next';
import type { TBranch } from '@portal/contract';
import { useGetCountriesQuery, useGetCountryBranchesQuery } from '../../../lib/api/common-api';
import { useGetBranchQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { BranchCard } from '../../../components/content/branch-card';
import { Section } from '../../../components/content/section';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import styles from './home.module.css';

const SHOWN = 3;

/** The customer's branch first, then others of the same country (at most three), with a link to all. */
export function HomeBranches({ branchId }: { branchId: number | null }) {
  const { t } = useTranslation();
  const mine = useGetBranchQuery(branchId ?? 0, { skip: !branchId });
  const countries = useGetCountriesQuery();
  const countryId = mine.data?.country_id ?? countries.data?.[0]?.id;
  const list = useGetCountryBranchesQuery(countryId ?? 0, { skip: !countryId || (!!branchId && mine.isLoading) });

  const ordered: TBranch[] = list.data
    ? [...list.data].sort((a, b) => Number(b.id === branchId) - Number(a.id === branchId)).slice(0, SHOWN)
    : [];
  const loading = list.isLoading || (!!branchId && mine.isLoading) || countries.isLoading;

  return (
    <Section id="branches" title={t('home:branches.title')} more={{ to: '/branches', label: t('home:branches.all') }}>
      {loading && (
        <div className={styles.branchGrid}>
          {Array.from({ length: SHOWN }, (_, i) => (
            <Skeleton key={i} height={220} radius={16} />
          ))}
        </div>
      )}
      {list.error && (
        <ErrorState title={t('home:branches.error')} text={describeApiError(list.error, t).message} onRetry={() => void list.refetch()} />
      )}
      {list.data && !ordered.length && <EmptyState title={t('home:branches.empty')} />}
      {ordered.length > 0 && (
        <div className={styles.branchGrid}>
          {ordered.map((branch) => (
            <BranchCard key={branch.id} branch={branch} mine={branch.id === branchId} headingLevel={3} />
          ))}
        </div>
      )}
    </Section>
  );
}
