import type { ApiErrorInfo } from '../api/errors';

/**
 * A form's way to put a message under a field: react-hook-form's `setError`, or lib/forms/use-small-form.ts's,
 * which has the same signature.
 */
export type SetFieldError<F extends string> = (
  name: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts the API's per-field messages under the form's fields. Returns the messages for fields the
 * form does not have (to show with the general message).
 */
export function applyFieldErrors<F extends string>(info: ApiErrorInfo, setError: SetFieldError<F>, fields: readonly F[]): string[] {
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(info.fields)) {
    const message = messages[0];
    if (!message) continue;
    const known = fields.find((f) => f === field);
    if (known) setError(known, { type: 'server', message }, { shouldFocus: true });
    else rest.push(message);
  }
  return rest;
}

/** Whether the API error is about the fields only (the general message would repeat them). */
export function onlyFieldErrors(info: ApiErrorInfo, fields: readonly string[]): boolean {
  const keys = Object.keys(info.fields);
  return info.code === 'validation_failed' && keys.length > 0 && keys.every((k) => fields.includes(k));
}
