import {
  effectiveCapabilities,
  MANAGE_WORKS,
  pickText,
  toMajor,
  type TLang,
  type TManageBranch,
  type TManageContext,
  type TManageWork,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { branchesRepository } from '../branches/branches-repository';
import type { UserRow } from '../users/users-repository';

/** The works a place allows (the same places the scope guards of manage-access.ts admit): admins every work. */
export function worksOf(user: UserRow): TManageWork[] {
  if (user.role === 'admin') return [...MANAGE_WORKS];
  if (user.placeKind === 'china_warehouse') return ['receive', 'import', 'unclaimed', 'disputes', 'dispatch', 'bags', 'find'];
  if (user.placeKind === 'branch' && user.placeBranchId)
    return [
      'arrival',
      'bag_arrival',
      'handover',
      'pickup_slots',
      'shelves',
      'stock_take',
      'missing',
      'close_day',
      'payment_differences',
      'claims',
      'door_delivery',
      ...(effectiveCapabilities(user).includes('reports') ? (['reports'] as const) : []),
      'find',
    ];
  return ['find'];
}

export const contextService = {
  /** GET manage/context: the caller's place, the works it allows, and every active branch. */
  async of(db: Db, user: UserRow, lang: TLang): Promise<TManageContext> {
    const list: TManageBranch[] = (await branchesRepository.allActive(db)).map((b) => ({
      id: b.id,
      name: pickText(b.name, lang),
      country_id: b.countryId,
      tariff: toMajor(b.tariff),
      currency: b.currency,
    }));
    const admin = user.role === 'admin';
    return {
      role: admin ? 'admin' : 'staff',
      place: admin || !user.placeKind ? null : { kind: user.placeKind, branch_id: user.placeBranchId ?? null },
      place_branch: user.role === 'staff' && user.placeKind === 'branch' ? (list.find((b) => b.id === user.placeBranchId) ?? null) : null,
      works: worksOf(user),
      capabilities: effectiveCapabilities(user),
      branches: list,
    };
  },
};
