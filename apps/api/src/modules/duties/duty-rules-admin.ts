import type { TEndDutyRuleRequest, TSaveDutyRuleRequest, TDutyRule } from '@portal/contract';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit';
import { dutiesRepository, type DutyRuleInput } from './duties-repository';
import { ruleView } from './duties-service';

const input = (b: TSaveDutyRuleRequest): DutyRuleInput => {
  if (b.effective_to !== null && b.effective_to < b.effective_from)
    throw new AppError('validation_failed', { fields: { effective_to: ['validation.invalid_date'] } });
  return {
    countryCode: b.country_code,
    effectiveFrom: b.effective_from,
    effectiveTo: b.effective_to,
    period: b.period,
    valueThreshold: b.value_threshold,
    valueCurrency: 'EUR',
    weightThresholdKg: b.weight_threshold_kg,
    rateBp: b.rate_bp,
    minPerKg: b.min_per_kg,
    name: b.name,
  };
};

/**
 * Creates (id null) or changes a rule, audited. Edits of one country's rules are serialised by an advisory lock, and a
 * rule sharing a day with another of its country is refused (409 duty_rule_overlap): of two overlapping creates at
 * once, one wins. A change based on an older version is refused (409 stale_write).
 */
export async function saveDutyRule(db: Db, actor: AuditActor, id: number | null, body: TSaveDutyRuleRequest): Promise<TDutyRule> {
  const values = input(body);
  return db.transaction(async (tx) => {
    const before = id === null ? undefined : await dutiesRepository.rule(tx, id);
    if (id !== null && !before) throw notFound();
    await dutiesRepository.lockCountry(tx, values.countryCode);
    if (before && before.countryCode !== values.countryCode) await dutiesRepository.lockCountry(tx, before.countryCode);
    if (await dutiesRepository.overlapping(tx, values.countryCode, values.effectiveFrom, values.effectiveTo ?? null, id ?? undefined))
      throw new AppError('duty_rule_overlap');
    const saved =
      id === null ? await dutiesRepository.insertRule(tx, values) : await dutiesRepository.updateRule(tx, id, body.version, values);
    if (!saved) throw new AppError('stale_write');
    await recordAudit(tx, {
      actor,
      action: id === null ? 'duty_rule.create' : 'duty_rule.update',
      targetType: 'duty_rule',
      targetId: saved.id,
      before: before ? ruleView(before) : undefined,
      after: ruleView(saved),
    });
    return ruleView(saved);
  });
}

/** Ends a rule on a day (inclusive), so that a new rule can start the day after. */
export async function endDutyRule(db: Db, actor: AuditActor, id: number, body: TEndDutyRuleRequest): Promise<TDutyRule> {
  return db.transaction(async (tx) => {
    const before = await dutiesRepository.rule(tx, id);
    if (!before) throw notFound();
    if (body.effective_to < before.effectiveFrom)
      throw new AppError('validation_failed', { fields: { effective_to: ['validation.invalid_date'] } });
    await dutiesRepository.lockCountry(tx, before.countryCode);
    if (await dutiesRepository.overlapping(tx, before.countryCode, before.effectiveFrom, body.effective_to, id))
      throw new AppError('duty_rule_overlap');
    const saved = await dutiesRepository.updateRule(tx, id, body.version, { effectiveTo: body.effective_to });
    if (!saved) throw new AppError('stale_write');
    await recordAudit(tx, {
      actor,
      action: 'duty_rule.end',
      targetType: 'duty_rule',
      targetId: id,
      before: ruleView(before),
      after: ruleView(saved),
    });
    return ruleView(saved);
  });
}
