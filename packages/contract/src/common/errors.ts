import { z } from 'zod';

/**
 * Every application error code and its HTTP status, in one place.
 * The API turns an AppError(code) into `{ message, code, errors? }` with this status;
 * the web app may branch on `code`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthenticated: 401,
  token_expired: 401,
  invalid_credentials: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  conflict: 409,
  phone_taken: 409,
  phone_same: 422,
  already_exists: 409,
  duplicate_track: 409,
  track_owned_by_other: 409,
  invalid_state: 409,
  parcel_already_received: 409,
  handover_changed: 409,
  import_committed: 409,
  day_closed: 409,
  already_reversed: 409,
  payment_not_reversible: 409,
  payment_short: 422,
  payment_too_much: 422,
  no_debt: 422,
  stale_write: 409,
  last_admin: 409,
  in_use: 409,
  own_account: 422,
  account_blocked: 403,
  customer_not_found: 404,
  qr_foreign: 422,
  qr_invalid: 422,
  qr_revoked: 422,
  qr_expired: 422,
  branch_required: 422,
  import_file_invalid: 422,
  photo_invalid: 422,
  validation_failed: 422,
  code_invalid: 422,
  code_expired: 422,
  code_attempts_exceeded: 422,
  verification_token_invalid: 422,
  password_too_common: 422,
  too_many_requests: 429,
  code_resend_too_soon: 429,
  login_locked: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as TErrorCode[];

export const ZErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
  retry_after: z.number().int().optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
