import type { FastifyRequest } from 'fastify';
import { ZErrorBody } from '@portal/contract';
import { AppError } from '../../../lib/app-error';
import { requestLang } from '../../../lib/request-lang';
import { authOf } from '../../auth/auth-plugin';
import { auditActorOf } from '../../audit/audit';

/** What every staff work's route schema shares. */
export const errors = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 413: ZErrorBody, 422: ZErrorBody };
export const security = [{ bearer: [] }];
export const tags = ['manage'];

/** The signed-in staff member, their language, and the actor every parcel transition records (with its audit actor). */
export function workContext(request: FastifyRequest) {
  const { user } = authOf(request);
  return { user, lang: requestLang(request), actor: { userId: user.id, ip: request.ip, audit: auditActorOf(request) } };
}

/** Multipart failures (too big, too many files, not multipart at all) → the feature's clear 4xx. */
export function multipartError(error: unknown, code: 'photo_invalid' | 'import_file_invalid'): AppError {
  if (error instanceof AppError) return error;
  const c = (error as { code?: string }).code ?? '';
  if (c === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large');
  return new AppError(code);
}
