import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TFunction } from 'i18next';
import { describeApiError } from '../../../lib/api/errors';

/** The API's message for a failed call (already in the user's language: 409 stale edits, last admin …). */
export function errorText(error: unknown, t: TFunction): string {
  return describeApiError(error as FetchBaseQueryError | SerializedError | undefined, t).message;
}
