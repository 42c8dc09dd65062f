import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZI18nText } from '../common/i18n';
import { MSG } from '../common/messages';
import { PROHIBITED_ICONS } from '../content/prohibited-items';
import { CONTENT_LIMITS, ZAdminContentQuery, ZAdminItemMeta, ZI18nInput, ZImageRef, ZVersion } from './content';

/** An icon: one the web app draws (PROHIBITED_ICONS) or an image uploaded with `POST admin/uploads/prohibited-items`. */
export const ZProhibitedIconInput = z.union([z.enum(PROHIBITED_ICONS), ZImageRef], { error: MSG.invalidValue });

const itemFields = {
  title: ZI18nInput(CONTENT_LIMITS.name),
  description: ZI18nInput(CONTENT_LIMITS.description),
  icon: ZProhibitedIconInput,
};

/** POST admin/prohibited-items (goes to the end of the list). */
export const ZAdminProhibitedItemCreateRequest = z.strictObject(itemFields);
export type TAdminProhibitedItemCreateRequest = z.input<typeof ZAdminProhibitedItemCreateRequest>;
/** PUT admin/prohibited-items/{id}. */
export const ZAdminProhibitedItemUpdateRequest = z.strictObject({ ...itemFields, version: ZVersion });
export type TAdminProhibitedItemUpdateRequest = z.input<typeof ZAdminProhibitedItemUpdateRequest>;

export const ZAdminProhibitedItem = ZAdminItemMeta.extend({
  title: ZI18nText,
  description: ZI18nText,
  icon: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type TAdminProhibitedItem = z.infer<typeof ZAdminProhibitedItem>;

/** GET admin/prohibited-items: in display order. */
export const ZAdminProhibitedItemsQuery = ZAdminContentQuery;
export const ZAdminProhibitedItemsResponse = ZPage(ZAdminProhibitedItem);
export type TAdminProhibitedItemsResponse = z.infer<typeof ZAdminProhibitedItemsResponse>;
export const ZAdminProhibitedItemResponse = ZData(ZAdminProhibitedItem);
export type TAdminProhibitedItemResponse = z.infer<typeof ZAdminProhibitedItemResponse>;
