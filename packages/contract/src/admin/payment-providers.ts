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
  /**
   * The fields this provider needs (from its driver), each saying whether a value is kept. `certificate`: a client
   * certificate (Kaspi's mutual TLS), sent as PEM text or a PKCS#12 file (.pfx/.p12) in base64, with its end of
   * validity when kept (an expired one is refused on upload; the admin sees the date coming).
   */
  fields: z.array(
    z.object({
      name: z.string(),
      set: z.boolean(),
      kind: z.enum(['secret', 'certificate']),
      /** A kept certificate's end of validity (null: unreadable); absent for secrets. */
      valid_to: z.string().nullable().optional(),
    }),
  ),
  /** Switches (not secrets: their values are shown), e.g. Kaspi's remote invoice and payment link. */
  flags: z.array(z.object({ name: z.string(), value: z.boolean() })),
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

/** Longest credential value: a PKCS#12 client certificate with its chain, in base64, fits with room to spare. */
export const MAX_CREDENTIAL_LENGTH = 20_000;
/** One credential value as typed; blank keeps the kept value. */
const ZCredentialValue = z.string({ error: MSG.invalidValue }).trim().max(MAX_CREDENTIAL_LENGTH, { error: MSG.tooLong });

/** PUT admin/branches/{id}/payment-providers: save one provider of the branch. */
export const ZSaveAdminPaymentProviderRequest = z.strictObject({
  provider: ZOnlineProvider,
  enabled: z.boolean({ error: MSG.invalidValue }),
  /** Only the fields the admin typed; a blank or absent field keeps its kept value. */
  credentials: z.record(z.string().max(64, { error: MSG.tooLong }), ZCredentialValue).default({}),
  /** The provider's switches to set (a name left out keeps its value). */
  flags: z.record(z.string().max(64, { error: MSG.tooLong }), z.boolean({ error: MSG.invalidValue })).default({}),
});
export type TSaveAdminPaymentProviderRequest = z.input<typeof ZSaveAdminPaymentProviderRequest>;
