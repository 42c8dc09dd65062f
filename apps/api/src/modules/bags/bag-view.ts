import {
  bagWeightCheck,
  formatBagNumber,
  formatParcelNumber,
  pickText,
  type TBag,
  type TBagDetails,
  type TBagParcel,
  type TBagTolerance,
  type TLang,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { text, type Catalogue, type Leaves, type TextValues } from '../../texts/texts';
import { bagSettings } from '../settings/bag-settings';
import { bagsRepository, type BagListRow, type BagParcelRow, type BagRow } from './bags-repository';

/** Staff-facing sentences of the bag works: `bags.*` in the text files. */
export type BagText = Leaves<Catalogue['bags']>;
export const bagText = (key: BagText, lang: TLang, params?: TextValues): string => text(`bags.${key}`, lang, params);

/** The tolerance a bag is checked with: the one kept at sealing, else the settings now. */
export function toleranceOf(bag: BagRow, now: TBagTolerance): TBagTolerance {
  return bag.tareGrams === null
    ? now
    : { tare_grams: bag.tareGrams, tolerance_grams: bag.toleranceGrams ?? 0, tolerance_bp: bag.toleranceBp ?? 0 };
}

export function toBag(row: BagListRow, now: TBagTolerance, lang: TLang): TBag {
  return {
    id: row.id,
    number: formatBagNumber(row.id),
    status: row.status,
    branch: { id: row.branchId, name: pickText(row.branchName, lang) },
    parcels: row.parcels,
    weighed_grams: row.weighedGrams,
    check: bagWeightCheck(row.parcelsGrams, row.weighedGrams, toleranceOf(row, now)),
    flight: row.flight ? { id: row.flight.id, carrier_ref: row.flight.carrierRef, departure_date: row.flight.departureDate } : null,
    created_at: row.createdAt.toISOString(),
    sealed_at: row.sealedAt?.toISOString() ?? null,
    dispatched_at: row.dispatchedAt?.toISOString() ?? null,
    arrived_at: row.arrivedAt?.toISOString() ?? null,
  };
}

export function toBagParcel(row: BagParcelRow, lang: TLang): TBagParcel {
  return {
    id: row.orderId,
    number: formatParcelNumber(row.orderId),
    track_code: row.trackCode,
    client_code: row.clientCode,
    weight: row.weight,
    branch: row.branchId === null ? null : { id: row.branchId, name: row.branchName ? pickText(row.branchName, lang) : '' },
    status: pickText(row.statusName, lang),
    found: row.foundAt !== null,
  };
}

/** One bag with its parcels as the screens show it (404 when there is none, or it is not `branchId`'s). */
export async function bagDetails(db: DbOrTx, id: number, lang: TLang, branchId?: number): Promise<TBagDetails> {
  const [row] = await bagsRepository.list(db, { id }, 1);
  if (!row || (branchId !== undefined && row.branchId !== branchId)) throw notFound();
  const [now, items] = await Promise.all([bagSettings.get(db), bagsRepository.parcels(db, [id])]);
  return { ...toBag(row, now, lang), items: items.map((p) => toBagParcel(p, lang)) };
}
