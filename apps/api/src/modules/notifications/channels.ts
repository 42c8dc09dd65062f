import type { TDeliveryChannel, TLang } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import type { SmsDriver } from '../../plugins/sms';
import type { MessageEvent, MessageParams } from './notification-texts';
import { payLinkSentence } from './pay-link';

/** A message rendered for one recipient, ready for a channel. */
export interface OutgoingMessage {
  notificationId: number;
  event: MessageEvent;
  params: MessageParams;
  title: string;
  body: string;
  /** Path in the portal the message opens (/orders/order?id=…). */
  link: string | null;
  /** The carrier as the settings name it now (short name) and its logo: Telegram and push show them. */
  sender: { name: string; logo: string };
}

export interface ChannelRecipient {
  userId: number;
  phone: string;
  lang: TLang;
  /** The channel's address kept for this customer (Telegram chat id), if any. */
  address: string | null;
}

/**
 * A provider said no for good: retrying this message will not help. With `unreachable`, the address itself is
 * dead (the customer blocked the bot, the push subscription expired): the channel is marked unreachable at once
 * instead of after a streak of failures.
 */
export class PermanentChannelError extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/** The provider asked to wait (Telegram's 429 with retry_after): try again after that many seconds. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly afterSeconds: number,
  ) {
    super(message);
  }
}

export interface ChannelDriver {
  readonly channel: TDeliveryChannel;
  /** Sends one message; throws on failure. Answers the provider's message id when it has one. */
  send(db: DbOrTx, to: ChannelRecipient, message: OutgoingMessage): Promise<{ ref?: string | null }>;
}

/**
 * SMS through the same driver that sends the verification codes (outbox, Mobizon, SMSC.kz …). With `payBaseUrl` (the
 * portal's address, when online payments are configured) an arrival at a branch taking money online ends with the link
 * to pay (pay-link.ts).
 */
export function smsChannel(sms: SmsDriver, opts: { payBaseUrl?: string | null } = {}): ChannelDriver {
  return {
    channel: 'sms',
    async send(_db, to, message) {
      const pay = payLinkSentence(message.event, message.params, to.lang, opts.payBaseUrl ?? null);
      const result = await sms.send({
        to: to.phone,
        text: `${message.title}. ${message.body}${pay}`,
        purpose: `notification:${message.event}`,
      });
      return { ref: (result as { id?: string } | undefined)?.id ?? null };
    },
  };
}
