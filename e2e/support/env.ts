import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the e2e server listens, and its data folder (deleted and made anew on every run). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3190);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portal-e2e-${E2E_PORT}`);
export const SMS_OUTBOX = join(DATA_DIR, 'sms-outbox.jsonl');

export const DEMO_PASSWORD = 'Orda-demo-2026';
export const DEMO = {
  customer: '+77010000001',
  warehouseStaff: '+77010000002',
  branchStaff: '+77010000003',
  admin: '+77010000004',
} as const;
