/**
 * QR codes shown at /qr start with this prefix; staff scanners recognise customer QR codes by it. Neutral: a camera
 * app shows the code's text, which must not name a carrier (ADR 068).
 */
export const QR_TOKEN_PREFIX = 'QR1.';
/** The prefix of codes made before (a customer's kept code still works until it expires or is renewed). */
export const QR_TOKEN_LEGACY_PREFIXES = ['ORDA1.'] as const;

/** The signed part of a customer QR code, or null when the text is not one (by its prefix). */
export function qrTokenBody(text: string): string | null {
  for (const prefix of [QR_TOKEN_PREFIX, ...QR_TOKEN_LEGACY_PREFIXES]) if (text.startsWith(prefix)) return text.slice(prefix.length);
  return null;
}
