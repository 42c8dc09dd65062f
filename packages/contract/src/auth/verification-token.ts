import { z } from 'zod';
import { MSG } from '../common/messages';

/** The single-use token a verified code gives (register, reset, phone change). */
export const ZVerificationToken = z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200, { error: MSG.invalidValue });
