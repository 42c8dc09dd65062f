import { z } from 'zod';
import { ZData } from '../common/envelope';
import { CUSTOMS_IDS } from '../customs/iin';

export const ZCountry = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  phone_prefix: z.string(),
  currency: z.string(),
  /** The personal number its customs need before a parcel leaves China ('none', 'iin', 'personal_number'; ADR 084). */
  customs_id: z.enum(CUSTOMS_IDS),
});
export type TCountry = z.infer<typeof ZCountry>;

/** GET countries */
export const ZCountriesResponse = ZData(z.array(ZCountry));
export type TCountriesResponse = z.infer<typeof ZCountriesResponse>;
