import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { TBranch, TCountry } from '@portal/contract';
import { commonApi, useGetCountriesQuery, useGetCountryBranchesQuery } from '../lib/api/common-api';
import { SelectField } from './ui/field';

type ApiState = Parameters<ReturnType<typeof commonApi.endpoints.getCountryBranches.select>>[0];

/** Keeps one country's branch list loaded (renders nothing). */
function BranchesLoader({ countryId }: { countryId: number }) {
  useGetCountryBranchesQuery(countryId);
  return null;
}

/** Every country with its loaded branches, read from the cache in one selector so the select re-renders when any list arrives. */
function useCountriesWithBranches(): Array<{ country: TCountry; branches: TBranch[] }> {
  const { data: countries } = useGetCountriesQuery();
  const lists = useSelector(
    (state: ApiState) => (countries ?? []).map((c) => commonApi.endpoints.getCountryBranches.select(c.id)(state).data),
    (a, b) => a.length === b.length && a.every((list, i) => list === b[i]),
  );
  return (countries ?? []).map((country, i) => ({ country, branches: lists[i] ?? [] }));
}

type BranchSelectProps = Omit<ComponentProps<'select'>, 'children'> & { label: ReactNode; error?: string; hint?: ReactNode };

/**
 * The pickup branch, grouped by country (GET countries, then GET country/{id}/branches for each).
 * The options are rendered by the select itself, so a value set before they arrive is applied once they do.
 */
export function BranchSelect(props: BranchSelectProps) {
  const { t } = useTranslation();
  const groups = useCountriesWithBranches();
  return (
    <>
      {groups.map(({ country }) => (
        <BranchesLoader key={country.id} countryId={country.id} />
      ))}
      <SelectField {...props}>
        <option value="">{t('common:branch.choose')}</option>
        {groups
          .filter((g) => g.branches.length > 0)
          .map(({ country, branches }) => (
            <optgroup key={country.id} label={`${country.flag} ${country.name}`}>
              {branches.map((branch) => (
                <option key={branch.id} value={String(branch.id)}>
                  {branch.name}
                </option>
              ))}
            </optgroup>
          ))}
      </SelectField>
    </>
  );
}

/** The name of a branch, looked up in the countries' branch lists. */
export function BranchName({ branchId }: { branchId: number | null }) {
  const groups = useCountriesWithBranches();
  const branch = groups.flatMap((g) => g.branches).find((b) => b.id === branchId);
  return (
    <>
      {groups.map(({ country }) => (
        <BranchesLoader key={country.id} countryId={country.id} />
      ))}
      {branch?.name ?? null}
    </>
  );
}
