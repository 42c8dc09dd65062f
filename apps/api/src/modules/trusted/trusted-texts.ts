import { formatDayRange, type TLang } from '@portal/contract';
import { text } from '../../texts/texts';

/**
 * The SMS that brings a trusted person their QR code link (ADR 091). They have no account: it is written in the
 * customer's language (the customer chose them and knows which language they read).
 */
export function trustedPassSms(
  p: { site: string; customer: string; count: number; branch: string; from: string; to: string; link: string },
  lang: TLang,
): string {
  const { from, to, ...rest } = p;
  return text('sms.trusted_pass', lang, { ...rest, days: formatDayRange(from, to, lang, { short: true }) });
}
