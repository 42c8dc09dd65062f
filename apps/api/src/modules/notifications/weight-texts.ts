import { formatMoney, formatWeight, type TLang } from '@portal/contract';
import { notificationText } from './message-text';

const t = notificationText;

/**
 * weight_check_needed / weight_lighter (ADR 089): the parcel's branch weighing, with both weights (kg) and both
 * prices (major units of `currency`), rendered in the reader's language when shown or sent.
 */
export interface WeightParams {
  weight_check: 'needed' | 'lighter';
  check_id: number;
  order_id: number;
  track_code: string;
  china_weight: number;
  branch_weight: number;
  china_price: number;
  branch_price: number;
  currency: string;
}

export function weightText(p: WeightParams, lang: TLang): { title: string; body: string } {
  const vars = {
    code: p.track_code,
    china_weight: formatWeight(p.china_weight, lang),
    branch_weight: formatWeight(p.branch_weight, lang),
    china_price: formatMoney(p.china_price, p.currency, lang),
    branch_price: formatMoney(p.branch_price, p.currency, lang),
  };
  return p.weight_check === 'needed'
    ? { title: t('weight_check_title', lang, vars), body: t('weight_check_body', lang, vars) }
    : { title: t('weight_lighter_title', lang, vars), body: t('weight_lighter_body', lang, vars) };
}
