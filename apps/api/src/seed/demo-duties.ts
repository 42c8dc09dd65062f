import { and, eq } from 'drizzle-orm';
import { dayIn } from '@portal/contract';
import type { Db } from '../db/client';
import { declarationItems, declarations, exchangeRates, users } from '../db/schema';
import { dutiesRepository } from '../modules/duties/duties-repository';
import { RATES_TIME_ZONE } from '../modules/duties/exchange-rates';

/** The demo's rates (KZT per unit, source 'demo'): the NBK's values of a late-2026 day, for the last three days. */
const DEMO_RATES = [
  { currency: 'USD', rate: '470.51', quant: 1 },
  { currency: 'EUR', rate: '512.3', quant: 1 },
  { currency: 'RUB', rate: '5.95', quant: 1 },
  { currency: 'CNY', rate: '65.12', quant: 1 },
  { currency: 'KGS', rate: '5.38', quant: 10 },
];
/** The demo customer's down jacket in transit, declared over the duty-free limit (about 241 EUR). */
const DEMO_CODE = 'ZTO78015562341';

/** Idempotent demo data for the duty-free limit (ADR 087): rates when none are stored, one declaration over 200 EUR. */
export async function seedDemoDuties(db: Db, now = new Date()): Promise<void> {
  const [anyRate] = await db.select({ id: exchangeRates.id }).from(exchangeRates).limit(1);
  if (!anyRate) {
    for (const back of [2, 1, 0]) {
      const day = dayIn(new Date(now.getTime() - back * 86_400_000), RATES_TIME_ZONE);
      await dutiesRepository.upsertRates(db, day, DEMO_RATES, 'demo');
    }
  }
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, '+77010000001')).limit(1);
  if (!customer) return;
  const [existing] = await db
    .select({ id: declarations.id })
    .from(declarations)
    .where(and(eq(declarations.userId, customer.id), eq(declarations.trackCode, DEMO_CODE)))
    .limit(1);
  if (existing) return;
  await db.transaction(async (tx) => {
    const [d] = await tx.insert(declarations).values({ userId: customer.id, trackCode: DEMO_CODE }).returning({ id: declarations.id });
    await tx.insert(declarationItems).values([
      { declarationId: d!.id, position: 1, description: 'Пуховик Bosideng', quantity: 1, unitPrice: 149_900, currency: 'CNY' },
      { declarationId: d!.id, position: 2, description: 'Шапка', quantity: 2, unitPrice: 20_000, currency: 'CNY' },
    ]);
  });
}
