import { z } from 'zod';
import { ZData, ZPage } from '../common/envelope';
import { ZRequiredText } from '../common/fields';
import { ZI18nText } from '../common/i18n';
import { CONTENT_LIMITS, ZAdminContentQuery, ZAdminItemMeta, ZHttpsUrl, ZI18nInput, ZImageRef, ZVersion } from './content';

const marketplaceFields = {
  /** The brand as it is written everywhere (Taobao, 1688); not translated. */
  name: ZRequiredText(CONTENT_LIMITS.name),
  description: ZI18nInput(CONTENT_LIMITS.summary),
  url: ZHttpsUrl,
  /** An image uploaded with `POST admin/uploads/marketplaces` (or the current one unchanged). */
  logo: ZImageRef,
};

/** POST admin/marketplaces (goes to the end of the list). */
export const ZAdminMarketplaceCreateRequest = z.strictObject(marketplaceFields);
export type TAdminMarketplaceCreateRequest = z.input<typeof ZAdminMarketplaceCreateRequest>;
/** PUT admin/marketplaces/{id}. */
export const ZAdminMarketplaceUpdateRequest = z.strictObject({ ...marketplaceFields, version: ZVersion });
export type TAdminMarketplaceUpdateRequest = z.input<typeof ZAdminMarketplaceUpdateRequest>;

export const ZAdminMarketplace = ZAdminItemMeta.extend({
  name: z.string(),
  description: ZI18nText,
  url: z.string(),
  logo: z.string(),
  position: z.number().int(),
  updated_at: z.string(),
});
export type TAdminMarketplace = z.infer<typeof ZAdminMarketplace>;

/** GET admin/marketplaces: in display order. */
export const ZAdminMarketplacesQuery = ZAdminContentQuery;
export const ZAdminMarketplacesResponse = ZPage(ZAdminMarketplace);
export type TAdminMarketplacesResponse = z.infer<typeof ZAdminMarketplacesResponse>;
export const ZAdminMarketplaceResponse = ZData(ZAdminMarketplace);
export type TAdminMarketplaceResponse = z.infer<typeof ZAdminMarketplaceResponse>;
