export type ApiMode = 'ok' | 'hang' | 'error' | 'refuse';

export interface FpPayment {
  paymentId: number;
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  phone: string;
  checkUrl: string;
  resultUrl: string;
  successUrl: string;
  failureUrl: string;
  lifetime: number;
  language: string | undefined;
  testing: boolean;
  status: 'partial' | 'pending' | 'ok' | 'failed' | 'revoked' | 'incomplete';
  canReject: boolean;
  refunded: number;
  paidAt: Date | null;
}

export interface FpNotified {
  kind: string;
  fields: Record<string, string>;
  status: number;
  answer: Record<string, string> | null;
  /** Whether the merchant's answer carried a valid pg_sig. */
  signatureValid: boolean;
}

export interface FpSendOptions {
  wrongSignature?: boolean;
  timeoutMs?: number;
}

export interface FpPayOptions extends FpSendOptions {
  amount?: number;
  canReject?: boolean;
  duplicate?: number;
  reorder?: boolean;
  skipCheck?: boolean;
  delayMs?: number;
}

export declare function freedomSig(script: string, fields: Record<string, string>, secret: string): string;
export declare function readXml(xml: string): Record<string, string>;

export declare class FakeFreedomPay {
  constructor(opts: { merchantId: string; secretKey: string });
  readonly merchantId: string;
  readonly secretKey: string;
  url: string;
  mode: ApiMode;
  calls: { script: string; fields: Record<string, string> }[];
  payments: Map<number, FpPayment>;
  refunds: { paymentId: number; orderId: string; amount: number }[];
  notifications: FpNotified[];
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  paymentOf(orderId: string): FpPayment | null;
  /** A payment's fields as Freedom Pay posts them (before pg_salt and pg_sig). */
  paymentFields(p: FpPayment, extra?: Record<string, string>): Record<string, string>;
  notify(kind: string, url: string, fields: Record<string, string>, opts?: FpSendOptions): Promise<FpNotified>;
  pay(orderId: string, opts?: FpPayOptions): Promise<{ payment: FpPayment; check: FpNotified | null; result: FpNotified[] }>;
  decline(orderId: string, opts?: FpSendOptions): Promise<{ result: FpNotified }>;
}
