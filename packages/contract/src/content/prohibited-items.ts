import { z } from 'zod';
import { ZData } from '../common/envelope';

export const ZProhibitedItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** An icon name the web app draws (battery, droplet, magnet, knife, crosshair, pill, flame, sprout, paw, food, coins, no-smoking), or an emoji. */
  icon: z.string(),
});
export type TProhibitedItem = z.infer<typeof ZProhibitedItem>;

/** GET prohibited-items: what the carrier does not ship, in display order. */
export const ZProhibitedItemsResponse = ZData(z.array(ZProhibitedItem));
export type TProhibitedItemsResponse = z.infer<typeof ZProhibitedItemsResponse>;
