import type { z } from 'zod';
import { ZCreateSupportRequest, type TPublicUser } from '@portal/contract';
import { readablePhone } from '../../../components/ui/phone-field';

/** The support form checks exactly what the API checks (the contract's schema). */
export const ZSupportForm = ZCreateSupportRequest;
export type TSupportFormInput = z.input<typeof ZSupportForm>;
export type TSupportFormOutput = z.output<typeof ZSupportForm>;
export const SUPPORT_FIELDS = ['category', 'message', 'contact', 'name'] as const;

/** Contact and name come from the signed-in user, so most people only pick a topic and write. */
export function supportDefaults(user: Pick<TPublicUser, 'first_name' | 'last_name' | 'phone_number'> | null): Partial<TSupportFormInput> {
  return {
    message: '',
    contact: user ? readablePhone(user.phone_number) : '',
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
  };
}
