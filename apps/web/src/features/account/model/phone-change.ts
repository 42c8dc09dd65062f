import type { z } from 'zod';
import { ZUpdatePhoneRequest } from '@portal/contract';

/** The new-number form: the contract's update-phone request without the token (it comes from the flow). */
export const ZNewPhoneForm = ZUpdatePhoneRequest.pick({ phone_number: true });
export type TNewPhoneForm = z.input<typeof ZNewPhoneForm>;
