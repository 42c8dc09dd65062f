import type { TDimensionsCm, TLang, TReceiveMatch, TReceiveParcelResult } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parcels, type Actor, type OwnerSource } from '../parcels/parcels-service';
import { tracksLinks } from '../tracks/tracks-links';
import { thumbKeyOf } from '../uploads/uploads-service';
import { manageRepository, type CustomerRow } from './manage-repository';
import { manageText } from './manage-messages';
import { toManageParcel } from './parcel-view';

export interface ReceiveInput {
  trackCode: string;
  weight: number;
  dimensions?: TDimensionsCm | null;
  labelClientCode: string | null;
  /** Identifiers manage/photos answered (`/uploads/parcels/<hex>.webp`): linked as intake photos. */
  photos: string[];
}

export interface OwnerMatch {
  owner: CustomerRow | null;
  matchedBy: TReceiveMatch;
  /** How the owner was found (only 'saved_track' owners can later lose it to a dispute). */
  source: OwnerSource | null;
  /** The name the customer gave the saved track. */
  name: string;
  /** disputed: every saver, earliest first. */
  savers: CustomerRow[];
}

/**
 * Who a received code belongs to (ADR 021): the saver the label's client code names; else, when two or more customers
 * saved it, nobody — it is held as disputed until staff check; else the one saver; else the customer whose client
 * code is on the label; otherwise nobody (unclaimed).
 */
export function matchOwner(
  savers: { user: CustomerRow; name: string | null }[] | undefined,
  labelClientCode: string | null,
  labelCustomer: CustomerRow | undefined,
): OwnerMatch {
  const list = savers ?? [];
  const named = labelClientCode === null ? undefined : list.find((s) => s.user.clientCode === labelClientCode);
  if (named) return { owner: named.user, matchedBy: 'saved_track', source: 'label', name: named.name ?? '', savers: [] };
  if (list.length >= 2) return { owner: null, matchedBy: 'disputed', source: null, name: '', savers: list.map((s) => s.user) };
  if (list.length === 1) {
    const only = list[0]!;
    return { owner: only.user, matchedBy: 'saved_track', source: 'saved_track', name: only.name ?? '', savers: [] };
  }
  if (labelCustomer) return { owner: labelCustomer, matchedBy: 'label', source: 'label', name: '', savers: [] };
  return { owner: null, matchedBy: 'unclaimed', source: null, name: '', savers: [] };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function alreadyReceived(db: DbOrTx, code: string): Promise<AppError> {
  const existing = await manageRepository.orderByCode(db, code);
  return new AppError('parcel_already_received', { params: { date: existing ? day(existing.receivedAt) : '' } });
}

export const receiveService = {
  /**
   * Receives one parcel at the China warehouse: one order, never two for one code (the unique index decides a race).
   * The code's lock is taken first, so a customer saving the code at the same moment is either among the savers read
   * here or finds the parcel already received (and then disputes it when it went to another saver by their save).
   */
  async receive(db: Db, input: ReceiveInput, actor: Actor, lang: TLang): Promise<TReceiveParcelResult> {
    const result = await db.transaction(async (tx) => {
      await parcels.lockCode(tx, input.trackCode);
      if (await manageRepository.orderByCode(tx, input.trackCode)) throw await alreadyReceived(tx, input.trackCode);
      const savers = (await manageRepository.saversOf(tx, [input.trackCode])).get(input.trackCode);
      const labelCustomer = input.labelClientCode
        ? (await manageRepository.customersByClientCodes(tx, [input.labelClientCode])).get(input.labelClientCode)
        : undefined;
      const match = matchOwner(savers, input.labelClientCode, labelCustomer);

      const [created] = await parcels.receive(
        tx,
        [
          {
            trackCode: input.trackCode,
            weight: input.weight,
            dimensions: input.dimensions ?? null,
            name: match.name,
            labelClientCode: input.labelClientCode,
            photos: input.photos.map((url) => {
              const key = url.slice('/uploads/'.length);
              return { key, thumbKey: thumbKeyOf(key) };
            }),
            disputedBy: match.matchedBy === 'disputed' ? match.savers.map((s) => s.id) : undefined,
          },
        ],
        actor,
      );
      if (!created) throw await alreadyReceived(tx, input.trackCode);
      if (match.owner) {
        const claimed = await parcels.claim(
          tx,
          created.id,
          match.owner,
          actor,
          match.matchedBy === 'saved_track' ? 'claimed' : 'assigned',
          match.source!,
        );
        // The owner's saved code points at their parcel (the tracks module's table).
        if (claimed) await tracksLinks.linkOrders(tx, [claimed.id]);
      }
      const parcel = await manageRepository.parcelById(tx, created.id);
      return { parcel: parcel!, match, labelUnknown: Boolean(input.labelClientCode) && !labelCustomer };
    });

    const customer = result.match.owner
      ? `${result.match.owner.firstName} ${result.match.owner.lastName} (${result.match.owner.clientCode})`
      : '';
    const message =
      result.match.matchedBy === 'saved_track'
        ? manageText('received_saved', lang, { customer })
        : result.match.matchedBy === 'label'
          ? manageText('received_label', lang, { customer })
          : result.match.matchedBy === 'disputed'
            ? manageText('received_disputed', lang, { count: result.match.savers.length })
            : manageText('received_unclaimed', lang);
    const warning = result.labelUnknown ? manageText('label_unknown', lang, { code: input.labelClientCode ?? '' }) : null;
    return { parcel: toManageParcel(result.parcel, lang), matched_by: result.match.matchedBy, message, warning };
  },
};
