import { ZxcvbnFactory, type Match, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './fields';
import { MSG, type TMessageKey } from './messages';

/**
 * The one rule for a new password besides its length (register, password reset and create-admin use it; the web
 * shows the API's reason beside the field): a strength estimate by zxcvbn-ts with its common dictionaries (the most
 * used passwords, keyboard layouts), refused below MIN_GUESSES_LOG10 with the reason of the pattern that makes it
 * guessable — repeated ("abcabc"), a sequence ("abcdef"), a keyboard row ("qwerty"), a date or year, a common
 * password — plus, before it, one character repeated, the phone number's digits and the 10,000 most common passwords.
 *
 * This module carries the estimator and its dictionaries (about 1 MB): the browser never loads it (no web code
 * imports it; the forms show the API's field message), and `fields.ts`, which every schema imports, stays small.
 */

/** Fewer estimated guesses than 10^4 is refused: the common-password list's depth, ten thousand tries. */
export const MIN_GUESSES_LOG10 = 4;
/**
 * Only the first 32 characters are estimated, with at most 20 l33t substitutions tried: the estimate runs on the
 * request's thread, and 128 adversarial characters took it 0.4–0.8 s on a loaded machine (32: under 30 ms). Past 32
 * characters a password is long enough unless its start is a pattern, which is still caught.
 */
const ESTIMATE_LENGTH = 32;
const L33T_SUBSTITUTIONS = 20;
/** How many of zxcvbn's frequency-ranked common passwords are refused outright, whatever their estimate. */
export const COMMON_PASSWORD_COUNT = 10_000;

let estimator: ZxcvbnFactory | null = null;
let common: Set<string> | null = null;

/** Built on first use (a few hundred ms: the dictionaries are ranked once), then kept. */
function estimate(password: string, inputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: ESTIMATE_LENGTH,
    l33tMaxSubstitutions: L33T_SUBSTITUTIONS,
  });
  return estimator.check(password, inputs);
}

function isCommon(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** The pattern that covers most of the password (the reason it is guessable), if any. */
const mainMatch = (sequence: Match[]) =>
  sequence.filter((m) => m.pattern !== 'bruteforce').sort((a, b) => b.token.length - a.token.length)[0];

/**
 * Patterns refused when they make up the whole password (all but two characters at most), however many guesses they
 * take: "aB3$aB3$", "19.05.1990", and a long password that is one short piece repeated.
 */
const WHOLE_PATTERNS = new Set(['repeat', 'sequence', 'spatial', 'date']);

function reasonOf(main: Match | undefined): TMessageKey {
  switch (main?.pattern) {
    case 'repeat':
      return MSG.passwordRepeated;
    case 'sequence':
      return MSG.passwordSequence;
    case 'spatial':
      return MSG.passwordKeyboard;
    case 'date':
    case 'regex':
      return MSG.passwordDate;
    case 'dictionary':
      return main.dictionaryName === 'userInputs' ? MSG.passwordIsPhone : MSG.passwordTooCommon;
    default:
      return MSG.passwordWeak;
  }
}

/** The reason a new password is refused (a message key), or null when it may be used. */
export function passwordWeakness(password: string, phone?: string | null): TMessageKey | null {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return null; // the length rule speaks
  if (/^(.)\1*$/su.test(password)) return MSG.passwordRepeated;
  const digits = phone ? phone.replace(/\D/g, '') : '';
  const national = digits.length > 10 ? digits.slice(digits.length - 10) : digits;
  if (digits) {
    const typed = password.replace(/[\s()+.-]/g, '');
    if (/^\d+$/.test(typed) && typed.length >= PASSWORD_MIN_LENGTH && [digits, `8${national}`].some((v) => v.includes(typed)))
      return MSG.passwordIsPhone;
  }
  if (isCommon(password)) return MSG.passwordTooCommon;
  const result = estimate(password, digits ? [digits, national] : []);
  const main = mainMatch(result.sequence);
  const whole = main !== undefined && WHOLE_PATTERNS.has(main.pattern) && main.token.length >= result.password.length - 2;
  return result.guessesLog10 < MIN_GUESSES_LOG10 || whole ? reasonOf(main) : null;
}

/**
 * Adds the password rule to a request schema with `password` (and the account's `phone_number` when
 * it has one): `.superRefine(newPasswordRule)`.
 */
export function newPasswordRule(value: { password?: unknown; phone_number?: unknown }, ctx: z.RefinementCtx): void {
  if (typeof value.password !== 'string') return;
  const problem = passwordWeakness(value.password, typeof value.phone_number === 'string' ? value.phone_number : null);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
}
