import { volumetricWeightKg } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { settingsRepository } from '../settings/settings-repository';
import { parcelFlows } from './parcel-flows';
import { parcelPhotosRepository } from './parcel-photos';
import { recordEvents, tellSavers } from './parcel-history';
import { statusIds } from './parcel-statuses';
import type { Actor, LifecycleOrderRow, ReceiveInput } from './parcel-types';
import { parcelsRepository } from './parcels-repository';

/**
 * Receipt at the China warehouse: new parcels in china_warehouse (the first status: nothing before it). A code that
 * already is a parcel is skipped (the unique index decides races). Owners given at once are told; unowned parcels
 * wait for a claim. Several savers and no label: held as disputed, every saver told it is being checked. The caller
 * links the owners' saved codes (the tracks module's).
 */
export async function receive(
  tx: DbOrTx,
  input: ReceiveInput[],
  actor: Actor,
  details: Record<string, unknown> = {},
): Promise<LifecycleOrderRow[]> {
  if (!input.length) return [];
  const ids = await statusIds(tx);
  const divisor = input.some((p) => p.dimensions) ? await settingsRepository.volumetricDivisor(tx) : null;
  const out = await parcelsRepository.insertNew(
    tx,
    input.map((p) => ({
      trackCode: p.trackCode,
      weight: p.weight,
      dimensions: p.dimensions ?? null,
      volumetricWeight: p.dimensions ? volumetricWeightKg(p.dimensions, divisor!) : null,
      volumetricDivisor: p.dimensions ? divisor : null,
      name: p.name,
      statusId: ids.china_warehouse,
      labelClientCode: p.labelClientCode,
      userId: p.userId ?? null,
      branchId: p.branchId ?? null,
      ownerSource: p.userId ? (p.ownerSource ?? null) : null,
      disputedAt: !p.userId && p.disputedBy?.length ? new Date() : null,
    })),
  );
  const photosOf = new Map(input.filter((p) => p.photos?.length).map((p) => [p.trackCode, p.photos!]));
  for (const o of out) {
    const photos = photosOf.get(o.trackCode);
    if (photos) await parcelPhotosRepository.add(tx, o.id, 'intake', photos, actor.userId ?? null);
  }
  await parcelFlows.add(
    tx,
    out.map((o) => o.id),
    ['received'],
  );
  const single = input.length === 1 ? input[0]! : null;
  await recordEvents(tx, out, 'china_warehouse', actor, {
    action: 'received',
    before: null,
    details: {
      place: 'china_warehouse',
      ...(single?.dimensions ? { dimensions: single.dimensions, volumetric_divisor: divisor } : {}),
      ...(single ? { weight: single.weight, label_client_code: single.labelClientCode, photos: single.photos?.length ?? 0 } : {}),
      ...details,
    },
  });
  const disputedBy = new Map(input.filter((p) => !p.userId && p.disputedBy?.length).map((p) => [p.trackCode, p.disputedBy!]));
  for (const o of out.filter((r) => r.userId === null && disputedBy.has(r.trackCode))) {
    const savers = disputedBy.get(o.trackCode)!;
    await recordEvents(tx, [o], 'china_warehouse', actor, {
      action: 'disputed',
      before: null,
      notify: false,
      details: { reason: 'savers_without_label', savers: savers.length, ...details },
    });
    await tellSavers(tx, actor, savers, o.trackCode, 'checking');
  }
  return out;
}
