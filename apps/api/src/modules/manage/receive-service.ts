import type { TLang, TReceiveMatch, TReceiveParcelResult } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { parcels, type Actor } from '../parcels/parcels-service';
import { manageRepository, type CustomerRow } from './manage-repository';
import { manageText } from './manage-messages';
import { toManageParcel } from './parcel-view';

export interface ReceiveInput {
  trackCode: string;
  weight: number;
  labelClientCode: string | null;
  photos: string[];
}

export interface OwnerMatch {
  owner: CustomerRow | null;
  matchedBy: TReceiveMatch;
  /** The name the customer gave the saved track. */
  name: string;
}

/**
 * Who a received code belongs to: a customer who saved it (the label's client code picks among several savers,
 * else the earliest saver wins); otherwise the customer whose client code is on the label; otherwise nobody.
 */
export function matchOwner(
  savers: { user: CustomerRow; name: string | null }[] | undefined,
  labelClientCode: string | null,
  labelCustomer: CustomerRow | undefined,
): OwnerMatch {
  if (savers?.length) {
    const chosen = savers.find((s) => labelClientCode !== null && s.user.clientCode === labelClientCode) ?? savers[0]!;
    return { owner: chosen.user, matchedBy: 'saved_track', name: chosen.name ?? '' };
  }
  if (labelCustomer) return { owner: labelCustomer, matchedBy: 'label', name: '' };
  return { owner: null, matchedBy: 'unclaimed', name: '' };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

async function alreadyReceived(db: DbOrTx, code: string): Promise<AppError> {
  const existing = await manageRepository.orderByCode(db, code);
  return new AppError('parcel_already_received', { params: { date: existing ? day(existing.receivedAt) : '' } });
}

export const receiveService = {
  /** Receives one parcel at the China warehouse: one order, never two for one code (the unique index decides a race). */
  async receive(db: Db, input: ReceiveInput, actor: Actor, lang: TLang): Promise<TReceiveParcelResult> {
    const result = await db.transaction(async (tx) => {
      if (await manageRepository.orderByCode(tx, input.trackCode)) throw await alreadyReceived(tx, input.trackCode);
      const savers = (await manageRepository.saversOf(tx, [input.trackCode])).get(input.trackCode);
      const labelCustomer = input.labelClientCode
        ? (await manageRepository.customersByClientCodes(tx, [input.labelClientCode])).get(input.labelClientCode)
        : undefined;
      const match = matchOwner(savers, input.labelClientCode, labelCustomer);

      const [created] = await parcels.receive(
        tx,
        [{ trackCode: input.trackCode, weight: input.weight, name: match.name, labelClientCode: input.labelClientCode, photos: input.photos }],
        actor,
      );
      if (!created) throw await alreadyReceived(tx, input.trackCode);
      if (match.owner) {
        await parcels.claim(tx, created.id, match.owner, actor, match.matchedBy === 'saved_track' ? 'claimed' : 'assigned');
      }
      const parcel = await manageRepository.parcelById(tx, created.id);
      return { parcel: parcel!, match, labelUnknown: Boolean(input.labelClientCode) && !labelCustomer };
    });

    const customer = result.match.owner ? `${result.match.owner.firstName} ${result.match.owner.lastName} (${result.match.owner.clientCode})` : '';
    const message =
      result.match.matchedBy === 'saved_track'
        ? manageText('received_saved', lang, { customer })
        : result.match.matchedBy === 'label'
          ? manageText('received_label', lang, { customer })
          : manageText('received_unclaimed', lang);
    const warning = result.labelUnknown ? manageText('label_unknown', lang, { code: input.labelClientCode ?? '' }) : null;
    return { parcel: toManageParcel(result.parcel, lang), matched_by: result.match.matchedBy, message, warning };
  },
};

