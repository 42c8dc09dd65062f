import { z } from 'zod';
import { ZData } from '../common/envelope';
import { MSG } from '../common/messages';
import { ZOnlineProvider } from '../payments/online';

/**
 * A branch's online payment providers as the admin sees them (ADR 077): whether each is enabled and which of its
 * credential fields hold a value. The values never leave the server; the form sends only what the admin typed.
 */
export const ZAdminPaymentProvider = z.object({
  provider: ZOnlineProvider,
  /** Configured and switched on: the branch's customers may pay with it. */
  enabled: z.boolean(),
  /** The fields this provider needs (from its driver), each saying whether a value is kept. */
  fields: z.array(z.object({ name: z.string(), set: z.boolean() })),
  /** Saved at least once. */
  configured: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TAdminPaymentProvider = z.infer<typeof ZAdminPaymentProvider>;

export const ZAdminPaymentProviders = z.object({
  /** PAYMENTS_SECRET_KEY is set: credentials can be kept (without it nothing can be saved). */
  available: z.boolean(),
  providers: z.array(ZAdminPaymentProvider),
});
export type TAdminPaymentProviders = z.infer<typeof ZAdminPaymentProviders>;
export const ZAdminPaymentProvidersResponse = ZData(ZAdminPaymentProviders);
export type TAdminPaymentProvidersResponse = z.infer<typeof ZAdminPaymentProvidersResponse>;

/** One credential value as typed; blank keeps the kept value. */
const ZCredentialValue = z.string({ error: MSG.invalidValue }).trim().max(2000, { error: MSG.tooLong });

/** PUT admin/branches/{id}/payment-providers: save one provider of the branch. */
export const ZSaveAdminPaymentProviderRequest = z.strictObject({
  provider: ZOnlineProvider,
  enabled: z.boolean({ error: MSG.invalidValue }),
  /** Only the fields the admin typed; a blank or absent field keeps its kept value. */
  credentials: z.record(z.string().max(64, { error: MSG.tooLong }), ZCredentialValue).default({}),
});
export type TSaveAdminPaymentProviderRequest = z.input<typeof ZSaveAdminPaymentProviderRequest>;
