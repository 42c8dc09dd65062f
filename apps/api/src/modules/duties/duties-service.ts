import {
  dayIn,
  dutyFor,
  ruleInForce,
  zonedClock,
  type TDutyEstimate,
  type TDutyEstimateRequest,
  type TDutyLimit,
  type TDutyRule,
} from '@portal/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { declarationsFor } from '../declarations/declarations-repository';
import { dutiesRepository, type DutyRuleRow } from './duties-repository';
import { converter } from './exchange-rates';

export const ruleView = (r: DutyRuleRow): TDutyRule => ({
  id: r.id,
  country_code: r.countryCode,
  effective_from: r.effectiveFrom,
  effective_to: r.effectiveTo,
  period: r.period,
  value_threshold: r.valueThreshold,
  value_currency: 'EUR',
  weight_threshold_kg: r.weightThresholdKg,
  rate_bp: r.rateBp,
  min_per_kg: r.minPerKg,
  name: r.name,
  version: r.version,
});

const terms = (r: DutyRuleRow) => ({
  period: r.period,
  valueThreshold: r.valueThreshold,
  weightThresholdKg: r.weightThresholdKg,
  rateBp: r.rateBp,
  minPerKg: r.minPerKg,
});

/** The instant a local day starts in a fixed-offset zone (Kazakhstan and Kyrgyzstan keep no summer time). */
function localMidnight(day: string, timeZone: string): Date {
  const t = Date.parse(`${day}T00:00:00Z`);
  const c = zonedClock(new Date(t), timeZone);
  if (!c) return new Date(t);
  const offset = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) - t;
  return new Date(t - offset);
}

function monthOf(day: string): { start: string; end: string; next: string } {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start: `${day.slice(0, 7)}-01`, end: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}`, next };
}

type Amounts = Map<string, number>;
const addItems = (into: Amounts, items: readonly { quantity: number; unitPrice: number; currency: string }[]) => {
  for (const i of items) into.set(i.currency, (into.get(i.currency) ?? 0) + i.quantity * i.unitPrice);
  return into;
};

interface Context {
  userId: number;
  place: { countryCode: string; currency: string; timeZone: string };
  day: string;
  rule: DutyRuleRow | undefined;
}

async function context(db: DbOrTx, userId: number, now: Date): Promise<Context> {
  const place = await dutiesRepository.customerPlace(db, userId);
  if (!place) throw new AppError('branch_required');
  const day = dayIn(now, place.timeZone);
  const rules = await dutiesRepository.rules(db, place.countryCode);
  return { userId, place, day, rule: ruleInForce(rules, day) };
}

/** The period's other parcels (for a 'month' rule): their item amounts per currency and their weight. */
async function previous(db: DbOrTx, ctx: Context, exceptCode: string | null) {
  const amounts: Amounts = new Map();
  if (ctx.rule?.period !== 'month') return { amounts, weightKg: 0 };
  const month = monthOf(ctx.day);
  const codes = await dutiesRepository.monthCodes(
    db,
    ctx.userId,
    { start: localMidnight(month.start, ctx.place.timeZone), end: localMidnight(month.next, ctx.place.timeZone), current: true },
    exceptCode,
  );
  const declared = await declarationsFor(
    db,
    codes.map((c) => ({ userId: ctx.userId, trackCode: c.trackCode })),
  );
  let weightKg = 0;
  for (const c of codes) {
    const d = declared.get(`${ctx.userId}:${c.trackCode}`);
    if (d) addItems(amounts, d.items);
    weightKg += c.weight;
  }
  return { amounts, weightKg };
}

/** GET customs/limit: the rule in force for the customer's country today and the period's total so far. */
export async function limitFor(db: DbOrTx, userId: number, now = new Date()): Promise<TDutyLimit> {
  const ctx = await context(db, userId, now);
  const month = monthOf(ctx.day);
  const monthly = ctx.rule?.period === 'month';
  const prev = await previous(db, ctx, null);
  const conv = await converter(db, prev.amounts.keys(), ctx.day);
  const used = prev.amounts.size ? conv.toEur(prev.amounts) : 0;
  const threshold = ctx.rule?.valueThreshold ?? 0;
  return {
    rule: ctx.rule ? ruleView(ctx.rule) : null,
    day: ctx.day,
    period_start: monthly ? month.start : ctx.day,
    period_end: monthly ? month.end : ctx.day,
    used: used ?? 0,
    remaining: Math.max(0, threshold - (used ?? 0)),
    used_weight_kg: prev.weightKg,
    rate_unavailable: used === null ? conv.unavailable : [],
  };
}

/**
 * POST customs/duty-estimate: this parcel's value in EUR (its items as sent, else its declaration's), whether it takes
 * the period over the limit and the estimated duty in EUR and in the branch's currency, with the rates used.
 */
export async function estimateDuty(db: DbOrTx, userId: number, body: TDutyEstimateRequest, now = new Date()): Promise<TDutyEstimate> {
  const ctx = await context(db, userId, now);
  const code = body.track_code ?? null;
  let items: { quantity: number; unitPrice: number; currency: string }[] = (body.items ?? []).map((i) => ({
    quantity: i.quantity,
    unitPrice: i.unit_price,
    currency: i.currency,
  }));
  const parcel = code ? await dutiesRepository.parcelOf(db, userId, code) : undefined;
  if (!body.items && code) {
    const d = (await declarationsFor(db, [{ userId, trackCode: code }])).get(`${userId}:${code}`);
    items = d?.items ?? [];
  }
  const weightKg = body.weight_kg ?? parcel?.weight ?? 0;
  const amounts = addItems(new Map(), items);
  const prev = await previous(db, ctx, code);
  const conv = await converter(db, new Set([...amounts.keys(), ...prev.amounts.keys(), ctx.place.currency]), ctx.day);
  const value = conv.toEur(amounts);
  const previousEur = prev.amounts.size ? conv.toEur(prev.amounts) : 0;
  const base = {
    rule: ctx.rule ? ruleView(ctx.rule) : null,
    day: ctx.day,
    weight_kg: weightKg,
    branch_currency: ctx.place.currency,
    rates: conv.rates,
    rate_unavailable: conv.unavailable.filter((c) => amounts.has(c) || prev.amounts.has(c) || c === 'EUR'),
  };
  if (value === null || previousEur === null) {
    return {
      ...base,
      status: 'rate_unavailable',
      value_eur: null,
      previous_eur: 0,
      used: null,
      remaining: null,
      crosses: false,
      duty_eur: null,
      duty_branch: null,
    };
  }
  if (!ctx.rule) {
    return {
      ...base,
      status: 'no_rule',
      value_eur: value,
      previous_eur: previousEur,
      used: null,
      remaining: null,
      crosses: false,
      duty_eur: null,
      duty_branch: null,
    };
  }
  const r = dutyFor(terms(ctx.rule), { value, weightKg, previousValue: previousEur, previousWeightKg: prev.weightKg });
  return {
    ...base,
    rate_unavailable: [],
    status: 'ok',
    value_eur: value,
    previous_eur: ctx.rule.period === 'month' ? previousEur : 0,
    used: r.used,
    remaining: r.remaining,
    crosses: r.crosses,
    duty_eur: r.estimatedDuty,
    duty_branch: conv.fromEur(r.estimatedDuty, ctx.place.currency),
  };
}
