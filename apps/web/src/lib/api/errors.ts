import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isErrorBody, isMessageKey } from '@portal/contract';
import type { TFunction } from 'i18next';

export interface ApiErrorInfo {
  /** A message for the user, in their language. */
  message: string;
  /** The API's error code (`code_invalid` …) or the transport kind (`FETCH_ERROR` …). */
  code: string;
  status: number | null;
  /** Per-field messages, already translated by the API. */
  fields: Record<string, string[]>;
  /** Seconds to wait, for 429 answers. */
  retryAfter: number | null;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/**
 * Turns whatever a query or mutation failed with into something to show. API errors carry their
 * own localised message; transport failures (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) get friendly texts.
 */
export function describeApiError(error: FetchBaseQueryError | SerializedError | undefined | null, t: TFunction): ApiErrorInfo {
  const base = { fields: {}, retryAfter: null, status: null };
  if (!error) return { ...base, message: t('errors:unknown'), code: 'unknown' };
  if (!isFetchError(error)) return { ...base, message: t('errors:unknown'), code: 'unknown' };
  switch (error.status) {
    case 'FETCH_ERROR':
      return { ...base, message: t('errors:network'), code: 'FETCH_ERROR' };
    case 'TIMEOUT_ERROR':
      return { ...base, message: t('errors:timeout'), code: 'TIMEOUT_ERROR' };
    case 'PARSING_ERROR':
      return {
        ...base,
        message: error.originalStatus >= 500 ? t('errors:server') : t('errors:parsing'),
        code: 'PARSING_ERROR',
        status: error.originalStatus,
      };
    case 'CUSTOM_ERROR':
      return { ...base, message: t('errors:unknown'), code: 'CUSTOM_ERROR' };
    default: {
      const body = error.data;
      if (isErrorBody(body)) {
        return {
          message: body.message,
          code: body.code,
          status: error.status,
          fields: body.errors ?? {},
          retryAfter: body.retry_after ?? null,
        };
      }
      const fallback = error.status >= 500 ? 'errors:server' : error.status === 404 ? 'errors:not_found' : 'errors:unknown';
      return { ...base, message: t(fallback), code: `http_${error.status}`, status: error.status };
    }
  }
}

/** A validation message from the contract (`validation.required` …) in the current language; other texts as they are. */
export function translateFieldMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? t(`validation:${message.slice('validation.'.length)}`) : message;
}
