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
  /** `client`: the CN of the client certificate presented (HTTPS), else null. */
  calls: { method: string; path: string; body: Record<string, unknown>; client: string | null }[];
  returns: { QrPaymentId: string; Amount: number; ReturnOperationId: number }[];
  /** HTTPS requiring a client certificate signed by `tls.ca` when `tls` is given; plain HTTP otherwise. */
  start(port?: number, tls?: { key: string; cert: string; ca: string } | null): Promise<string>;
  stop(): Promise<void>;
  addDevice(token?: string, info?: { DeviceId: string; OrganizationBin: string; TradePointId?: string }): string;
  delay(path: string, ms: number): void;
  failNext(path: string, how?: { StatusCode: number; Message?: string } | 'http500'): void;
  byExternalId(externalId: string): KaspiPayment | undefined;
  emulate(action: 'scan' | 'confirm' | 'scanerror' | 'confirmerror', id: string): boolean;
}
