import type { ComponentProps } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { SelectField } from '../../../components/ui/field';
import { commonApi, useGetCountriesQuery, useGetCountryBranchesQuery } from '../../../lib/api/common-api';

function CountryBranches({ countryId, label }: { countryId: number; label: string }) {
  const branches = useGetCountryBranchesQuery(countryId);
  return (
    <optgroup label={label}>
      {(branches.data ?? []).map((b) => (
        <option key={b.id} value={b.id}>
          {b.name}
        </option>
      ))}
    </optgroup>
  );
}

/** `<option>`s of every open branch, grouped by country. */
function BranchOptions() {
  const countries = useGetCountriesQuery();
  return (
    <>
      {(countries.data ?? []).map((c) => (
        <CountryBranches key={c.id} countryId={c.id} label={c.name} />
      ))}
    </>
  );
}

/**
 * A branch select: `children` are the options before the branches (none, any, the warehouse). The options load after
 * the select is drawn, and a select keeps showing its first option when its value's option comes later: the select
 * itself is drawn again once every country's branches are in (React then selects its value), so an existing record
 * shows its branch, not "—".
 */
export function BranchSelect({ children, ...props }: ComponentProps<typeof SelectField>) {
  const countries = useGetCountriesQuery();
  const loaded = useAppSelector(
    (state) =>
      countries.data !== undefined &&
      countries.data.every((c) => commonApi.endpoints.getCountryBranches.select(c.id)(state).data !== undefined),
  );
  return (
    <SelectField aria-busy={!loaded} {...props}>
      {children}
      <BranchOptions />
    </SelectField>
  );
}
