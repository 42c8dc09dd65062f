import type { TDeliveryChannel } from '@portal/contract';
import type { Db } from '../../db/client';
import type { ChannelPacer } from './channel-pacer';
import type { ChannelDriver } from './channels';
import { PermanentChannelError, RetryLaterError } from './channels';
import { deliveriesRepository } from './deliveries-repository';
import { DELIVER_QUEUE, enqueue, type QueueJob } from './notification-queue';
import { deliverySettings } from './notifications-service';
import { renderMessage, type MessageEvent, type MessageParams } from './notification-texts';
import { senderBrand } from '../settings/sender-brand';

/** A delivery job: the delivery id, and how many times the provider already asked us to wait (429). */
export interface DeliverJob {
  delivery_id: number;
  waited?: number;
}

/** Times a provider may ask to wait for one message before it counts as a failed attempt. */
const MAX_WAITS = 10;

export interface DeliveryWorkerOptions {
  db: Db;
  drivers: Partial<Record<TDeliveryChannel, ChannelDriver>>;
  /** Messages in a row that failed for good before the channel is marked unreachable. */
  unreachableAfter: number;
  /** Waits for the channel's turn (per-channel sends per second, shared across processes). */
  pacer?: ChannelPacer;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Sends one delivery (a message on one channel), rendered in the recipient's language at the moment of
 * sending. Safe to run again for the same job: a delivery already sent is not sent twice.
 */
export function createDeliveryWorker(opts: DeliveryWorkerOptions) {
  const { db } = opts;
  return async function deliver(job: QueueJob<DeliverJob>): Promise<void> {
    const id = job.data.delivery_id;
    const row = await deliveriesRepository.forSending(db, id);
    if (!row) return; // the message (or the account) is gone
    const driver = opts.drivers[row.channel];
    if (!driver) {
      await deliveriesRepository.finish(db, id, { status: 'skipped', error: 'channel not configured' });
      return;
    }
    if (row.unreachableAt) {
      await deliveriesRepository.finish(db, id, { status: 'skipped', error: 'channel unreachable' });
      return;
    }
    if (!(await deliveriesRepository.claim(db, id))) return; // sent already: a redelivered job
    const text =
      row.event && row.params
        ? renderMessage(row.event as MessageEvent, row.params as unknown as MessageParams, row.lang)
        : { title: row.title ?? '', body: row.body ?? '' };
    try {
      await opts.pacer?.take(row.channel);
      const result = await driver.send(
        db,
        { userId: row.userId, phone: row.phone, lang: row.lang, address: row.address },
        {
          notificationId: row.notificationId,
          event: row.event as MessageEvent,
          params: row.params as unknown as MessageParams,
          title: text.title,
          body: text.body,
          link: row.link,
          sender: await senderBrand(db),
        },
      );
      await deliveriesRepository.finish(db, id, { status: 'sent', providerRef: result.ref ?? null });
      await deliveriesRepository.channelSucceeded(db, row.userId, row.channel);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const waited = job.data.waited ?? 0;
      if (err instanceof RetryLaterError && waited < MAX_WAITS) {
        // Flood control: the same message again once the provider's wait is over, as a new job (this one is done).
        await deliveriesRepository.finish(db, id, { status: 'retrying', error: reason });
        await enqueue(
          db,
          [
            {
              name: DELIVER_QUEUE,
              data: { delivery_id: id, waited: waited + 1 },
              startAfter: new Date(Date.now() + err.afterSeconds * 1000),
            },
          ],
          deliverySettings,
        );
        return;
      }
      const final = err instanceof PermanentChannelError || job.retryCount >= job.retryLimit;
      await deliveriesRepository.finish(db, id, { status: final ? 'failed' : 'retrying', error: reason });
      if (final) {
        const deadAddress = err instanceof PermanentChannelError && err.unreachable;
        await deliveriesRepository.channelFailed(db, row.userId, row.channel, deadAddress ? 1 : opts.unreachableAfter);
        opts.log.warn({ delivery: id, channel: row.channel, reason }, 'notification not delivered');
        return; // nothing left to retry
      }
      throw err; // pg-boss retries it with backoff
    }
  };
}
