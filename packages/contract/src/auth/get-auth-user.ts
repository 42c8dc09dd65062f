import type { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZUser } from '../users/user';

/** GET auth/user */
export const ZAuthUserResponse = ZData(ZUser);
export type TAuthUserResponse = z.infer<typeof ZAuthUserResponse>;
