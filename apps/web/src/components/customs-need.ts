import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TCustomsId, TOwnUser } from '@portal/contract';
import { commonApi, useGetCountriesQuery } from '../lib/api/common-api';

type ApiState = Parameters<ReturnType<typeof commonApi.endpoints.getCountryBranches.select>>[0];

/**
 * Which personal number customs need for the parcels of a customer's branch (its country's `customs_id`, ADR 084):
 * undefined while the lists load. Only the branches of countries that need a number are asked for.
 */
export function useCustomsNeed(branchId: number | null | undefined): TCustomsId | undefined {
  const { data: countries } = useGetCountriesQuery();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const needing = (countries ?? []).filter((c) => c.customs_id !== 'none');
  const key = needing.map((c) => c.id).join(',');
  useEffect(() => {
    const subscriptions = needing.map((c) => dispatch(commonApi.endpoints.getCountryBranches.initiate(c.id)));
    return () => subscriptions.forEach((s) => s.unsubscribe());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the countries that need a number, by id
  }, [key, dispatch]);
  const lists = useSelector(
    (state: ApiState) => needing.map((c) => commonApi.endpoints.getCountryBranches.select(c.id)(state).data),
    (a, b) => a.length === b.length && a.every((list, i) => list === b[i]),
  );
  if (!countries || !branchId) return undefined;
  for (const [i, country] of needing.entries()) if (lists[i]?.some((b) => b.id === branchId)) return country.customs_id;
  return lists.every(Boolean) ? 'none' : undefined;
}

/** The number a customer still has to give before their parcels can leave China, or null. */
export function missingCustomsId(
  user: Pick<TOwnUser, 'iin' | 'personal_number'>,
  need: TCustomsId | undefined,
): 'iin' | 'personal_number' | null {
  if (need === 'iin' && !user.iin) return 'iin';
  if (need === 'personal_number' && !user.personal_number) return 'personal_number';
  return null;
}
