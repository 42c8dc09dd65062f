import { z } from 'zod';
import { ZData } from '../common/envelope';

export const ZChinaAddress = z.object({
  client_code: z.string(),
  /** Code of the country whose warehouse this is (KZ, KG …). */
  country_code: z.string(),
  recipient: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  street: z.string(),
  postcode: z.string(),
  /** Every line with its label in the request's language, one per line, for copy-all. */
  full_text: z.string(),
});
export type TChinaAddress = z.infer<typeof ZChinaAddress>;

/** GET china-address: the signed-in customer's China address (their client code and phone filled in). */
export const ZChinaAddressResponse = ZData(ZChinaAddress);
export type TChinaAddressResponse = z.infer<typeof ZChinaAddressResponse>;
