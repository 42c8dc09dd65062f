import { z } from 'zod';
import { ZData } from '../common/envelope';

export const ZCountry = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  flag: z.string(),
  phone_prefix: z.string(),
  currency: z.string(),
});
export type TCountry = z.infer<typeof ZCountry>;

/** GET countries */
export const ZCountriesResponse = ZData(z.array(ZCountry));
export type TCountriesResponse = z.infer<typeof ZCountriesResponse>;
