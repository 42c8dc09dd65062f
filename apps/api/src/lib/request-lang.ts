import { langFromHeader, type TLang } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language from Accept-Language (kk, ru, en; ru when absent or unknown). */
export function requestLang(request: FastifyRequest): TLang {
  const header = request.headers['accept-language'];
  return langFromHeader(Array.isArray(header) ? header[0] : header);
}
