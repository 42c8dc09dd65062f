import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { TBranch } from '@portal/contract';
import { useAppSelector } from '../../../app/hooks';
import { useGetCountriesQuery, useGetCountryBranchesQuery, useGetSettingsQuery } from '../../../lib/api/common-api';
import { useGetBranchQuery } from '../../../lib/api/content-api';
import { describeApiError } from '../../../lib/api/errors';
import { sortByDistance } from '../../../lib/content/distance';
import { selectUser } from '../../../lib/session/auth-slice';
import { BranchCard } from '../../../components/content/branch-card';
import { useMoney } from '../../../components/content/branch-info';
import { ListIcon, LocateIcon, MapIcon } from '../../../components/content/content-icons';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { Alert, EmptyState, ErrorState, Skeleton } from '../../../components/ui/feedback';
import { Tabs } from '../../../components/ui/overlay';
import { useGeolocation } from '../model/use-geolocation';
import styles from '../components/branches.module.css';

const BranchesMap = lazy(() => import('../components/branches-map'));

type View = 'list' | 'map';

/** /branches: a country's branches as a list or on a map, nearest first when the user shares their location. */
export default function BranchesPage() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'map' ? 'map' : 'list';
  const countries = useGetCountriesQuery();
  const settings = useGetSettingsQuery();
  const mine = useGetBranchQuery(user?.branch_id ?? 0, { skip: !user?.branch_id });
  const chosen = Number(params.get('country')) || null;
  const countryId = chosen ?? mine.data?.country_id ?? countries.data?.[0]?.id ?? null;
  const branches = useGetCountryBranchesQuery(countryId ?? 0, { skip: countryId === null });
  const geo = useGeolocation();

  const sorted = useMemo(() => sortByDistance(branches.data ?? [], geo.position), [branches.data, geo.position]);

  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );

  const openBranch = (branch: TBranch) => navigate(`/branches/${branch.id}`, { state: { title: branch.name } });
  const loading = countries.isLoading || branches.isLoading || (!!user?.branch_id && mine.isLoading && !chosen);

  return (
    <div className={styles.page} data-testid="branches-page">
      <PageHeader title={t('branches:title')} lead={t('branches:lead')} />
      <div className={styles.toolbar}>
        {countries.data && countries.data.length > 1 && countryId !== null && (
          <Tabs
            label={t('branches:country')}
            value={String(countryId)}
            options={countries.data.map((c) => ({ value: String(c.id), label: c.name }))}
            onChange={(value) => setParam('country', value)}
          />
        )}
        <Tabs
          label={t('branches:view.label')}
          value={view}
          options={[
            {
              value: 'list',
              label: (
                <span className={styles.tabLabel}>
                  <ListIcon size={18} />
                  <span className={styles.tabText}>{t('branches:view.list')}</span>
                </span>
              ),
            },
            {
              value: 'map',
              label: (
                <span className={styles.tabLabel}>
                  <MapIcon size={18} />
                  <span className={styles.tabText}>{t('branches:view.map')}</span>
                </span>
              ),
            },
          ]}
          onChange={(value) => setParam('view', value)}
        />
        <Button
          variant="secondary"
          size="sm"
          className={styles.nearMe}
          onClick={geo.request}
          loading={geo.status === 'asking'}
          aria-pressed={geo.status === 'granted'}
          data-testid="near-me"
        >
          <LocateIcon size={18} />
          {geo.status === 'granted' ? t('branches:geo.sorted') : t('branches:geo.button')}
        </Button>
      </div>
      {(geo.status === 'denied' || geo.status === 'unavailable') && (
        <Alert kind="info">{geo.status === 'denied' ? t('branches:geo.denied') : t('branches:geo.unavailable')}</Alert>
      )}

      {loading && (
        <div className={styles.grid}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={230} radius={16} />
          ))}
        </div>
      )}
      {(countries.error || branches.error) && (
        <ErrorState
          title={t('branches:error')}
          text={describeApiError(branches.error ?? countries.error, t).message}
          onRetry={() => {
            void countries.refetch();
            if (countryId !== null) void branches.refetch();
          }}
        />
      )}
      {branches.data && !branches.data.length && <EmptyState title={t('branches:empty')} />}

      {branches.data && branches.data.length > 0 && view === 'map' && (
        <Suspense fallback={<Skeleton height={460} radius={16} />}>
          <BranchesMap
            branches={branches.data}
            tileUrl={settings.data?.map_tile_url ?? ''}
            attribution={settings.data?.map_attribution ?? ''}
            userPosition={geo.position}
            onOpen={openBranch}
            texts={{
              open: t('branches:map.open'),
              tariff: (b) => t('content:per_kg', { price: money(b.tariff, b.currency) }),
              tilesFailed: t('branches:map.tiles_failed'),
              you: t('branches:map.you'),
              label: t('branches:map.label'),
            }}
          />
        </Suspense>
      )}
      {sorted.length > 0 && (
        <>
          {view === 'map' && <h2 className={styles.listTitle}>{t('branches:view.list')}</h2>}
          <ul className={styles.grid} data-testid="branch-list">
            {sorted.map(({ item, meters }) => (
              <li key={item.id}>
                <BranchCard branch={item} meters={meters} mine={item.id === user?.branch_id} headingLevel={view === 'map' ? 3 : 2} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
