import type { TLang } from '@portal/contract';
import { text } from '../../texts/texts';
import type { MessageEvent, MessageParams } from './notification-texts';

/**
 * The link to pay in an arrival message (ADR 077): parcels that reached a branch taking money online can be paid before
 * the customer comes. The portal's /pay?branch= opens (after sign-in) the payment request for what waits there. Only
 * the channels outside the portal carry it (SMS, Telegram): in the portal the waiting summary has its own button.
 */
export function payLink(event: MessageEvent, params: MessageParams, publicUrl: string | null): string | null {
  if (!publicUrl || event !== 'order_at_branch') return null;
  const branchId = (params as { pay_branch_id?: unknown }).pay_branch_id;
  return typeof branchId === 'number' && Number.isInteger(branchId) ? `${publicUrl}/pay?branch=${branchId}` : null;
}

/** " Pay online: https://…/pay?branch=3" after an SMS's text, or '' when the message has no link to pay. */
export function payLinkSentence(event: MessageEvent, params: MessageParams, lang: TLang, publicUrl: string | null): string {
  const url = payLink(event, params, publicUrl);
  return url ? text('notifications.pay_online', lang, { url }) : '';
}

/** The label of Telegram's button to pay. */
export const payButtonLabel = (lang: TLang): string => text('notifications.pay_online_button', lang);
