import { isLang, langFromHeader, type TLang } from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language from Accept-Language (kk, ru, en; ru when absent or unknown). */
export function requestLang(request: FastifyRequest): TLang {
  const header = request.headers['accept-language'];
  return langFromHeader(Array.isArray(header) ? header[0] : header);
}

/**
 * The language the caller asked for in Accept-Language, or undefined when it names none of kk, ru, en (or is
 * absent): for texts that otherwise follow the account's own language, such as the notifications list.
 */
export function askedLang(request: FastifyRequest): TLang | undefined {
  const raw: string | string[] | undefined = request.headers['accept-language'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (!header) return undefined;
  const named = header.split(',').some((part: string) => isLang(part.split(';')[0]!.trim().toLowerCase().split('-')[0]));
  return named ? langFromHeader(header) : undefined;
}
