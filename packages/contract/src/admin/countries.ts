import { z } from 'zod';
import { ZData } from '../common/envelope';
import { ZId } from '../common/fields';
import { ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { CHINA_ADDRESS_LINES, type TChinaAddressLine } from '../content/china-address-lines';
import { CUSTOMS_IDS } from '../customs/iin';

/** The placeholders a China address line may hold; anything else in braces is refused. */
export const ADDRESS_PLACEHOLDERS = ['{client_code}', '{phone}'] as const;

/** Fills {client_code} and {phone} in a warehouse line: the one rule for the API's address and the admin's preview. */
export function fillAddressPlaceholders(template: string, values: { clientCode: string; phone: string }): string {
  return template.replaceAll('{client_code}', values.clientCode).replaceAll('{phone}', values.phone);
}

const ZLine = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(200, { error: MSG.tooLong })
  .refine((v) => (v.match(/\{[^}]*\}?/g) ?? []).every((p) => (ADDRESS_PLACEHOLDERS as readonly string[]).includes(p)), {
    error: MSG.invalidValue,
  });

/**
 * PUT admin/countries/{id}/address: every line of the country's China warehouse address, and the `updated_at`
 * read (409 when someone saved since; null for a country without one yet). The recipient or the street must hold
 * {client_code}, or the warehouse could not tell whose parcel it is.
 */
export const ZAdminChinaAddressRequest = z
  .strictObject({
    recipient: ZLine,
    phone: ZLine,
    province: ZLine,
    city: ZLine,
    district: ZLine,
    street: ZLine,
    postcode: ZLine,
    updated_at: z.string().max(40).nullable(),
  })
  .refine((v) => v.recipient.includes('{client_code}') || v.street.includes('{client_code}'), {
    path: ['recipient'],
    error: MSG.invalidValue,
  });
export type TAdminChinaAddressRequest = z.input<typeof ZAdminChinaAddressRequest>;

export const ZAdminCountry = z.object({
  id: z.number().int(),
  code: z.string(),
  name: ZI18nText,
  flag: z.string(),
  phone_prefix: z.string(),
  client_code_prefix: z.string(),
  /** The personal number customs need before a parcel to this country is dispatched (ADR 084). */
  customs_id: z.enum(CUSTOMS_IDS),
  /** The warehouse lines as templates, or null when none is set (customers then get the first country's). */
  address: z
    .object({
      recipient: z.string(),
      phone: z.string(),
      province: z.string(),
      city: z.string(),
      district: z.string(),
      street: z.string(),
      postcode: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type TAdminCountry = z.infer<typeof ZAdminCountry>;
export const ZAdminCountriesResponse = ZData(z.array(ZAdminCountry));
export type TAdminCountriesResponse = z.infer<typeof ZAdminCountriesResponse>;
export const ZAdminCountryResponse = ZData(ZAdminCountry);
export type TAdminCountryResponse = z.infer<typeof ZAdminCountryResponse>;
export const ZAdminCountryParams = z.object({ id: ZId });

export const ADMIN_ADDRESS_LINES: readonly TChinaAddressLine[] = CHINA_ADDRESS_LINES;

/**
 * PUT admin/countries/{id}/customs: which personal number customs need before this country's parcels leave China
 * ('none', 'iin', 'personal_number'; ADR 084). From then on, dispatch refuses parcels whose owner lacks it.
 */
export const ZAdminCountryCustomsRequest = z.strictObject({ customs_id: z.enum(CUSTOMS_IDS, { error: MSG.invalidValue }) });
export type TAdminCountryCustomsRequest = z.infer<typeof ZAdminCountryCustomsRequest>;
