import { insurancePremiumMinor, toMajor } from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { declarationKey, declarationsFor } from '../declarations/declarations-repository';
import type { LifecycleOrderRow } from './parcel-types';
import { insuranceRepository } from './insurance-repository';

/** How a dispatched parcel's premium was fixed: the one the customer was quoted, quoted again, or none possible. */
export type PremiumSource = 'kept' | 'requoted' | 'not_insurable';

export interface FixedPremium {
  premium: number;
  currency: string;
  source: PremiumSource;
  declaredValue: number | null;
  declaredCurrency: string | null;
}

/**
 * The insurance premium each just-dispatched parcel is charged with (ADR 090), written on the parcels in the
 * dispatch's transaction. Called after the guarded UPDATE that moved them: their rows are locked by then, so the
 * declarations read here are the ones the customer could no longer change (the declarations module refuses a change
 * once its parcel left the warehouse, under the parcel's row lock). The premium kept on an insured declaration is
 * charged when it was quoted in the parcel's branch currency; otherwise it is quoted again on the branch's terms (a
 * declared value in that currency, within the cap), else the parcel goes uninsured (premium 0, noted in its event).
 */
export async function fixPremiums(tx: DbOrTx, moved: LifecycleOrderRow[]): Promise<Map<number, FixedPremium>> {
  const out = new Map<number, FixedPremium>();
  const owned = moved.filter((o): o is LifecycleOrderRow & { userId: number } => o.userId !== null);
  if (!owned.length) return out;
  const declared = await declarationsFor(
    tx,
    owned.map((o) => ({ userId: o.userId, trackCode: o.trackCode })),
  );
  const insured = owned.filter((o) => declared.get(declarationKey(o))?.insured);
  if (!insured.length) {
    // A premium fixed by an earlier dispatch of the same parcel (sent back, dispatched again) is not charged twice.
    await insuranceRepository.setInsurancePremiums(
      tx,
      owned.filter((o) => (o.insurancePremium ?? 0) !== 0).map((o) => ({ id: o.id, premium: 0 })),
    );
    return out;
  }
  const branchIds = [...new Set(insured.map((o) => o.branchId).filter((b): b is number => b !== null))];
  const terms = new Map((await insuranceRepository.insuranceTerms(tx, branchIds)).map((b) => [b.id, b]));
  for (const o of insured) {
    const d = declared.get(declarationKey(o))!;
    const branch = o.branchId !== null ? terms.get(o.branchId) : undefined;
    if (!branch) continue;
    const fixed = { currency: branch.currency, declaredValue: d.declaredValue, declaredCurrency: d.declaredCurrency };
    if (d.insurancePremium !== null && d.insuranceCurrency === branch.currency) {
      out.set(o.id, { ...fixed, premium: d.insurancePremium, source: 'kept' });
    } else if (
      d.declaredValue !== null &&
      d.declaredCurrency === branch.currency &&
      (branch.maxValue === 0 || d.declaredValue <= branch.maxValue)
    ) {
      out.set(o.id, { ...fixed, premium: insurancePremiumMinor(d.declaredValue, branch, branch.currency), source: 'requoted' });
    } else {
      out.set(o.id, { ...fixed, premium: 0, source: 'not_insurable' });
    }
  }
  await insuranceRepository.setInsurancePremiums(
    tx,
    owned
      .map((o) => ({ id: o.id, premium: out.get(o.id)?.premium ?? 0, was: o.insurancePremium ?? 0 }))
      .filter((p) => p.premium !== p.was)
      .map(({ id, premium }) => ({ id, premium })),
  );
  for (const o of moved) {
    const f = out.get(o.id);
    if (f) o.insurancePremium = f.premium;
  }
  return out;
}

/** What a dispatched parcel's event and audit row say of its insurance (major units, as answers show amounts). */
export function premiumDetails(fixed: FixedPremium | undefined): Record<string, unknown> | undefined {
  if (!fixed) return undefined;
  return {
    insurance_premium: toMajor(fixed.premium),
    insurance_currency: fixed.currency,
    insurance_source: fixed.source,
    declared_value: fixed.declaredValue === null ? null : toMajor(fixed.declaredValue),
    declared_currency: fixed.declaredCurrency,
  };
}
