import { useGetCountriesQuery, useGetCountryBranchesQuery } from '../../../lib/api/common-api';

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

/** `<option>`s of every open branch, grouped by country, for a branch select. */
export function BranchOptions() {
  const countries = useGetCountriesQuery();
  return (
    <>
      {(countries.data ?? []).map((c) => (
        <CountryBranches key={c.id} countryId={c.id} label={c.name} />
      ))}
    </>
  );
}
