import { z } from 'zod';
import { ZData } from '../common/envelope';

export const ZMarketplace = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The marketplace's site, opened in a new tab. */
  url: z.string(),
  /** Path or URL of the logo image. */
  logo: z.string(),
});
export type TMarketplace = z.infer<typeof ZMarketplace>;

/** GET marketplaces: where customers buy, in display order. */
export const ZMarketplacesResponse = ZData(z.array(ZMarketplace));
export type TMarketplacesResponse = z.infer<typeof ZMarketplacesResponse>;
