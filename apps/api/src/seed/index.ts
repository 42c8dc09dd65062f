import type { Db } from '../db/client';
import { seedAccounts, type DemoAccount } from './accounts';
import { seedContent } from './content';
import { seedGeo } from './geo';
import type { StoreDemoPhoto } from './demo-photos';
import { seedDemoDuties } from './demo-duties';
import { seedDemoOrders } from './orders';
import { seedStatuses } from './statuses';

/**
 * Idempotent: reference data (countries, branches, settings, statuses) always; demo accounts and
 * demo content only when `demo` (never with NODE_ENV=production unless SEED_DEMO=true).
 */
export async function seedDatabase(db: Db, opts: { demo: boolean; storePhoto?: StoreDemoPhoto }): Promise<{ demoAccounts: DemoAccount[] }> {
  await seedGeo(db);
  await seedStatuses(db);
  if (!opts.demo) return { demoAccounts: [] };
  const demoAccounts = await seedAccounts(db);
  await seedDemoOrders(db, opts.storePhoto);
  await seedContent(db);
  await seedDemoDuties(db);
  return { demoAccounts };
}
