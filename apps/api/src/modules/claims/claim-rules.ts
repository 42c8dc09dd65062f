import { localDate, uninsuredLimitMinor, type TClaimCap, type TClaimKind, type TClaimSettings } from '@portal/contract';
import type { ClaimParcel } from './claims-repository';

const DAY_MS = 86_400_000;

/**
 * Whether a claim of this kind makes sense for the parcel now (ADR 088):
 * - lost: in transit past its flight's expected date (or, without one, `lost_after_days` after dispatch), or at the
 *   branch but marked missing at a stock-take;
 * - damaged, contents differ, weight differs: at the branch, or handed over at most `damage_days` ago.
 */
export function kindFits(kind: TClaimKind, p: ClaimParcel, s: TClaimSettings, now: Date, timeZone = 'Asia/Almaty'): boolean {
  if (kind === 'lost') {
    if (p.status === 'at_branch') return p.missing;
    if (p.status !== 'in_transit') return false;
    if (p.expectedArrival) return p.expectedArrival < localDate(now, timeZone);
    return !!p.dispatchedAt && now.getTime() - p.dispatchedAt.getTime() > s.lost_after_days * DAY_MS;
  }
  if (p.status === 'at_branch') return true;
  return p.status === 'delivered' && !!p.deliveredAt && now.getTime() - p.deliveredAt.getTime() <= s.damage_days * DAY_MS;
}

/** The deadlines a claim opened at `now` gets: the first answer and the decision. */
export function deadlinesOf(s: TClaimSettings, now: Date): { answerDue: Date; decisionDue: Date } {
  return {
    answerDue: new Date(now.getTime() + s.answer_hours * 3_600_000),
    decisionDue: new Date(now.getTime() + s.decision_days * DAY_MS),
  };
}

/**
 * THE compensation cap (ADR 088), minor units of the parcel's branch currency: an insured parcel up to its declared
 * value; an uninsured one up to the branch's limit per kg of its China weight; a lost parcel also gets its freight
 * price back (when priced). Staff approve at most this; above needs an admin or the capability `claims`.
 */
export function capOf(
  kind: TClaimKind,
  p: Pick<ClaimParcel, 'weight' | 'price'>,
  declaration: { insured: boolean; declaredValue: number | null } | null,
  branch: { uninsuredPerKg: number; currency: string },
): TClaimCap {
  const insured = !!declaration?.insured && (declaration.declaredValue ?? 0) > 0;
  const goods = insured ? declaration!.declaredValue! : uninsuredLimitMinor(p.weight, branch, branch.currency);
  const freight = kind === 'lost' ? (p.price ?? 0) : 0;
  return { basis: insured ? 'insured' : 'uninsured', goods, freight, total: goods + freight, currency: branch.currency };
}

/** The deadline that comes next for an undecided claim (the first answer while none, else the decision); null once decided. */
export function nextDue(c: { state: string; answeredAt: Date | null; answerDue: Date; decisionDue: Date }): Date | null {
  if (c.state !== 'open' && c.state !== 'in_review') return null;
  if (c.answeredAt === null) return c.answerDue < c.decisionDue ? c.answerDue : c.decisionDue;
  return c.decisionDue;
}
