import { formatMoney, formatNumber, type TLang, type TOrderStatusCode } from '@portal/contract';
import { notificationText } from './message-text';

/** The words of a correction (split from notification-texts.ts, which renders every event). */
const t = notificationText;
const num = (n: number, lang: TLang) => formatNumber(n, lang, 3);
const money = (amount: number | null, currency: string | null, lang: TLang) => (amount === null ? '' : formatMoney(amount, currency, lang));

/**
 * order_corrected: an admin corrected the parcel (the reason stays with staff; the customer reads a plain sentence,
 * the same one in the parcel's timeline: `correctionSentence`). Values before (previous_*) and after.
 */
export interface CorrectionParams {
  correction: 'weight' | 'dimensions' | 'price' | 'status' | 'handover_undone';
  order_id: number;
  track_code: string;
  name: string;
  /** The values after the correction, as far as they concern the customer. */
  chargeable_weight?: number;
  price?: number | null;
  currency?: string | null;
  status?: TOrderStatusCode;
  weight?: number;
  dimensions?: { length: number; width: number; height: number } | null;
  /** The values before it. */
  previous_chargeable_weight?: number;
  previous_price?: number | null;
  previous_weight?: number;
  previous_dimensions?: { length: number; width: number; height: number } | null;
  previous_status?: TOrderStatusCode;
  /** handover_undone: every parcel of the undone hand-over (the customer is told once). */
  codes?: string[];
  /** Not `receipt_id`: that names a hand-over's own message (ReceiptParams). */
  undone_receipt_id?: number;
}

type Dims = { length: number; width: number; height: number } | null | undefined;

/** "before → after", or just "after" when the value before is not known (older messages). */
function change<V>(before: V | undefined, after: V | undefined, show: (v: V | undefined) => string): string {
  return before === undefined ? show(after) : `${show(before)} → ${show(after)}`;
}

/**
 * The plain sentence of a correction, in `lang`: 'Weight corrected: 2.4 kg → 2.1 kg. To pay: 3,600 ₸ → 3,150 ₸.'
 * The customer's timeline shows it and the notification says it; the admin's reason is never part of it.
 */
export function correctionSentence(c: CorrectionParams, lang: TLang): string {
  const kg = (v: number | undefined) => (v === undefined ? '—' : `${num(v, lang)} ${t('unit.kg', lang)}`);
  const dims = (d: Dims) => (d ? `${[d.length, d.width, d.height].map((n) => num(n, lang)).join(' × ')} ${t('unit.cm', lang)}` : '—');
  const price = (v: number | null | undefined) => money(v ?? null, c.currency ?? null, lang) || '—';
  const status = (v: TOrderStatusCode | undefined) => (v ? t(`status.${v}`, lang) : '—');
  const repriced =
    c.previous_price !== undefined && c.price !== undefined && c.price !== null && c.previous_price !== c.price
      ? t('corrected_to_pay', lang, { change: change(c.previous_price, c.price, price) })
      : '';
  switch (c.correction) {
    case 'weight':
      return (
        t('corrected_weight', lang, {
          change: c.weight !== undefined ? change(c.previous_weight, c.weight, kg) : kg(c.chargeable_weight),
        }) + repriced
      );
    case 'dimensions':
      return (
        t('corrected_dimensions', lang, {
          change: c.dimensions !== undefined ? change(c.previous_dimensions, c.dimensions, dims) : '—',
          weight: change(c.previous_chargeable_weight, c.chargeable_weight, kg),
        }) + repriced
      );
    case 'price':
      return t('corrected_price', lang, { change: change(c.previous_price, c.price, price) });
    case 'status':
      return t('corrected_status', lang, { change: change(c.previous_status, c.status, status) });
    case 'handover_undone':
      return (c.codes?.length ?? 1) > 1 ? t('corrected_handover_many', lang) : t('corrected_handover', lang);
  }
}

export function correctionText(c: CorrectionParams, lang: TLang): { title: string; body: string } {
  const many = (c.codes?.length ?? 0) > 1;
  const label = many ? c.codes!.join(', ') : c.name ? `«${c.name}» (${c.track_code})` : c.track_code;
  return {
    title: t('corrected_title', lang),
    body: t(many ? 'corrected_body_many' : 'corrected_body', lang, { label, sentence: correctionSentence(c, lang) }),
  };
}
