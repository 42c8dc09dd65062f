import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DOOR_CODE_LENGTH } from '@portal/contract';

/** A new 6-digit code and what is kept of it: a random salt and the SHA-256 of salt and code ("salt$hash"). */
export function newDoorCode(): { code: string; kept: string } {
  const code = String(randomInt(0, 10 ** DOOR_CODE_LENGTH)).padStart(DOOR_CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('hex');
  return { code, kept: `${salt}$${digest(salt, code)}` };
}

/** Whether `code` is the one kept (compared in constant time). */
export function doorCodeMatches(kept: string, code: string): boolean {
  const [salt, hash] = kept.split('$');
  if (!salt || !hash) return false;
  const a = Buffer.from(hash, 'hex');
  const b = Buffer.from(digest(salt, code), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');
