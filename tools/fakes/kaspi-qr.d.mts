export type KaspiStatus = 'QrTokenCreated' | 'Wait' | 'Processed' | 'Error';

export interface KaspiPayment {
  id: string;
  kind: 'qr' | 'link' | 'remote';
  /** Tenge, as Kaspi takes it. */
  amount: number;
  externalId: string | null;
  status: KaspiStatus;
  deviceToken: string;
  phone?: string;
  comment?: string;
  /** Tenge returned so far. */
  returned: number;
  expires: string;
  processedAt?: string;
}

export declare class FakeKaspi {
  url: string;
  devices: Map<string, { DeviceId: string; OrganizationBin: string; TradePointId?: string }>;
  payments: Map<string, KaspiPayment>;
  calls: { method: string; path: string; body: Record<string, unknown> }[];
  returns: { QrPaymentId: string; Amount: number; ReturnOperationId: number }[];
  start(port?: number): Promise<string>;
  stop(): Promise<void>;
  addDevice(token?: string, info?: { DeviceId: string; OrganizationBin: string; TradePointId?: string }): string;
  delay(path: string, ms: number): void;
  failNext(path: string, how?: { StatusCode: number; Message?: string } | 'http500'): void;
  byExternalId(externalId: string): KaspiPayment | undefined;
  emulate(action: 'scan' | 'confirm' | 'scanerror' | 'confirmerror', id: string): boolean;
}
