import { z } from 'zod';
import { MSG } from './messages';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;
export const NAME_MAX_LENGTH = 100;

/** A required short text: trimmed, not empty, bounded. */
export const ZRequiredText = (max = NAME_MAX_LENGTH) =>
  z.string({ error: MSG.required }).trim().min(1, { error: MSG.required, abort: true }).max(max, { error: MSG.tooLong });

export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordMin })
  .max(PASSWORD_MAX_LENGTH, { error: MSG.passwordMax });

// The rule for a new password beyond its length (passwordWeakness, newPasswordRule) lives in password-rule.ts: it
// carries a strength estimator and its dictionaries, which the schemas of every other form must not pull in.

export const ZCode = z
  .string({ error: MSG.codeIncomplete })
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: MSG.codeIncomplete });

/** A calendar date as YYYY-MM-DD, a real day, not in the future, not before 1900. */
export const ZBirthDate = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG.invalidDate })
  .refine(
    (value) => {
      const d = new Date(`${value}T00:00:00Z`);
      if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) return false;
      return d.getUTCFullYear() >= 1900 && d.getTime() <= Date.now();
    },
    { error: MSG.invalidDate },
  );

/** Whether a text is a real calendar day written YYYY-MM-DD, in years PostgreSQL and people both use (1900–9999). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getUTCFullYear() >= 1900;
}

/** The one rule for a day in a query or body (reports, payments, day closes, audit filters): never a 500 on '2026-13-45'. */
export const ZCalendarDay = z.string({ error: MSG.invalidDate }).refine(isCalendarDay, { error: MSG.invalidDate });

export const GENDERS = ['male', 'female'] as const;
export const ZGender = z.enum(GENDERS, { error: MSG.required });

export const ZId = z.coerce.number({ error: MSG.invalidValue }).int().positive().max(2_147_483_647);
export const ZIdParam = z.object({ id: ZId });
