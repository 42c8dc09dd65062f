import type { THandoverLookup, TManageParcel, TShelfRef } from '@portal/contract';

/**
 * The hand-over's parcels in the pick list's order (shelf order: zone, rack, shelf; not shelved last), each with its
 * shelf, so the clerk walks the room once. A parcel the list does not name keeps its place at the end.
 */
export function pickOrder(found: Pick<THandoverLookup, 'parcels' | 'pick_list'>): { parcel: TManageParcel; shelf: TShelfRef | null }[] {
  const byId = new Map(found.parcels.map((p) => [p.id, p]));
  const listed = (found.pick_list ?? []).flatMap((l) => {
    const parcel = byId.get(l.order_id);
    if (!parcel) return [];
    byId.delete(l.order_id);
    return [{ parcel, shelf: l.shelf }];
  });
  return [...listed, ...[...byId.values()].map((parcel) => ({ parcel, shelf: null }))];
}
