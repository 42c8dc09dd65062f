import { z } from 'zod';
import { MSG } from './messages';

/**
 * Control characters other than tab and line breaks: no text field of the contract accepts them
 * (PostgreSQL text cannot even hold U+0000). Includes DEL and the C1 range.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Half of a UTF-16 surrogate pair without its other half: not a character at all. PostgreSQL's jsonb refuses
 * it (`\udc00` in an audit row or a notification's parameters answered 500), so texts holding one are refused
 * with the control characters.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const hasControlChars = (value: string): boolean => CONTROL_CHARS.test(value) || LONE_SURROGATE.test(value);

const MAX_DEPTH = 20;

/** Adds an "invalid characters" issue for every string (key or value) holding a control character. */
function checkTexts(value: unknown, ctx: z.RefinementCtx, path: (string | number)[], depth: number): void {
  if (typeof value === 'string') {
    if (hasControlChars(value)) ctx.addIssue({ code: 'custom', message: MSG.invalidCharacters, path: [...path] });
    return;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkTexts(item, ctx, [...path, i], depth + 1));
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (hasControlChars(key)) ctx.addIssue({ code: 'custom', message: MSG.invalidCharacters, path: [...path] });
    else checkTexts(item, ctx, [...path, key], depth + 1);
  }
}

/**
 * The contract's one text rule, put in front of a request schema (body, query or path): any text
 * anywhere in the input with a control character is refused per field with "invalid characters",
 * before the schema itself runs. The API applies it to every route's request schemas.
 */
export function withTextRule<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => checkTexts(value, ctx, [], 0))
    .pipe(schema);
}
