import type { TCustomsHoldReason, TLang } from '@portal/contract';
import { text } from '../../texts/texts';
import { notificationText as t, parcelLabel } from './message-text';

/** customs_id_needed: parcels could not leave China for the personal number customs need (at most once a day). */
export interface CustomsNeededParams {
  customs_id: 'iin' | 'personal_number';
  count: number;
  codes: string[];
}

/** parcel_customs_held / parcel_customs_released (issue 36): the parcel, and why customs hold it (a hold only). */
export interface CustomsParams {
  order_id: number;
  track_code: string;
  name: string;
  reason?: TCustomsHoldReason;
  note?: string;
}

/** Why customs hold a parcel, in `lang`: the reason's name, then staff's note when there is one. */
export function customsReasonText(reason: TCustomsHoldReason, note: string | null, lang: TLang): string {
  const name = text(`customs.reasons.${reason}`, lang);
  return note ? text('customs.hold_text', lang, { reason: name, note }) : name;
}

export function customsText(
  event: 'parcel_customs_held' | 'parcel_customs_released',
  c: CustomsParams,
  lang: TLang,
): { title: string; body: string } {
  const vars = {
    label: parcelLabel({ name: c.name, track_code: c.track_code }),
    reason: customsReasonText(c.reason ?? 'other', c.note ?? '', lang),
  };
  return event === 'parcel_customs_held'
    ? { title: t('customs_held_title', lang), body: t('customs_held_body', lang, vars) }
    : { title: t('customs_released_title', lang), body: t('customs_released_body', lang, vars) };
}

export function customsNeededText(c: CustomsNeededParams, lang: TLang): { title: string; body: string } {
  const vars = {
    customs_id: text(`customs.${c.customs_id}`, lang),
    count: c.count,
    codes: c.codes.join(', ') + (c.count > c.codes.length ? ' …' : ''),
  };
  return { title: t('customs_needed_title', lang, vars), body: t('customs_needed_body', lang, vars) };
}
