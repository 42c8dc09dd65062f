import { z } from 'zod';
import { ZData } from '../common/envelope';

/** The icons the web app draws for prohibited items (components/content/prohibited-icon). */
export const PROHIBITED_ICONS = [
  'battery',
  'droplet',
  'magnet',
  'knife',
  'crosshair',
  'pill',
  'flame',
  'sprout',
  'paw',
  'food',
  'coins',
  'no-smoking',
] as const;
export type TProhibitedIcon = (typeof PROHIBITED_ICONS)[number];

export const ZProhibitedItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** An icon name of PROHIBITED_ICONS the web app draws, an uploaded image (`/uploads/prohibited-items/…`), or an emoji (older rows). */
  icon: z.string(),
});
export type TProhibitedItem = z.infer<typeof ZProhibitedItem>;

/** GET prohibited-items: what the carrier does not ship, in display order. */
export const ZProhibitedItemsResponse = ZData(z.array(ZProhibitedItem));
export type TProhibitedItemsResponse = z.infer<typeof ZProhibitedItemsResponse>;
