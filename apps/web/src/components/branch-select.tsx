import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCountry } from '@portal/contract';
import { useGetCountriesQuery, useGetCountryBranchesQuery } from '../lib/api/common-api';
import { SelectField } from './ui/field';

function CountryBranches({ country }: { country: TCountry }) {
  const { data } = useGetCountryBranchesQuery(country.id);
  if (!data?.length) return null;
  return (
    <optgroup label={`${country.flag} ${country.name}`}>
      {data.map((branch) => (
        <option key={branch.id} value={String(branch.id)}>
          {branch.name}
        </option>
      ))}
    </optgroup>
  );
}

type BranchSelectProps = Omit<ComponentProps<'select'>, 'children'> & { label: ReactNode; error?: string; hint?: ReactNode };

/** The pickup branch, grouped by country (GET countries, then GET country/{id}/branches for each). */
export function BranchSelect(props: BranchSelectProps) {
  const { t } = useTranslation();
  const { data: countries } = useGetCountriesQuery();
  return (
    <SelectField {...props}>
      <option value="">{t('common:branch.choose')}</option>
      {countries?.map((country) => <CountryBranches key={country.id} country={country} />)}
    </SelectField>
  );
}

function BranchNameIn({ country, branchId }: { country: TCountry; branchId: number }) {
  const { data } = useGetCountryBranchesQuery(country.id);
  const branch = data?.find((b) => b.id === branchId);
  return branch ? <>{branch.name}</> : null;
}

/** The name of a branch, looked up in the countries' branch lists. */
export function BranchName({ branchId }: { branchId: number | null }) {
  const { data: countries } = useGetCountriesQuery();
  if (!branchId || !countries) return null;
  return (
    <>
      {countries.map((country) => (
        <BranchNameIn key={country.id} country={country} branchId={branchId} />
      ))}
    </>
  );
}
