import { z } from 'zod';
import { ZData } from '../common/envelope';

/**
 * Days a customer QR code stays valid. Every GET qr signs a fresh one, so a customer who uses the
 * portal never meets an expired code; a screenshot or a lost phone's copy stops working by itself.
 */
export const QR_TTL_DAYS = 30;

/** GET qr and POST qr/renew: the caller's QR code content (a signed token staff scanners verify), client code and name to show beside it. */
export const ZQrCode = z.object({
  token: z.string(),
  client_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  /** Goes up each time the customer renews the code: every earlier code stops working at once. */
  version: z.number().int(),
  /** When this token stops working (ISO 8601). */
  expires_at: z.string(),
});
export type TQrCode = z.infer<typeof ZQrCode>;
export const ZGetQrResponse = ZData(ZQrCode);
export type TGetQrResponse = z.infer<typeof ZGetQrResponse>;
