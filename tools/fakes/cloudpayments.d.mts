export type ApiMode = 'ok' | 'hang' | 'error' | 'refuse';

export interface CpOrder {
  Id: string;
  Number: number;
  Amount: number;
  Currency: string;
  Description: string;
  InvoiceId: string | null;
  AccountId: string | null;
  CultureName: string;
  RequireConfirmation: boolean;
  Url: string;
  Status: string;
  CreatedDateIso: string;
}

export interface CpTransaction {
  TransactionId: number;
  Amount: number;
  Currency: string;
  InvoiceId: string;
  AccountId: string | null;
  Description: string;
  Status: 'AwaitingAuthentication' | 'Completed' | 'Declined' | 'Cancelled' | 'Authorized';
  Reason: string | null;
  Refunded: boolean;
  RefundedAmount: number;
  CreatedDateIso: string;
  ConfirmDateIso: string | null;
  TestMode: boolean;
}

export interface CpRefund {
  transactionId: number;
  paymentTransactionId: number;
  amount: number;
  invoiceId: string;
}

export interface CpNotified {
  status: number;
  answer: { code?: number | string; [key: string]: unknown } | string | null;
}

export interface CpSendOptions {
  wrongSignature?: boolean;
  json?: boolean;
  timeoutMs?: number;
}

export interface CpPayOptions extends CpSendOptions {
  amount?: number;
  duplicate?: number;
  reorder?: boolean;
  skipCheck?: boolean;
  delayMs?: number;
}

export declare class FakeCloudPayments {
  constructor(opts: { publicId: string; apiSecret: string; notifyUrl?: string });
  readonly publicId: string;
  readonly apiSecret: string;
  notifyUrl: string;
  url: string;
  mode: ApiMode;
  notifyRefunds: boolean;
  /** The API answers a refund only once its Refund notification was sent and answered. */
  notifyRefundBeforeAnswer: boolean;
  calls: { path: string; body: Record<string, unknown> }[];
  orders: Map<string, CpOrder>;
  transactions: Map<number, CpTransaction>;
  refunds: CpRefund[];
  notifications: ({ kind: string; fields: Record<string, string> } & CpNotified)[];
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  order(invoiceId: string): CpOrder | null;
  transactionsOf(invoiceId: string): CpTransaction[];
  sign(body: string, secret?: string): { 'content-hmac': string; 'x-content-hmac': string };
  notify(kind: 'check' | 'pay' | 'fail' | 'refund', fields: Record<string, string>, opts?: CpSendOptions): Promise<CpNotified>;
  transactionFields(tx: CpTransaction, extra?: Record<string, string>): Record<string, string>;
  pay(invoiceId: string, opts?: CpPayOptions): Promise<{ transaction: CpTransaction; check: CpNotified | null; pay: CpNotified[] }>;
  decline(invoiceId: string, opts?: CpSendOptions): Promise<{ transaction: CpTransaction; fail: CpNotified }>;
  /** A transaction of the order's (AwaitingAuthentication until a test sets its Status), as the hosted page starts one. */
  newTransaction(order: CpOrder, amount: number): CpTransaction;
  refundTransaction(transactionId: number, amount: number): CpRefund | string;
  idle(): Promise<void>;
}
