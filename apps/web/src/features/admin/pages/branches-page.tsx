import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatMoney, isLang, type TAdminBranch, type TLang } from '@portal/contract';
import { ButtonLink } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { useGetCountriesQuery } from '../../../lib/api/common-api';
import { useAdminBranchesQuery } from '../api/admin-branches-api';
import { AdminFilters, AdminList, type AdminListColumn } from '../components/admin-list';
import { useListParams } from '../model/use-list-params';
import adminStyles from '../admin.module.css';
import styles from '../components/places.module.css';

const FILTERS = ['search', 'country_id', 'state'] as const;

/** /admin/branches: every branch, open and closed; search, filter by country and state; open one or add one. */
export default function BranchesPage() {
  const { t, i18n } = useTranslation();
  const lang: TLang = isLang(i18n.language) ? i18n.language : 'ru';
  const list = useListParams(FILTERS);
  const result = useAdminBranchesQuery({ ...list.query, page: list.page });
  const countries = useGetCountriesQuery();
  const countryName = (id: number) => countries.data?.find((c) => c.id === id)?.name ?? '';
  const columns: AdminListColumn<TAdminBranch>[] = [
    {
      key: 'name',
      header: t('admin:branches.name'),
      cell: (b) => (
        <span className={adminStyles.row}>
          <Link to={`/admin/branches/${b.id}`}>{b.name[lang] || b.name.ru}</Link>
          {!b.is_active && <span className={styles.closed}>{t('admin:branches.state_closed')}</span>}
        </span>
      ),
    },
    {
      key: 'city',
      header: t('admin:branches.city'),
      cell: (b) => `${b.city[lang] || b.city.ru}, ${countryName(b.country_id)}`,
      nowrap: true,
    },
    {
      key: 'tariff',
      header: t('admin:branches.tariff'),
      cell: (b) => formatMoney(b.tariff, b.currency, lang),
      nowrap: true,
      numeric: true,
    },
    { key: 'parcels', header: t('admin:branches.open_parcels'), cell: (b) => b.open_parcels, numeric: true },
    { key: 'customers', header: t('admin:branches.customers'), cell: (b) => b.customers, numeric: true },
  ];

  return (
    <section className={adminStyles.main} data-testid="admin-branches">
      <PageHeader title={t('admin:nav.branches')} lead={t('admin:branches.lead')} />
      <AdminList
        label={t('admin:nav.branches')}
        result={result}
        columns={columns}
        rowKey={(b) => b.id}
        rowTestId="branch-row"
        rowClassName={(b) => (b.is_active ? undefined : adminStyles.rowMuted)}
        onPage={list.setPage}
        filters={
          <AdminFilters onSubmit={list.apply}>
            <TextField
              label={t('admin:branches.search')}
              value={list.draft.search}
              onChange={(e) => list.setDraft('search', e.target.value)}
              type="search"
            />
            <SelectField
              label={t('admin:branches.country')}
              value={list.values.country_id}
              onChange={(e) => list.setNow('country_id', e.target.value)}
            >
              <option value="">{t('admin:branches.all_countries')}</option>
              {(countries.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField label={t('admin:branches.state')} value={list.values.state} onChange={(e) => list.setNow('state', e.target.value)}>
              <option value="">{t('admin:branches.all_states')}</option>
              <option value="active">{t('admin:branches.state_active')}</option>
              <option value="closed">{t('admin:branches.state_closed')}</option>
            </SelectField>
          </AdminFilters>
        }
        actions={
          <ButtonLink to="/admin/branches/new" variant="secondary" data-testid="branch-new">
            {t('admin:branches.new')}
          </ButtonLink>
        }
      />
    </section>
  );
}
