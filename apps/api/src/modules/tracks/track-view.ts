import type { TSavedTrack } from '@portal/contract';
import type { StatusRefs } from '../orders/order-view';
import type { SavedTrackRow } from './tracks-repository';

export function toSavedTrack(row: SavedTrackRow, statuses: StatusRefs): TSavedTrack {
  const status = row.orderStatusId !== null ? statuses.get(row.orderStatusId) : undefined;
  return {
    id: row.id,
    track_code: row.trackCode,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    order: row.orderId !== null && status ? { id: row.orderId, status } : null,
    checking: row.checking,
    given_to_other: !row.checking && row.orderId === null && row.givenToOther,
  };
}
