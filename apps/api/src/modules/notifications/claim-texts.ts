import {
  formatMoney,
  toMajor,
  type TClaimKind,
  type TClaimPayoutMethod,
  type TClaimState,
  type TLang,
  type TNotificationEvent,
} from '@portal/contract';
import { notificationText as t } from './message-text';

/** claim_opened, claim_decided, claim_paid (ADR 088): the claim as it was when the customer was told. */
export interface ClaimParams {
  claim_id: number;
  track_code: string;
  kind: TClaimKind;
  state: TClaimState;
  /** Minor units of `currency`: the approved amount (null until approved). */
  amount: number | null;
  currency: string | null;
  method: TClaimPayoutMethod | null;
  /** claim_message: what staff asked, as they wrote it. */
  message?: string;
}

export function claimText(event: TNotificationEvent, c: ClaimParams, lang: TLang): { title: string; body: string } {
  const vars = {
    code: c.track_code,
    kind: t(`claim_kind.${c.kind}`, lang),
    amount: c.amount === null ? '' : formatMoney(toMajor(c.amount), c.currency, lang),
    method: c.method ? t(`claim_method.${c.method}`, lang) : '',
    message: c.message ?? '',
  };
  if (event === 'claim_message') return { title: t('claim_message_title', lang), body: t('claim_message_body', lang, vars) };
  if (event === 'claim_opened') return { title: t('claim_opened_title', lang), body: t('claim_opened_body', lang, vars) };
  if (event === 'claim_paid') return { title: t('claim_paid_title', lang), body: t('claim_paid_body', lang, vars) };
  return c.state === 'rejected'
    ? { title: t('claim_rejected_title', lang), body: t('claim_rejected_body', lang, vars) }
    : { title: t('claim_approved_title', lang), body: t('claim_approved_body', lang, vars) };
}
