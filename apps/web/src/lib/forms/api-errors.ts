import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiErrorInfo } from '../api/errors';

/**
 * Puts the API's per-field messages under the form's fields. Returns the messages for fields the
 * form does not have (to show with the general message).
 */
export function applyFieldErrors<T extends FieldValues>(
  info: ApiErrorInfo,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string[] {
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
