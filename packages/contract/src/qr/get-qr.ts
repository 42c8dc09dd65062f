import { z } from 'zod';
import { ZData } from '../common/envelope';

/** GET qr: the caller's QR code content (a signed token staff scanners verify), client code and name to show beside it. */
export const ZQrCode = z.object({
  token: z.string(),
  client_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
});
export type TQrCode = z.infer<typeof ZQrCode>;
export const ZGetQrResponse = ZData(ZQrCode);
export type TGetQrResponse = z.infer<typeof ZGetQrResponse>;
