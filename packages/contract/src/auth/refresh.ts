import { z } from 'zod';
import { ZData } from '../common/envelope';

/** POST auth/refresh with the current token as Bearer → a new token; the old one is revoked. */
export const ZRefreshResponse = ZData(z.object({ token: z.string(), expires_in: z.number().int() }));
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;
