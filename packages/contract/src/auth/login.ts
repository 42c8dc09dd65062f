import { z } from 'zod';
import { MSG } from '../common/messages';
import { ZPhone } from '../common/phone';

/** POST auth/login → ZSessionResponse. The password is not length-checked here: old passwords still sign in. */
export const ZLoginRequest = z.strictObject({
  phone_number: ZPhone,
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(128, { error: MSG.passwordMax }),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;
