import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TAdminBranch } from '@portal/contract';
import { useGetCountriesQuery } from '../../../lib/api/common-api';
import { describeApiError } from '../../../lib/api/errors';
import { useCreateAdminBranchMutation, useUpdateAdminBranchMutation } from '../api/admin-branches-api';
import { draftOf, requestOf, type Draft } from './branch-draft';

/** What each section of the branch form works with: the draft, its setter, and the API's errors by field. */
export interface BranchFields {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  errors: Record<string, string[]>;
  err: (field: string) => string | undefined;
}

/**
 * The branch form's state: the draft, the API's answer to the last save, and the save itself (a new branch opens its
 * page with `?created=1`; a saved one reports its new version through onSaved). Any edit clears "saved".
 */
export function useBranchForm(branch: TAdminBranch | undefined, onSaved: ((version: number | null) => void) | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const countries = useGetCountriesQuery();
  const [draft, setDraft] = useState<Draft>(() => draftOf(branch));
  const [create, creating] = useCreateAdminBranchMutation();
  const [update, updating] = useUpdateAdminBranchMutation();
  const state = branch ? updating : creating;
  const failure = state.error ? describeApiError(state.error as never, t) : null;
  const errors = failure?.fields ?? {};
  const err = (field: string) => errors[field]?.[0];
  const countryCode = countries.data?.find((c) => String(c.id) === draft.country_id)?.code;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    onSaved?.(null);
    setDraft((d) => ({ ...d, [key]: value }));
  };
  /** The map's pin moved: both coordinates at once. */
  const pickPoint = (latitude: number, longitude: number) => {
    onSaved?.(null);
    setDraft((d) => ({ ...d, latitude: String(latitude), longitude: String(longitude) }));
  };

  useEffect(() => {
    if (!branch && !draft.country_id && countries.data?.[0]) setDraft((d) => ({ ...d, country_id: String(countries.data![0]!.id) }));
  }, [branch, countries.data, draft.country_id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    onSaved?.(null);
    const body = requestOf(draft, countryCode);
    if (branch) {
      const result = await update({ id: branch.id, body: { ...body, version: branch.version } });
      if ('data' in result && result.data) onSaved?.(result.data.version);
    } else {
      const result = await create(body);
      if ('data' in result && result.data) navigate(`/admin/branches/${result.data.id}?created=1`, { replace: true });
    }
  };

  const fields: BranchFields = { draft, set, errors, err };
  return { fields, countries: countries.data ?? [], countryCode, pickPoint, failure, saving: state.isLoading, submit };
}
