import { z } from 'zod';
import { MSG } from '../common/messages';

/**
 * Where providers notify us (ADR 077), public and verified by each provider's signature:
 * `POST payments/callbacks/cloudpayments/{kind}` (CloudPayments' Check, Pay, Fail and Refund notifications, form or
 * JSON, `Content-HMAC`) and `POST payments/callbacks/freedompay/{kind}` (Freedom Pay's check and result URLs, `pg_sig`).
 * The bodies are the providers' own fields (read by each driver); the answers are what each provider expects.
 */
export const CLOUDPAYMENTS_CALLBACKS = ['check', 'pay', 'fail', 'refund'] as const;
export type TCloudPaymentsCallback = (typeof CLOUDPAYMENTS_CALLBACKS)[number];
export const ZCloudPaymentsCallbackParams = z.object({ kind: z.enum(CLOUDPAYMENTS_CALLBACKS, { error: MSG.invalidValue }) });

/** CloudPayments' answer to a notification: 0 accepts; Check refuses with 10 (unknown), 12 (amount), 13, 20 (expired). */
export const ZCloudPaymentsCallbackAnswer = z.object({ code: z.number().int() });

export const FREEDOMPAY_CALLBACKS = ['check', 'result'] as const;
export type TFreedomPayCallback = (typeof FREEDOMPAY_CALLBACKS)[number];
export const ZFreedomPayCallbackParams = z.object({ kind: z.enum(FREEDOMPAY_CALLBACKS, { error: MSG.invalidValue }) });
