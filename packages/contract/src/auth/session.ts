import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZUser } from '../users/user';

/** The answer of login and register: `{ data: { access: { token }, user } }`. */
export const ZSessionResponse = ZData(
  z.object({
    access: z.object({ token: z.string(), expires_in: z.number().int() }),
    user: ZUser,
  }),
);
export type TSessionResponse = z.infer<typeof ZSessionResponse>;
