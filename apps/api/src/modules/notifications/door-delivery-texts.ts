import type { TLang } from '@portal/contract';
import { text } from '../../texts/texts';

/**
 * The door delivery's SMS (ADR 094), in the recipient's language: the courier is on the way, and the code to give
 * them at the door (the only place the code is ever written out).
 */
export function doorCodeSms(lang: TLang, p: { site: string; code: string; track_code: string; courier: string }): string {
  return text('sms.door_code', lang, p);
}
