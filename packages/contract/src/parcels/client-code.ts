import { z } from 'zod';
import { MSG } from '../common/messages';

/** A client code as printed on labels: two letters, a hyphen, digits (KZ-10457). The one client-code rule. */
export const CLIENT_CODE_PATTERN = /^[A-Z]{2}-\d{1,10}$/;

/**
 * "kz-10457", "KZ10457", " KZ 10457 " → "KZ-10457"; null when it is not a client code.
 * Used by receive, import, hand-over lookup and the web forms.
 */
export function normalizeClientCode(input: string): string | null {
  const upper = input.toUpperCase().replace(/\s+/g, '');
  const m = /^([A-Z]{2})-?(\d{1,10})$/.exec(upper);
  return m ? `${m[1]}-${m[2]}` : null;
}

export const isClientCode = (input: string) => normalizeClientCode(input) !== null;

/** A client code as typed: normalised by normalizeClientCode, refused otherwise. */
export const ZClientCode = z
  .string({ error: MSG.invalidValue })
  .trim()
  .max(20, { error: MSG.tooLong })
  .transform((v, ctx) => {
    const code = normalizeClientCode(v);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidValue });
      return z.NEVER;
    }
    return code;
  });
