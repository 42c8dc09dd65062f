import type { TErrorBody } from './errors';

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * ZErrorBody's check without zod, for the web's error messages: they show on the sign-in page, whose
 * first load must not bring the validation library (the /auth speed budget). A contract test keeps it
 * in step with ZErrorBody.
 */
export function isErrorBody(value: unknown): value is TErrorBody {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as Record<string, unknown>;
  if (typeof body.message !== 'string' || typeof body.code !== 'string') return false;
  if (body.request_id !== undefined && typeof body.request_id !== 'string') return false;
  if (body.retry_after !== undefined && !Number.isInteger(body.retry_after)) return false;
  if (body.errors !== undefined) {
    if (typeof body.errors !== 'object' || body.errors === null || Array.isArray(body.errors)) return false;
    if (!Object.values(body.errors).every(isStringArray)) return false;
  }
  return true;
}
