import { ERROR_STATUS, type TErrorCode } from '@portal/contract';

/**
 * The one error type services throw. The error handler turns it into
 * `{ message, code, errors? }` with the status of ERROR_STATUS and a message in the caller's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    readonly options: {
      /** Per-field message keys (validation.* from the contract, or error codes). */
      fields?: Record<string, string[]>;
      /** Seconds, for 429 answers. */
      retryAfter?: number;
      /** Values interpolated into the message ({seconds}, …). */
      params?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
